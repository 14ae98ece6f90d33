// The extension as the launchers load it: the dev build (extensionDevelopmentPath) or the packaged VSIX.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './tools';

const vsce = join(projectRoot, 'node_modules/.bin/vsce');

export function buildBundles(): void {
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: 'inherit' });
}

// What the VSIX may contain (vsce paths). Everything else (servers, tests, sources, node_modules) stays out. The
// docs pages and CONTRIBUTING ship because the README, which is the extension's page in VS Code, links to them.
export const shipped =
  /^(dist\/extension\.js|dist\/debug-adapter\.js|dist\/trace-worker\.js|dist\/enum-worker\.js|dist\/webview\/.+(?<!\.map)|media\/.+|docs\/[\w-]+\.md|package\.json|README\.md|CONTRIBUTING\.md|CHANGELOG\.md|LICENSE|NOTICE)$/;
// Runtime dependencies are bundled into dist/ by esbuild, so vsce must not collect node_modules.
const noDependencies = '--no-dependencies';

/**
 * Runs `vsce package` (its prepublish script makes the production build) into out/; returns the VSIX path. `quiet`
 * keeps vsce's file listing off the terminal (shown only when packaging fails), for launchers that print a URL.
 */
export function packageVsix({ quiet = false }: { quiet?: boolean } = {}): string {
  const { name, version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { name: string; version: string };
  mkdirSync(join(projectRoot, 'out'), { recursive: true });
  const vsix = join(projectRoot, 'out', `${name}-${version}.vsix`);
  // The README's relative links resolve inside the VSIX (media/ and docs/ are shipped), so they are not rewritten to
  // the repository's. package.json names the repository: vsce is not told to overlook a missing one.
  const packageFlags = ['--no-rewrite-relative-links'];
  try {
    execFileSync(vsce, ['package', noDependencies, ...packageFlags, '--out', vsix], {
      cwd: projectRoot,
      stdio: quiet ? 'pipe' : 'inherit',
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    if (quiet) process.stderr.write(`${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
    throw error;
  }
  const files = execFileSync(vsce, ['ls', noDependencies], { cwd: projectRoot, encoding: 'utf8' }).split('\n').filter(Boolean);
  const unexpected = files.filter((file) => !shipped.test(file));
  const problem = unexpected.length
    ? `the VSIX would ship files it must not (fix .vscodeignore): ${unexpected.join(', ')}`
    : ['dist/extension.js', 'dist/trace-worker.js', 'dist/enum-worker.js']
        .filter((file) => !files.includes(file))
        .map((file) => `the VSIX has no ${file}`)[0];
  if (problem) {
    rmSync(vsix, { force: true });
    throw new Error(problem);
  }
  return vsix;
}
