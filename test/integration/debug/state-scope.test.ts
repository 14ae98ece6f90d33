// Every state variable by name at every step, through the stdio adapter (DAP) on the shared-slots case (Router and
// Ledger both use slots 0 and 1, storage not fetched): the mirror's state before the transaction (its /state) fills
// what the trace has not touched yet, each value carries its value before and the changed marks, and Evaluate reads
// the value at the step; without /state (an unknown mirror route) the scope says so in one line and shows the trace.
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { launchAndStop } from '../helpers/debug-launch';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';

const ADAPTER = 'dist/debug-adapter.js';

describe('debug adapter: whole state by name at every step (shared-slots)', function () {
  this.timeout(180_000);
  let ref: ReferenceMirror;
  let ws: string;
  let dc: DebugClient;
  before(async () => {
    [ref, ws] = await Promise.all([startReference('post-op'), sampleWorkspace()]);
  });
  after(() => ref?.close());
  beforeEach(async () => {
    dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
    await dc.start();
  });
  afterEach(() => dc.stop());

  const router = () => join(ws, 'contracts', 'Router.sol');
  async function lineOf(needle: string): Promise<number> {
    const text = await readFile(router(), 'utf8');
    assert.ok(text.includes(needle), needle);
    return text.slice(0, text.indexOf(needle)).split('\n').length;
  }

  /** Stops at `needle` in Router.sol; the Storage scope's variables (name → [value, type]) of the top frame. */
  async function storageAt(needle: string, mirrorUrl = ref.mirror.url) {
    const line = await lineOf(needle);
    const found = ref.info('shared-slots');
    await launchAndStop(dc, { transaction: found.transactionId, mirrorUrl, buildOutput: ws, stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: router() }, breakpoints: [{ line }] }),
    );
    const [top] = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
    const scopes = (await dc.scopesRequest({ frameId: top.id })).body.scopes;
    const storage = scopes.find((s) => s.name === 'Storage')!;
    const vars: DebugProtocol.Variable[] = (await dc.variablesRequest({ variablesReference: storage.variablesReference })).body.variables;
    const evaluate = async (expression: string) =>
      (await dc.evaluateRequest({ expression, context: 'watch', frameId: top.id })).body.result;
    return { vars: new Map(vars.map((v) => [v.name, [v.value, v.type ?? '']] as const)), evaluate, frame: top.name };
  }

  it("shows Router's variables before its first write, with the mirror's state before the transaction", async () => {
    const { vars, evaluate, frame } = await storageAt('routed += 1;');
    assert.equal(frame, 'Router.route');
    // Nothing of Router is read yet at the function's first statement: both values are the mirror's.
    assert.deepEqual(vars.get('routed'), ['0', 'uint256 · before: 0']);
    assert.match(vars.get('ledger')?.[0] ?? '', /^0x0{24}[0-9a-f]{16} \(0\.0\.\d+\)$/);
    assert.match(vars.get('ledger')?.[1] ?? '', /^contract Ledger · before: 0x/);
    assert.equal(await evaluate('routed'), '0');
  });

  it("shows Ledger's own slots 0 and 1 (not Router's) inside the call, with `limit` it never writes", async () => {
    const text = await readFile(router(), 'utf8');
    assert.ok(text.includes('total += amount;'));
    const { vars, evaluate, frame } = await storageAt('total += amount;');
    assert.equal(frame, 'Ledger.deposit');
    assert.deepEqual(vars.get('total'), ['0', 'uint256 · before: 0']);
    assert.deepEqual(vars.get('limit'), ['1000000', 'uint256 · before: 1000000']);
    assert.equal(await evaluate('limit'), '1000000');
  });

  it('marks a value changed in the transaction and at the step where it is written', async () => {
    const { vars } = await storageAt('return ledger.deposit(msg.sender, amount) + routed;');
    assert.deepEqual(vars.get('routed'), ['1', 'uint256 · before: 0 · changed in this transaction']);
  });

  it('falls back to /prestate where the mirror has no /state, saying so once, and to the trace alone without either', async () => {
    const partial = await storageAt('routed += 1;', `${ref.mirror.url}/modes/state-missing`);
    assert.match(
      partial.vars.get('(state before)')?.[0] ?? '',
      /^The mirror answered 404 to \/state of 0x[0-9a-f]{40}\. .* come from \/prestate\.$/,
    );
    assert.deepEqual(partial.vars.get('routed'), ['0', 'uint256 · before: 0']);
    await dc.stop();
    dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
    await dc.start();
    const none = await storageAt('return ledger.deposit(msg.sender, amount) + routed;', `${ref.mirror.url}/modes/no-state`);
    assert.match(none.vars.get('(state before)')?.[0] ?? '', /has no \/prestate endpoint \(404\)/);
    assert.equal(none.vars.get('routed')?.[0], '1');
    assert.match(none.vars.get('routed')?.[1] ?? '', /^uint256 · before: unknown$/);
  });
});
