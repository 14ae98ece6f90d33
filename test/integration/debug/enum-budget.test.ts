// The debugger on build output whose enum-defining source the Solidity parser must not read (an expression nested
// hundreds deep next to the enum a trace uses): the session goes on with enum values as numbers, and the debug
// console says which names were left out and why.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { launchAndStop } from '../helpers/debug-launch';
import { copySources, sampleBuildInfo, tempDirs, writeJson } from '../helpers/layouts';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';

describe('debug adapter: enum names out of budget', function () {
  this.timeout(180_000);
  const dirs = tempDirs('ledger-enum-budget-');
  let ref: ReferenceMirror;
  let dc: DebugClient;

  before(async () => {
    ref = await startReference('post-op');
  });
  after(async () => {
    await ref?.close();
    await dirs.remove();
  });
  beforeEach(async () => {
    dc = new DebugClient('node', 'dist/debug-adapter.js', 'ledger-mirror');
    await dc.start();
  });
  afterEach(() => dc.stop());

  it('says in the debug console that enum names were left out, and still stops', async () => {
    const build = await sampleBuildInfo();
    const orders = Object.keys(build.input.sources).find((name) => name.endsWith('Orders.sol'));
    assert.ok(orders, 'the sample compiles Orders.sol');
    const source = build.input.sources[orders] as { content: string };
    source.content += `\nfunction hostile() pure returns (uint) { return ${'('.repeat(300)}1${')'.repeat(300)}; }\n`;
    const dir = await dirs.make();
    await copySources(dir);
    await writeJson(join(dir, 'artifacts/build-info/hostile.json'), build);
    const output: string[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => output.push(e.body.output));
    const stopped = await launchAndStop(dc, {
      transaction: ref.info('enum-state').transactionId,
      mirrorUrl: ref.mirror.url,
      buildOutput: dir,
      stopOnEntry: false,
    });
    assert.ok(stopped.body.reason);
    assert.ok(
      output.some((line) => /Enum names left out: .*Orders\.sol nests expressions deeper than 32 parentheses/.test(line)),
      `the console names the left-out enums: ${output.join('')}`,
    );
  });
});
