// Starts code-server (the real VS Code server + workbench) on a free loopback port with a fresh, quiet profile.
import { execFile } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startProcess } from './processes';
import { codeServerEnv, type Tools } from './tools';

/** A fresh code-server profile: user data, extensions and temp files, all inside `dir`. */
export interface Profile {
  dir: string;
  userDataDir: string;
  extensionsDir: string;
  tmpDir: string;
}

export function createProfile(dir: string): Profile {
  const profile = { dir, userDataDir: join(dir, 'user-data'), extensionsDir: join(dir, 'extensions'), tmpDir: join(dir, 'tmp') };
  mkdirSync(join(profile.userDataDir, 'User'), { recursive: true });
  mkdirSync(profile.tmpDir, { recursive: true });
  // No welcome page, chat panel, update checks or telemetry: deterministic screens and no network attempts.
  const settings = {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'update.mode': 'none',
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
  };
  writeFileSync(join(profile.userDataDir, 'User/settings.json'), JSON.stringify(settings, null, 2));
  return profile;
}

function profileArgs(profile: Profile): string[] {
  return ['--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir];
}

/** Installs a VSIX into the profile (code-server's own CLI, offline). */
export async function installVsix(tools: Tools, profile: Profile, vsix: string): Promise<void> {
  await promisify(execFile)(tools.codeServer, [...profileArgs(profile), '--install-extension', vsix, '--force'], {
    env: codeServerEnv(tools, profile.tmpDir),
  }).catch((error: { stderr?: string; stdout?: string; message: string }) => {
    throw new Error(`code-server --install-extension ${vsix} failed: ${(error.stderr || error.stdout || error.message).trim()}`);
  });
}

export interface CodeServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  logFile: string;
  /** Resolves when code-server exits, with its exit code. */
  exited: Promise<number | null>;
}

export interface CodeServerOptions {
  profile: Profile;
  logFile: string;
  /**
   * Needed for extension tests: VS Code 1.139's built workbench ignores the URL payload's
   * extensionDevelopmentPath/extensionTestsPath without it. It also suppresses notification toasts, so UI
   * scenarios run without it.
   */
  smokeTestDriver?: boolean;
}

const listening = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/;

export async function startCodeServer(tools: Tools, options: CodeServerOptions): Promise<CodeServer> {
  const { profile, logFile } = options;
  const args = [
    '--bind-addr',
    '127.0.0.1:0',
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    // extension hosts of closed browser pages go away after 5 s instead of 3 h
    '--reconnection-grace-time',
    '5',
    ...profileArgs(profile),
    ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
  ];
  const log = createWriteStream(logFile);
  const child = startProcess(tools.codeServer, args, { env: codeServerEnv(tools, profile.tmpDir), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const tail = (): string => readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n');

  // code-server prints this line once its HTTP server accepts connections (port 0 → it picked a free port).
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`code-server did not start within 60 s (log: ${logFile})`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = listening.exec((seen += chunk.toString()));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (${code}) before listening:\n${tail()}`));
    });
  });
  return { url, logFile, exited };
}

/**
 * The workbench URL of `serverUrl` for a folder. `payload` entries are the workbench's own development options
 * (extensionDevelopmentPath, extensionTestsPath, extensionEnvironment); paths are on the server.
 */
export function workbenchUrl(serverUrl: string, folder: string, payload: Array<[string, string]> = []): string {
  const url = new URL(serverUrl);
  url.searchParams.set('folder', folder);
  if (payload.length) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}

/** A server-side path as the remote URI the workbench payload expects. */
export function remoteUri(serverUrl: string, path: string): string {
  return `vscode-remote://${new URL(serverUrl).host}${path}`;
}
