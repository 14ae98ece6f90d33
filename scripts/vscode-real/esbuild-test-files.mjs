// esbuild plugin: the virtual module `virtual:vscode-test-files` lists every `*.test.ts` under a folder as a lazy
// import. esbuild bundles statically, so this is how the in-VS-Code runner (test/vscode/index.ts) picks up new
// test files without being edited. Each file loads only when the runner has set up mocha's globals for it.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const MODULE = 'virtual:vscode-test-files';

export function vscodeTestFiles(folder) {
  const dir = resolve(folder);
  return {
    name: 'vscode-test-files',
    setup(build) {
      build.onResolve({ filter: /^virtual:vscode-test-files$/ }, () => ({ path: MODULE, namespace: 'vscode-test-files' }));
      build.onLoad({ filter: /.*/, namespace: 'vscode-test-files' }, () => {
        const files = readdirSync(dir, { recursive: true })
          .map((f) => String(f).split('\\').join('/'))
          .filter((f) => f.endsWith('.test.ts') && !f.startsWith('workspace/'))
          .sort();
        const entries = files.map((f) => `  { file: ${JSON.stringify(f)}, load: () => import(${JSON.stringify(`./${f}`)}) },`);
        return { contents: `export default [\n${entries.join('\n')}\n];\n`, resolveDir: dir, loader: 'js', watchDirs: [dir] };
      });
    },
  };
}
