// Where the tools installed by install.sh live, and the environment code-server runs in.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = join(projectRoot, '.cache/vscode-real');
const installer = join(projectRoot, 'scripts/vscode-real/install.sh');

export interface Tools {
  /** Node 24 from npm: code-server 4.139 needs it. */
  node: string;
  codeServer: string;
  codeServerVersion: string;
  chromium: string;
}

function readTools(): Tools | undefined {
  const file = join(cacheDir, 'paths.json');
  if (!existsSync(file)) return undefined;
  const tools = JSON.parse(readFileSync(file, 'utf8')) as Tools;
  return [tools.node, tools.codeServer, tools.chromium].every((p) => existsSync(p)) ? tools : undefined;
}

/** The installed tools; runs the (idempotent) installer first when they are missing. */
export function ensureTools(): Tools {
  const installed = readTools();
  if (installed) return installed;
  execFileSync('bash', [installer], { stdio: 'inherit' });
  const tools = readTools();
  if (!tools) throw new Error(`${installer} finished but ${cacheDir}/paths.json lists missing files`);
  return tools;
}

/**
 * Environment for code-server: Node 24 first in PATH, its config/data under the cache (not in $HOME), temp files
 * in `tmpDir`, and no PORT (code-server's PORT overrides --bind-addr).
 */
export function codeServerEnv(tools: Tools, tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${dirname(tools.node)}:${process.env.PATH ?? ''}`,
    XDG_CONFIG_HOME: join(cacheDir, 'xdg-config'),
    XDG_DATA_HOME: join(cacheDir, 'xdg-data'),
    XDG_CACHE_HOME: join(cacheDir, 'xdg-cache'),
    NODE_COMPILE_CACHE: join(cacheDir, 'node-compile-cache'),
    TMPDIR: tmpDir,
  };
  delete env.PORT;
  return env;
}
