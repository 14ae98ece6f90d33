// Frames a developer recognises, through the stdio adapter (DAP), on the reference mirror's Guarded.sol traces:
// modifiers as frames of their own with their arguments and locals, Step Out of a modifier, a constructor's frame with
// its arguments (from the end of the init code) and locals, and Foundry build output without build info.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { launchAndStop, scopeValues } from '../helpers/debug-launch';
import { copySources, sampleBuildInfo, tempDirs, writeFoundry } from '../helpers/layouts';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';

const ADAPTER = 'dist/debug-adapter.js';
/** keccak256("KEEPER"), the role `raise` passes to onlyRole and `spawn` to Spawned's constructor. */
const KEEPER = '0x71a9859d7dd21b24504a6f306077ffc2d510b4d4b61128e931fe937441ad1836';

describe('debug adapter: modifier and constructor frames (Guarded.sol)', function () {
  this.timeout(180_000);
  let ref: ReferenceMirror;
  let ws: string;
  let dc: DebugClient;
  const temp = tempDirs('ledger-frames-');

  before(async function () {
    assert.ok(existsSync(ADAPTER), `${ADAPTER} is missing: run \`npm run build\` first`);
    [ref, ws] = await Promise.all([startReference('post-op'), sampleWorkspace()]);
  });
  after(async () => {
    await ref?.close();
    await temp.remove();
  });
  beforeEach(async () => {
    dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
    await dc.start();
  });
  afterEach(() => dc.stop());

  const source = (root = ws) => join(root, 'contracts', 'Guarded.sol');
  /** 1-based line of `needle` (the first after `after`) in Guarded.sol. */
  async function lineOf(needle: string, after = ''): Promise<number> {
    const text = await readFile(source(), 'utf8');
    const at = text.indexOf(needle, text.indexOf(after));
    assert.ok(at >= 0, `${needle} not in Guarded.sol`);
    return text.slice(0, at).split('\n').length;
  }

  /** Launches on a Guarded case and runs to a breakpoint on `line`; resolves with the call stack there. */
  async function stopAt(name: string, line: number, buildOutput = ws): Promise<DebugProtocol.StackFrame[]> {
    const found = ref.provider.cases.find((c) => c.name === name);
    assert.ok(found, `no reference case ${name}`);
    const stopped = await launchAndStop(
      dc,
      { transaction: found.transactionId, mirrorUrl: ref.mirror.url, buildOutput, stopOnEntry: false, memory: true },
      () => dc.setBreakpointsRequest({ source: { path: source(buildOutput) }, breakpoints: [{ line }] }),
    );
    assert.equal(stopped.body.reason, 'breakpoint');
    return stack();
  }

  async function stack(): Promise<DebugProtocol.StackFrame[]> {
    return (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
  }

  const scope = (frameId: number, name: string) => scopeValues(dc, frameId, name);

  const shape = (frames: DebugProtocol.StackFrame[]) => frames.map((f) => [f.name, f.line]);

  it('a running modifier is a frame of its own above the function, with its arguments and locals; the one before it waits at its `_`', async () => {
    const seen = await lineOf('emit U("seen", seen)');
    const [top, waiting, fn] = await stopAt('locals-modifiers', seen);
    assert.deepEqual(shape([top, waiting, fn]), [
      ['whenAbove(uint256)', seen],
      ['onlyRole(bytes32)', await lineOf('_;')],
      // The function at the header that invokes the modifier.
      ['Guarded.raise', await lineOf('function raise')],
    ]);
    assert.equal(fn.column, (await readFile(source(), 'utf8')).split('\n')[fn.line - 1].indexOf('whenAbove(by / 2)') + 1);
    // raise(6): whenAbove(by / 2) gets 3; level is 10, so seen = 11.
    assert.deepEqual(await scope(top.id, 'Arguments'), { min: '3' });
    assert.deepEqual(await scope(top.id, 'Locals'), { seen: '11' });
    assert.deepEqual(await scope(waiting.id, 'Arguments'), { role: KEEPER });
    assert.deepEqual(await scope(fn.id, 'Arguments'), { by: '6' });
    // The body has not started: only the return variable.
    assert.deepEqual(await scope(fn.id, 'Locals'), { next: '0' });
    const names = (await dc.scopesRequest({ frameId: top.id })).body.scopes.map((s) => s.name);
    assert.ok(names.includes('Globals') && !names.includes('Return'), names.join(', '));
    // Hover and Watch in the modifier's frame read its argument.
    assert.equal((await dc.evaluateRequest({ expression: 'min', frameId: top.id, context: 'hover' })).body.result, '3');
  });

  it('while the body runs the function is on top and each modifier waits under it at its `_`, outermost lowest', async () => {
    const next = await lineOf('emit U("next", next)');
    const frames = await stopAt('locals-modifiers', next);
    assert.deepEqual(shape(frames.slice(0, 3)), [
      ['Guarded.raise', next],
      ['whenAbove(uint256)', await lineOf('_;', 'modifier whenAbove')],
      ['onlyRole(bytes32)', await lineOf('_;')],
    ]);
    assert.equal(frames.length, 3);
    assert.deepEqual(await scope(frames[0].id, 'Locals'), { next: '16' });
    assert.deepEqual(await scope(frames[1].id, 'Locals'), { seen: '11' });
    assert.deepEqual(await scope(frames[1].id, 'Arguments'), { min: '3' });
  });

  it("after the body, the modifier's code after its `_` is on top again, with the locals it declares there", async () => {
    const rise = await lineOf('emit U("rise", rise)');
    const [top, waiting, fn] = await stopAt('locals-modifiers', rise);
    assert.deepEqual(shape([top, waiting]), [
      ['whenAbove(uint256)', rise],
      ['onlyRole(bytes32)', await lineOf('_;')],
    ]);
    assert.deepEqual(await scope(top.id, 'Locals'), { seen: '11', rise: '5' });
    assert.deepEqual(await scope(fn.id, 'Locals'), { next: '16' });
  });

  it("Step Out of a modifier's frame goes on to the function it guards, not out of it", async () => {
    const role = await lineOf('emit Id("role", role)');
    const [top] = await stopAt('locals-modifiers', role);
    assert.equal(top.name, 'onlyRole(bytes32)');
    const stopped = dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
    await dc.stepOutRequest({ threadId: 1 });
    assert.equal((await stopped).body.reason, 'step');
    const frames = await stack();
    assert.deepEqual(shape(frames.slice(0, 1)), [['Guarded.raise', await lineOf('next = level + by')]]);
  });

  it("a revert in a modifier stops in the modifier's frame, and the exception widget names it", async () => {
    const found = ref.provider.cases.find((c) => c.name === 'modifier-revert')!;
    const stopped = await launchAndStop(dc, {
      transaction: found.transactionId,
      mirrorUrl: ref.mirror.url,
      buildOutput: ws,
      stopOnEntry: false,
    });
    assert.equal(stopped.body.reason, 'exception');
    const require = await lineOf('require(seen > min');
    const frames = await stack();
    assert.deepEqual(shape(frames), [
      ['whenAbove(uint256)', require],
      ['onlyRole(bytes32)', await lineOf('_;')],
      ['Guarded.raise', await lineOf('function raise')],
    ]);
    // raise(100): whenAbove(50) finds seen = 11.
    assert.deepEqual(await scope(frames[0].id, 'Arguments'), { min: '50' });
    const info = (await dc.customRequest('exceptionInfo', { threadId: 1 })).body as DebugProtocol.ExceptionInfoResponse['body'];
    assert.match(info.details?.message ?? '', new RegExp(`^whenAbove\\(uint256\\) \\(Guarded\\.sol:${require}\\) reverted: .*too low`));
    assert.deepEqual(
      (info.details?.stackTrace ?? '').split('\n').map((l) => l.replace(/ \(.*\)$/, '')),
      ['at whenAbove(uint256)', 'at onlyRole(bytes32)', 'at Guarded.raise'],
    );
  });

  it("a constructor's frame has its arguments, from the end of the init code, and its locals", async () => {
    const mixed = await lineOf('emit Id("mixed", mixed)');
    const [ctor, caller] = await stopAt('locals-constructor', mixed);
    assert.deepEqual(shape([ctor, caller]), [
      ['Spawned.constructor', mixed],
      ['Guarded.spawn', await lineOf('return address(new Spawned')],
    ]);
    assert.deepEqual(await scope(ctor.id, 'Arguments'), { start: '21', tag: KEEPER });
    const locals = await scope(ctor.id, 'Locals');
    assert.deepEqual(Object.keys(locals), ['doubled', 'mixed']);
    assert.equal(locals.doubled, '42');
    const names = (await dc.scopesRequest({ frameId: ctor.id })).body.scopes.map((s) => s.name);
    assert.ok(!names.includes('Return'), 'a constructor returns no values');
  });

  describe('Foundry build output without build info', () => {
    it("says in the Locals scope how to get the AST when the artifacts have none (Foundry's default)", async () => {
      const foundry = await temp.make();
      await copySources(foundry);
      await writeFoundry(foundry, await sampleBuildInfo(), { buildInfo: 'none' });
      const [top] = await stopAt('locals-modifiers', await lineOf('emit U("next", next)'), foundry);
      assert.equal(top.name, 'Guarded.raise', 'the artifacts still map the code');
      const locals = await scope(top.id, 'Locals');
      assert.deepEqual(Object.keys(locals), ['(none)']);
      assert.match(locals['(none)'], /Foundry's out\/ artifacts hold no AST.*`ast = true` in foundry\.toml/);
    });

    it('reads the locals and modifier frames from artifacts written with `ast = true`', async () => {
      const foundry = await temp.make();
      await copySources(foundry);
      await writeFoundry(foundry, await sampleBuildInfo(), { buildInfo: 'minimal', ast: true });
      const frames = await stopAt('locals-modifiers', await lineOf('emit U("next", next)'), foundry);
      assert.deepEqual(
        frames.map((f) => f.name),
        ['Guarded.raise', 'whenAbove(uint256)', 'onlyRole(bytes32)'],
      );
      assert.deepEqual(await scope(frames[0].id, 'Locals'), { next: '16' });
      assert.deepEqual(await scope(frames[1].id, 'Arguments'), { min: '3' });
    });
  });
});
