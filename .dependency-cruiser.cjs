/** The project's layers (CONTRIBUTING.md, Architecture) and no import cycles, checked by `npm run lint`. */
const layer = (from, to, comment) => ({
  name: `${from}-not-${to}`.replace(/[^a-z-]/g, ''),
  comment,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: { path: `^src/${to}/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import cycle ties modules that should change apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing',
      comment: 'src/shared is the floor: the vocabulary and the host<->webview protocol; it imports nothing of the project.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src|servers|test|scripts|bench)/', pathNot: '^src/shared/' },
    },
    {
      name: 'webview-imports-only-shared',
      comment: 'The browser bundle speaks to the host through the protocol alone.',
      severity: 'error',
      from: { path: '^src/webview/' },
      to: { path: '^(src|servers)/', pathNot: '^src/(shared|webview)/' },
    },
    {
      name: 'src-imports-no-tooling',
      comment: 'The product ships alone: src/ never imports the reference servers, tests, benchmarks or scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(servers|test|bench|scripts)/' },
    },
    {
      name: 'servers-import-only-core-shared',
      comment: "The reference servers reuse the product's parsing (src/core, src/shared), never its hosts, nor the tests.",
      severity: 'error',
      from: { path: '^servers/' },
      to: { path: '^(src|test|bench|scripts)/', pathNot: '^src/(core|shared)/' },
    },
    layer('core', 'extension', 'core runs in mocha and the CLI: no VS Code layer.'),
    layer('core', 'debug', 'core is below the debug adapter.'),
    layer('core', 'cli', 'core is below the CLI.'),
    layer('core', 'webview', 'core is below the webview.'),
    layer('debug', 'extension', 'The adapter runs over stdio without VS Code.'),
    layer('debug', 'cli', 'The adapter does not depend on the CLI.'),
    layer('debug', 'webview', 'The adapter does not depend on the webview.'),
    layer('cli', 'extension', 'The CLI runs without VS Code.'),
    layer('cli', 'webview', 'The CLI does not depend on the webview.'),
    layer('extension', 'cli', 'The extension does not depend on the CLI.'),
    {
      name: 'no-vscode-outside-extension',
      comment: 'Only src/extension may import vscode.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/extension/' },
      to: { path: '^vscode$', dependencyTypes: ['core', 'npm', 'unknown', 'undetermined', 'npm-no-pkg'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // esbuild.mjs imports the package it is named after, which the resolver would take for the file itself.
    exclude: { path: '(^|/)(dist|node_modules|\\.cache)/|^esbuild\\.mjs$' },
  },
};
