// `npm run package`: out/ledger-mirror-<version>.vsix (production build by vsce's prepublish script). Fails when
// the VSIX would ship anything besides dist/extension.js, dist/trace-worker.js, dist/enum-worker.js, dist/webview/**,
// media/**, docs/*.md, package.json, README, CONTRIBUTING, CHANGELOG, LICENSE and NOTICE.
import { require as load } from 'tsx/cjs/api';

const { runMain } = load('./vscode-real/processes.ts', import.meta.url);
const { packageVsix } = load('./vscode-real/build.ts', import.meta.url);

runMain('package', async () => {
  console.log(`VSIX: ${packageVsix()}`);
  return 0;
});
