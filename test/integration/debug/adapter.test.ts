// The stdio debug adapter (`node dist/debug-adapter.js`) driven over DAP by @vscode/debugadapter-testsupport, on
// real reference-mirror traces (solc + @ethereumjs/vm over loopback) and the sample workspace's build output.
// Expected steps come from the source-stepping core (TraceSources), not from the adapter's own index.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { SourceFiles } from '../../../src/core/sourcemap/source-files';
import { TraceSources } from '../../../src/core/sourcemap/trace-sources';
import { discoverArtifacts } from '../../../src/core/sourcemap/discover';
import { ArtifactIndex } from '../../../src/core/sourcemap/match';
import type { Trace } from '../../../src/shared/trace-model';
import { stackWordValue } from '../../../src/shared/stack-words';
import { depthBomb } from '../../helpers/hostile-traces';
import { copySources, sampleBuildInfo, tempDirs, writeFoundry } from '../helpers/layouts';
import { launchAndStop, scopeValues } from '../helpers/debug-launch';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, TRUNCATE_AT, type CaseName, type ReferenceMirror } from '../helpers/reference-mirror';

const ADAPTER = 'dist/debug-adapter.js';
const STACK_ONLY = { stack: true, memory: false, storage: false };

describe('debug adapter over stdio (reference mirror traces)', function () {
  this.timeout(180_000);
  let ref: ReferenceMirror;
  let long: ReferenceMirror;
  let pre: ReferenceMirror;
  let ws: string;
  let dc: DebugClient;

  before(async function () {
    assert.ok(existsSync(ADAPTER), `${ADAPTER} is missing: run \`npm run build\` first`);
    [ref, long, pre, ws] = await Promise.all([
      startReference('post-op'),
      startReference('long'),
      startReference('pre-op'),
      sampleWorkspace(),
    ]);
  });
  after(async () => {
    await ref?.close();
    await long?.close();
    await pre?.close();
  });
  beforeEach(async () => {
    dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
    await dc.start();
  });
  afterEach(() => dc.stop());

  /** 1-based line of `needle` in a sample contract. */
  async function lineOf(file: string, needle: string): Promise<number> {
    const text = await readFile(join(ws, 'contracts', file), 'utf8');
    const at = text.indexOf(needle);
    assert.ok(at >= 0, `${needle} not in ${file}`);
    return text.slice(0, at).split('\n').length;
  }
  const pathOf = (file: string) => join(ws, 'contracts', file);

  /** Launches on a case; `configure` runs between `initialized` and configurationDone. Resolves with the first stop. */
  function launch(
    name: CaseName,
    extra: Record<string, unknown> = {},
    configure?: () => Promise<unknown>,
    mirror = ref,
  ): Promise<DebugProtocol.StoppedEvent> {
    return launchAndStop(
      dc,
      { transaction: mirror.info(name).transactionId, mirrorUrl: mirror.mirror.url, buildOutput: ws, ...extra },
      configure,
    );
  }

  async function stack(): Promise<DebugProtocol.StackFrame[]> {
    return (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
  }

  async function evaluate(expression: string, frameId?: number): Promise<string> {
    return (await dc.evaluateRequest({ expression, frameId, context: 'watch' })).body.result;
  }

  /** The step the adapter is on, through the expression language. */
  async function currentStep(): Promise<number> {
    return Number(/\((\d+)\)$/.exec(await evaluate('step'))![1]);
  }

  async function move(request: () => Promise<unknown>): Promise<DebugProtocol.StoppedEvent> {
    const stopped = dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
    await request();
    return stopped;
  }

  const scopeOf = (frameId: number, name: string) => scopeValues(dc, frameId, name);
  const argumentsOf = (frameId: number) => scopeOf(frameId, 'Arguments');
  async function variablesOf(frameId: number, name: string): Promise<DebugProtocol.Variable[]> {
    const scope = (await dc.scopesRequest({ frameId })).body.scopes.find((s) => s.name === name);
    assert.ok(scope, `no ${name} scope`);
    return (await dc.variablesRequest({ variablesReference: scope.variablesReference })).body.variables;
  }

  /** A scope's variables with what each opens into (one level), as `name` → value or `name` → { child → value }. */
  async function scopeTree(frameId: number, name: string): Promise<Record<string, string | Record<string, string>>> {
    const scope = (await dc.scopesRequest({ frameId })).body.scopes.find((s) => s.name === name);
    assert.ok(scope, `no ${name} scope`);
    const vars = (await dc.variablesRequest({ variablesReference: scope.variablesReference })).body.variables;
    const out: Record<string, string | Record<string, string>> = {};
    for (const v of vars) {
      if (!v.variablesReference) out[v.name] = v.value;
      else
        out[v.name] = Object.fromEntries(
          (await dc.variablesRequest({ variablesReference: v.variablesReference })).body.variables.map((c) => [c.name, c.value]),
        );
    }
    return out;
  }

  /** Steps whose Solidity line (1-based) is `line` of `file`, by the core's own source mapping. */
  async function stepsOnLine(trace: Trace, file: string, line: number): Promise<number[]> {
    const { artifacts } = await discoverArtifacts(ws);
    const sources = new TraceSources(trace, new ArtifactIndex(artifacts), new SourceFiles(), undefined);
    const out: number[] = [];
    for (let s = 0; s < trace.length; s++) {
      const at = await sources.locate(s);
      if (at.kind === 'source' && at.location.startLine + 1 === line && at.location.sourceName === `contracts/${file}`) out.push(s);
    }
    return out;
  }

  it('stops at a Solidity line breakpoint on the first step of that line, with named frames and decoded arguments', async () => {
    const line = await lineOf('Callee.sol', 'require(amount == 0');
    const stopped = await launch('revert-error', { stopOnEntry: false }, async () => {
      const set = await dc.setBreakpointsRequest({ source: { path: pathOf('Callee.sol') }, breakpoints: [{ line }, { line: 1 }] });
      assert.deepEqual(
        set.body.breakpoints.map((b) => b.verified),
        [true, false],
        'the pragma line has no code',
      );
    });
    assert.equal(stopped.body.reason, 'breakpoint');
    const frames = await stack();
    assert.deepEqual(
      frames.map((f) => f.name),
      ['Callee.check', 'Caller.callCheck'],
    );
    assert.equal(frames[0].line, line);
    assert.equal(frames[0].source?.path, pathOf('Callee.sol'));
    assert.equal(frames[1].line, await lineOf('Caller.sol', 'return callee.check(amount)'));
    const [first] = await stepsOnLine(await ref.fetch('revert-error', STACK_ONLY), 'Callee.sol', line);
    assert.equal(await currentStep(), first);
    assert.deepEqual(await argumentsOf(frames[0].id), { amount: '7' });
    assert.deepEqual(await argumentsOf(frames[1].id), { amount: '7' });
    assert.equal(await evaluate('amount', frames[0].id), '7', 'hover/watch on an argument name');
  });

  it('labels a DELEGATECALL frame with the implementation and the proxy it runs for', async () => {
    const line = await lineOf('MathLib.sol', 'return a * b + c;');
    await launch('delegatecall', { stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: pathOf('MathLib.sol') }, breakpoints: [{ line }] }),
    );
    const [inner, outer] = await stack();
    assert.match(inner.name, /mulAdd.* for proxy 0x0+3f1 \(0\.0\.1009\)$/);
    assert.doesNotMatch(outer.name, /for proxy/);
  });

  it('decodes several arguments in order', async () => {
    await launch('success');
    const [top] = await stack();
    assert.equal(top.name, 'Calculator.add');
    assert.deepEqual(await argumentsOf(top.id), { a: '2', b: '3' });
  });

  it('launches on a HashScan transaction URL, read as the trace command reads it', async () => {
    const url = `https://hashscan.io/testnet/transaction/1700000000.000000001?tid=${ref.info('success').transactionId}`;
    await launch('success', { transaction: url });
    const [top] = await stack();
    assert.equal(top.name, 'Calculator.add');
  });

  it("reads the tracer's short stack items (PUSH2 labels, PUSH4 selectors) as 256-bit words: arguments, the Stack scope, expressions", async () => {
    await launch('success');
    const [top] = await stack();
    const items = (await ref.fetch('success', STACK_ONLY)).detail(await currentStep()).stack!;
    const short = items.filter((item) => item.length < 66);
    assert.ok(
      short.length > 0 && short.every((item) => /^0x[0-9a-f]{0,63}$/.test(item)),
      `short items as the mirror sends them: ${items.join(' ')}`,
    );
    assert.deepEqual(await argumentsOf(top.id), { a: '2', b: '3' });
    const shown = await scopeOf(top.id, 'Stack');
    for (const [i, item] of items.entries()) {
      const value = stackWordValue(item);
      const name = `stack[${i - items.length}]`;
      assert.equal(shown[name], `0x${value.toString(16)}`, name);
      assert.equal(await evaluate(name), `0x${value.toString(16)} (${value})`, name);
    }
  });

  it('stops on a revert (the Revert exception filter is on by default) with the reason', async () => {
    const stopped = await launch('revert-error', { stopOnEntry: false });
    assert.equal(stopped.body.reason, 'exception');
    assert.equal(stopped.body.text, 'Callee: amount must be zero');
    const [top] = await stack();
    assert.equal(top.name, 'Callee.check');
    assert.equal(top.line, await lineOf('Callee.sol', 'require(amount == 0'));
    const again = await move(() => dc.continueRequest({ threadId: 1 }));
    assert.equal(again.body.reason, 'exception', 'the caller re-reverts with the same data');
    assert.equal((await stack())[0].name, 'Caller.callCheck');
  });

  it("names a custom error in the stop and the exception widget (the trace panel's decoder), with its selector and the frame that raised it", async () => {
    const stopped = await launch('custom-error', { stopOnEntry: false });
    assert.equal(stopped.body.reason, 'exception');
    assert.equal(stopped.body.text, 'InsufficientBalance(available: 5, required: 100)');
    const info = (await dc.customRequest('exceptionInfo', { threadId: 1 })).body as DebugProtocol.ExceptionInfoResponse['body'];
    assert.equal(info.exceptionId, 'InsufficientBalance(uint256,uint256) (selector 0xcf479181)');
    assert.equal(info.description, stopped.body.text);
    assert.equal(info.breakMode, 'always');
    assert.equal(info.details?.typeName, 'InsufficientBalance(uint256,uint256)');
    const line = await lineOf('Vault.sol', 'revert InsufficientBalance');
    assert.equal(
      info.details?.message,
      `Vault.withdraw (Vault.sol:${line}) reverted: InsufficientBalance(available: 5, required: 100) (selector 0xcf479181)`,
    );
    assert.match(info.details?.stackTrace ?? '', /^at Vault\.withdraw \(contracts\/Vault\.sol:\d+\)$/);
  });

  it('an unknown name is an error that says so in every context, never its own text', async () => {
    await launch('revert-error', { stopOnEntry: false });
    for (const context of ['watch', 'repl', 'hover']) {
      await assert.rejects(
        dc.evaluateRequest({ expression: 'notAVariable', context }),
        /"notAVariable" is not a name the debugger knows here/,
      );
    }
    assert.equal(await evaluate('op == REVERT'), '0x1 (1)', 'opcode names in capitals still read as opcodes');
  });

  it('ends its process after answering disconnect while stdin stays open (nvim-dap waits for the exit)', async function () {
    this.timeout(30_000);
    const child = spawn(process.execPath, [ADAPTER], { stdio: ['pipe', 'pipe', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const send = (seq: number, command: string, args: object) => {
      const body = JSON.stringify({ seq, type: 'request', command, arguments: args });
      child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    send(1, 'initialize', { adapterID: 'ledger-mirror' });
    send(2, 'disconnect', {});
    assert.equal(await exited, 0);
    assert.match(out, /"command":"disconnect"/, 'disconnect was answered before the exit');
    child.stdin.destroy();
  });

  /** The case's contract result, as the reference mirror's REST API serves it. */
  async function contractResult(name: CaseName): Promise<Record<string, string | number>> {
    const response = await fetch(`${ref.mirror.url}/api/v1/contracts/results/${ref.info(name).transactionId}`);
    assert.equal(response.status, 200);
    return (await response.json()) as Record<string, string | number>;
  }

  it("Globals name msg, tx, block, address(this) and gasleft() from the trace and the contract result; Events list the frame's logs by name so far", async () => {
    const line = await lineOf('Events.sol', 'log0(0, 0)');
    await launch('logs', { stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: pathOf('Events.sol') }, breakpoints: [{ line }] }),
    );
    const [top] = await stack();
    const result = await contractResult('logs');
    const from = String(result.from).toLowerCase();
    const globals = await scopeOf(top.id, 'Globals');
    const account = new RegExp(`^${from} \\(0\\.0\\.\\d+\\)$`);
    assert.match(globals['msg.sender'].toLowerCase(), account, 'the sender with its account id');
    assert.match(globals['tx.origin'].toLowerCase(), account);
    assert.equal(globals['msg.value'], `${result.amount} tinybars`);
    assert.equal(globals['msg.sig'], String(result.function_parameters).slice(0, 10));
    assert.match(globals['msg.data'], /^68 bytes: 0x[0-9a-f]{136}$/, 'selector and two words');
    assert.equal(globals['block.number'], String(result.block_number));
    assert.equal(globals['block.timestamp'], String(result.timestamp).split('.')[0]);
    assert.match(globals['address(this)'].toLowerCase(), new RegExp(`^${String(result.to).toLowerCase()}( \\(0\\.0\\.\\d+\\))?$`));
    assert.equal(globals['gasleft()'], /\((\d+)\)$/.exec(await evaluate('gas'))![1]);
    // Stack-only trace: the data of the logs comes from the mirror's kept logs, as in the trace panel.
    const events = Object.values(await scopeOf(top.id, 'Events'));
    assert.equal(events.length, 2, events.join(' | '));
    assert.match(events[0], new RegExp(`^Transfer\\(from: ${from}, to: 0x[0-9a-fA-F]{40}, value: 1000\\)$`, 'i'));
    assert.equal(events[1], 'Note(text: "hello from Events")');
  });

  it('Globals of a nested call: msg.sender is the calling contract, address(this) the callee, no value', async () => {
    await launch('nested-call', { stopOnEntry: false }, () =>
      dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'Callee.double' }] }),
    );
    const [top, caller] = await stack();
    assert.equal(top.name, 'Callee.double');
    const outer = await scopeOf(caller.id, 'Globals');
    const inner = await scopeOf(top.id, 'Globals');
    assert.equal(inner['msg.sender'], outer['address(this)']);
    assert.notEqual(inner['address(this)'], outer['address(this)']);
    assert.equal(inner['msg.value'], '0 tinybars');
    assert.equal(inner['tx.origin'], outer['tx.origin']);
    assert.equal(Object.values(await scopeOf(top.id, 'Events'))[0], 'No events emitted by this call so far.');
  });

  it('Step Over runs an internal call (checked arithmetic) without stopping in it; Step Out returns to the caller', async () => {
    const counted = await lineOf('Callee.sol', 'calls += 1');
    await launch('nested-call', { stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: pathOf('Callee.sol') }, breakpoints: [{ line: counted }] }),
    );
    const from = await currentStep();
    await move(() => dc.nextRequest({ threadId: 1 }));
    const [top] = await stack();
    assert.equal(top.name, 'Callee.double');
    assert.equal(top.line, await lineOf('Callee.sol', 'return 2 * x'));
    const expected = (await stepsOnLine(await ref.fetch('nested-call', STACK_ONLY), 'Callee.sol', top.line)).find((s) => s > from);
    assert.equal(await currentStep(), expected);

    await move(() => dc.stepOutRequest({ threadId: 1 }));
    const out = await stack();
    assert.deepEqual(
      out.map((f) => f.name),
      ['Caller.callDouble'],
    );
    assert.equal(out[0].line, await lineOf('Caller.sol', 'return callee.double(x) + 1'), 'back in the caller, on the line that called');
  });

  it('Step Into from the calling line enters the external call', async () => {
    const callerLine = await lineOf('Caller.sol', 'return callee.double(x) + 1');
    await launch('nested-call', { stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: pathOf('Caller.sol') }, breakpoints: [{ line: callerLine }] }),
    );
    assert.deepEqual(
      (await stack()).map((f) => f.name),
      ['Caller.callDouble'],
    );
    await move(() => dc.stepInRequest({ threadId: 1 }));
    const frames = await stack();
    assert.deepEqual(
      frames.map((f) => f.name),
      ['Callee.double', 'Caller.callDouble'],
    );
    assert.equal(frames[1].line, callerLine);
    assert.deepEqual(await argumentsOf(frames[0].id), { x: '21' });
  });

  /** Stops on `line` of `file` in `name`, then steps over it: the Native Call Result scope's values by name. */
  async function nativeResultAfter(name: CaseName, file: string, line: string): Promise<Record<string, string>> {
    const callLine = await lineOf(file, line);
    await launch(name, { stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: pathOf(file) }, breakpoints: [{ line: callLine }] }),
    );
    const before = (await dc.scopesRequest({ frameId: (await stack())[0].id })).body.scopes.map((s) => s.name);
    assert.ok(!before.includes('Native Call Result'), 'nothing passed over yet');
    await move(() => dc.nextRequest({ threadId: 1 }));
    return scopeOf((await stack())[0].id, 'Native Call Result');
  }

  it('after stepping over a line that called ecrecover, its result shows by name (signer) as a return value shows', async () => {
    const result = await nativeResultAfter('permit', 'Permit.sol', 'address signer = ecrecover(');
    assert.match(result.signer ?? '', /^0x[0-9a-f]{40}$/);
    assert.notEqual(result.signer, '0x' + '0'.repeat(40));
  });

  it('after stepping over a line that called sha256, its digest shows by name, the digest of the document sent', async () => {
    const result = await nativeResultAfter('sha256', 'Digests.sol', 'digest = sha256(document);');
    // The case sends the document "ledger mirror" (servers/mirror/evm/cases.ts).
    assert.deepEqual(result, { digest: `0x${createHash('sha256').update('ledger mirror').digest('hex')}` });
  });

  for (const [name, code] of [
    ['hts-transfer', 'SUCCESS (22)'],
    ['hts-insufficient', 'INSUFFICIENT_TOKEN_BALANCE (178)'],
  ] as const)
    it(`after stepping over a token-service call (${name}), its response code shows by name: ${code}`, async () => {
      const callLine = await lineOf('TokenSender.sol', '(bool ok, bytes memory result) = HTS.call(');
      await launch(name, { stopOnEntry: false }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('TokenSender.sol') }, breakpoints: [{ line: callLine }] }),
      );
      // solc maps the inlined constant HTS to its declaration, so the first Step Over stops there, before the call:
      // step over until a step has passed the call (a few at most), never entering a frame for the service.
      let scopes: string[] = [];
      for (let i = 0; i < 12 && !scopes.includes('Native Call Result'); i++) {
        await move(() => dc.nextRequest({ threadId: 1 }));
        const frames = await stack();
        assert.deepEqual(
          frames.map((f) => f.name),
          ['TokenSender.pay'],
          'no frame for the token service',
        );
        scopes = (await dc.scopesRequest({ frameId: frames[0].id })).body.scopes.map((s) => s.name);
      }
      const vars = await variablesOf((await stack())[0].id, 'Native Call Result');
      assert.deepEqual(
        vars.filter((v) => v.name === 'responseCode').map((v) => v.value),
        [code],
        'the response code once, by name',
      );
    });

  it('a native call (ecrecover) is no frame: Step Into on its line steps over it, instruction steps on its entry stay in the caller', async () => {
    const callLine = await lineOf('Permit.sol', 'address signer = ecrecover(');
    await launch('permit', { stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: pathOf('Permit.sol') }, breakpoints: [{ line: callLine }] }),
    );
    assert.deepEqual(
      (await stack()).map((f) => f.name),
      ['Permit.permit'],
    );
    const trace = await ref.fetch('permit', STACK_ONLY);
    const entry = Array.from({ length: trace.length }, (_, i) => i).find((i) => trace.row(i).op === '')!;
    await move(() => dc.stepInRequest({ threadId: 1 }));
    const frames = await stack();
    assert.deepEqual(
      frames.map((f) => f.name),
      ['Permit.permit'],
    );
    assert.equal(frames[0].line, await lineOf('Permit.sol', 'require(signer != address(0)'));
    assert.ok((await currentStep()) > entry, 'past the call');
    // Instruction by instruction onto the entry itself: still the caller's frame, never one for 0x1.
    while ((await currentStep()) > entry) await move(() => dc.stepBackRequest({ threadId: 1, granularity: 'instruction' }));
    assert.equal(await currentStep(), entry);
    assert.deepEqual(
      (await stack()).map((f) => f.name),
      ['Permit.permit'],
    );
  });

  it('the Revert exception filter stops only on REVERT opcodes, not on a token-service entry that carries another frame’s revert', async () => {
    const stopped = await launch('hts-try-catch', { stopOnEntry: false });
    assert.deepEqual([stopped.body.reason, stopped.body.text], ['exception', 'Callee: amount must be zero']);
    assert.equal(await evaluate('op'), 'REVERT');
    const end = await move(() => dc.continueRequest({ threadId: 1 }));
    assert.equal(end.body.description, 'End of the trace');
  });

  describe('a user-written internal function (Calculator.square, called from sumOfSquares)', () => {
    let firstCall: number;
    let secondCall: number;
    let squareBody: number;
    before(async () => {
      [firstCall, secondCall, squareBody] = await Promise.all([
        lineOf('Calculator.sol', 'uint256 total = square(a)'),
        lineOf('Calculator.sol', 'total += square(b)'),
        lineOf('Calculator.sol', 'return x * x'),
      ]);
    });
    const onCallingLine = () =>
      launch('internal-call', { stopOnEntry: false }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('Calculator.sol') }, breakpoints: [{ line: firstCall }] }),
      );

    it('shows the internal function as its own frame, named Contract.function, above its caller', async () => {
      const stopped = await launch('internal-call', { stopOnEntry: false }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('Calculator.sol') }, breakpoints: [{ line: squareBody }] }),
      );
      assert.equal(stopped.body.reason, 'breakpoint');
      const frames = await stack();
      assert.deepEqual(
        frames.map((f) => f.name),
        ['Calculator.square', 'Calculator.sumOfSquares'],
      );
      assert.deepEqual(
        frames.map((f) => f.line),
        [squareBody, firstCall],
      );
      assert.equal(frames[0].source?.path, pathOf('Calculator.sol'));
    });

    it('Step Over on the calling line runs the internal call without stopping in it', async () => {
      await onCallingLine();
      const from = await currentStep();
      const trace = await ref.fetch('internal-call', STACK_ONLY);
      const inSquare = (await stepsOnLine(trace, 'Calculator.sol', squareBody)).find((s) => s > from);
      assert.ok(inSquare !== undefined, 'square runs after the calling line starts');
      await move(() => dc.nextRequest({ threadId: 1 }));
      const frames = await stack();
      assert.deepEqual(
        frames.map((f) => f.name),
        ['Calculator.sumOfSquares'],
      );
      assert.equal(frames[0].line, secondCall);
      const expected = (await stepsOnLine(trace, 'Calculator.sol', secondCall)).find((s) => s > inSquare);
      assert.equal(await currentStep(), expected, 'the first step of the next line, after square returned');
    });

    it('Step Into enters the internal function; Step Out returns to the calling line', async () => {
      await onCallingLine();
      await move(() => dc.stepInRequest({ threadId: 1 }));
      const inside = await stack();
      assert.deepEqual(
        inside.map((f) => f.name),
        ['Calculator.square', 'Calculator.sumOfSquares'],
      );
      assert.equal(inside[0].line, squareBody);
      assert.deepEqual(await argumentsOf(inside[1].id), { a: '3', b: '4' });

      await move(() => dc.stepOutRequest({ threadId: 1 }));
      const out = await stack();
      assert.deepEqual(
        out.map((f) => f.name),
        ['Calculator.sumOfSquares'],
      );
      assert.equal(out[0].line, firstCall, 'back on the line that called, to finish its assignment');
      await move(() => dc.nextRequest({ threadId: 1 }));
      assert.equal((await stack())[0].line, secondCall);
    });

    it('Step Back from the next line skips back over the internal call to the calling line', async () => {
      await onCallingLine();
      const atCall = await currentStep();
      await move(() => dc.nextRequest({ threadId: 1 }));
      await move(() => dc.stepBackRequest({ threadId: 1 }));
      assert.deepEqual(
        (await stack()).map((f) => f.name),
        ['Calculator.sumOfSquares'],
      );
      assert.equal(await currentStep(), atCall);
    });
  });

  it('Return shows what each external call returned, from the RETURN memory slice (post-op and pre-op recordings) or the REST actions', async () => {
    const counted = await lineOf('Callee.sol', 'calls += 1');
    const setBreakpoint = () => dc.setBreakpointsRequest({ source: { path: pathOf('Callee.sol') }, breakpoints: [{ line: counted }] });
    const restart = async () => {
      await dc.stop();
      dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
      await dc.start();
    };
    for (const mirror of [ref, pre]) {
      await launch('nested-call', { stopOnEntry: false, memory: true }, setBreakpoint, mirror);
      const frames = await stack();
      assert.deepEqual(
        frames.map((f) => f.name),
        ['Callee.double', 'Caller.callDouble'],
      );
      assert.deepEqual(await scopeOf(frames[0].id, 'Return'), { return: '42' });
      assert.deepEqual(await scopeOf(frames[1].id, 'Return'), { return: '43' });
      await restart();
    }
    // Without memory the mirror's REST actions carry each call's calldata and return data.
    await launch('nested-call', { stopOnEntry: false }, setBreakpoint);
    const frames = await stack();
    assert.deepEqual(await scopeOf(frames[0].id, 'Return'), { return: '42' });
    assert.deepEqual(await scopeOf(frames[1].id, 'Return'), { return: '43' });
    assert.deepEqual(await argumentsOf(frames[0].id), { x: '21' });
  });

  it('Return says a reverted call returned nothing', async () => {
    await launch('revert-error', { stopOnEntry: false, memory: true });
    const frames = await stack();
    assert.equal(frames[0].name, 'Callee.check');
    assert.match((await scopeOf(frames[0].id, 'Return'))['(none)'], /reverted/);
  });

  it('decodes arguments of dynamic types (a string, an array of tuples, bytes) from the call', async () => {
    await launch('dynamic-args');
    const [top] = await stack();
    assert.equal(top.name, 'Wallet.payAll');
    const [callee, store] = [1002, 1006].map((n) => `0x${n.toString(16).padStart(40, '0')}`);
    assert.deepEqual(await argumentsOf(top.id), {
      note: '"rent for May"',
      batch: `[(to: ${callee}, amount: 5, memo: "first"), (to: ${store}, amount: 7, memo: "second")]`,
      tag: '0xcafe',
    });
  });

  describe('Storage', () => {
    const address = (num: number) => `0x${num.toString(16).padStart(40, '0')}`;
    const temp = tempDirs('debug-storage-');
    after(() => temp.remove());

    it('names packed variables, a string, a dynamic array and mapping entries through the storageLayout, step by step', async () => {
      const openLine = await lineOf('Wallet.sol', 'open = tag.length > 0');
      await launch('dynamic-args', { stopOnEntry: false, storage: false }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('Wallet.sol') }, breakpoints: [{ line: openLine }] }),
      );
      const [top] = await stack();
      const before = await scopeTree(top.id, 'Storage');
      assert.equal(before.payments, '2');
      assert.equal(before.open, 'false', 'packed into slot 0 beside owner and payments; not written yet');
      assert.match(before.owner as string, /^0x[0-9a-f]{40}$/);
      assert.equal(before.label, '"rent for May"');
      assert.deepEqual(before.amounts, { '[0]': '5', '[1]': '7' });
      assert.deepEqual(before.paid, { [`[${address(1002)}]`]: '5', [`[${address(1006)}]`]: '7' });
      assert.ok(!Object.keys(before).some((k) => k.startsWith('storage[')), 'every slot is explained by a variable');
      assert.equal(await evaluate('label', top.id), '"rent for May"', 'hover/watch on a state variable');

      await move(() => dc.nextRequest({ threadId: 1 }));
      const after = await scopeTree((await stack())[0].id, 'Storage');
      assert.equal(after.open, 'true');
      assert.equal(after.owner, before.owner);
      await move(() => dc.stepBackRequest({ threadId: 1 }));
      assert.equal((await scopeTree((await stack())[0].id, 'Storage')).open, 'false');
    });

    it('evaluates member access, indexing and mapping lookups, and reads back every variable by its evaluateName', async () => {
      const openLine = await lineOf('Wallet.sol', 'open = tag.length > 0');
      await launch('dynamic-args', { stopOnEntry: false, storage: false }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('Wallet.sol') }, breakpoints: [{ line: openLine }] }),
      );
      const [top] = await stack();
      assert.equal(await evaluate('amounts[1]', top.id), '7');
      assert.equal(await evaluate('paid[0x3ea]', top.id), '5', 'a mapping entry by a literal key');
      assert.equal(await evaluate(`paid[${address(1006)}]`, top.id), '7');
      await assert.rejects(
        dc.evaluateRequest({ expression: 'paid[0x99]', frameId: top.id, context: 'watch' }),
        /not a name/,
        'an entry the trace does not hold',
      );
      assert.match(await evaluate('msg.sender', top.id), /^0x[0-9a-f]{40}/);
      const hex = await dc.evaluateRequest({ expression: 'amounts[1]', frameId: top.id, context: 'watch', format: { hex: true } });
      assert.equal(hex.body.result, '0x7', 'value formatting: hex');
      // Every variable of Storage, Arguments and Globals, one level down too, reads back by its evaluateName.
      const scopes = (await dc.scopesRequest({ frameId: top.id })).body.scopes.filter((s) =>
        ['Storage', 'Arguments', 'Globals'].includes(s.name),
      );
      let checked = 0;
      for (const scope of scopes) {
        for (const v of (await dc.variablesRequest({ variablesReference: scope.variablesReference })).body.variables) {
          const all = [
            v,
            ...(v.variablesReference ? (await dc.variablesRequest({ variablesReference: v.variablesReference })).body.variables : []),
          ];
          for (const x of all) {
            assert.ok(x.evaluateName, `${scope.name} ${x.name} has an evaluateName`);
            assert.equal(await evaluate(x.evaluateName, top.id), x.value, x.evaluateName);
            checked++;
          }
        }
      }
      assert.ok(checked > 15, `${checked} variables checked`);
    });

    it('data breakpoints stop where a packed state variable is written, forward and in reverse, with conditions on the new value and hit counts', async () => {
      const openLine = await lineOf('Wallet.sol', 'open = tag.length > 0');
      await launch('dynamic-args', { stopOnEntry: false, storage: false }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('Wallet.sol') }, breakpoints: [{ line: openLine }] }),
      );
      // The writes of slot 0 (owner, payments and open share it), from the trace itself: post-op, so SSTORE's slot
      // is on top of the stack of the step before.
      const trace = await ref.fetch('dynamic-args', { stack: true, memory: false, storage: false });
      const slot0: number[] = [];
      for (let s = 1; s < trace.length; s++) {
        const st = trace.row(s).op === 'SSTORE' ? trace.detail(s - 1).stack! : undefined;
        if (st && BigInt(st[st.length - 1] === '0x' ? 0 : st[st.length - 1]) === 0n) slot0.push(s);
      }
      assert.equal(slot0.length, 2, 'payments is written, then open');
      const [top] = await stack();
      const storage = (await dc.scopesRequest({ frameId: top.id })).body.scopes.find((s) => s.name === 'Storage')!.variablesReference;
      const info = async (name: string) =>
        (await dc.customRequest('dataBreakpointInfo', { variablesReference: storage, name }))
          .body as DebugProtocol.DataBreakpointInfoResponse['body'];
      const open = await info('open');
      const payments = await info('payments');
      assert.ok(open.dataId && payments.dataId && open.dataId !== payments.dataId);
      assert.deepEqual(open.accessTypes, ['write']);
      assert.equal((await info('label')).dataId, null, 'a string is not a value type');
      const watch = async (breakpoints: DebugProtocol.DataBreakpoint[]) =>
        (
          (await dc.customRequest('setDataBreakpoints', { breakpoints })).body as DebugProtocol.SetDataBreakpointsResponse['body']
        ).breakpoints.map((b) => b.verified);
      await dc.setBreakpointsRequest({ source: { path: pathOf('Wallet.sol') }, breakpoints: [] });
      assert.deepEqual(await watch([{ dataId: open.dataId }]), [true]);

      let stop = await move(() => dc.continueRequest({ threadId: 1 }));
      assert.equal(stop.body.reason, 'data breakpoint');
      assert.equal(await currentStep(), slot0[1]);
      assert.match(stop.body.description ?? '', /^open = 1 \(written at step \d+\)$/);
      // payments' write of the same slot leaves open as it was: Reverse Continue passes it, to the start.
      stop = await move(() => dc.reverseContinueRequest({ threadId: 1 }));
      assert.notEqual(stop.body.reason, 'data breakpoint');
      assert.equal(await currentStep(), 0);

      assert.deepEqual(await watch([{ dataId: payments.dataId, condition: 'payments == 2' }]), [true]);
      stop = await move(() => dc.continueRequest({ threadId: 1 }));
      assert.equal(stop.body.reason, 'data breakpoint');
      assert.equal(await currentStep(), slot0[0]);
      stop = await move(() => dc.continueRequest({ threadId: 1 }));
      assert.notEqual(stop.body.reason, 'data breakpoint', 'written once');
      const end = await currentStep();
      stop = await move(() => dc.reverseContinueRequest({ threadId: 1 }));
      assert.equal(stop.body.reason, 'data breakpoint');
      assert.equal(await currentStep(), slot0[0], 'Reverse Continue finds the previous write');

      assert.deepEqual(await watch([{ dataId: payments.dataId, condition: 'value < 2' }]), [true]);
      await move(() => dc.continueRequest({ threadId: 1 }));
      assert.equal(await currentStep(), end, 'the condition is false at the only write');
      assert.deepEqual(await watch([{ dataId: payments.dataId, hitCondition: '2' }]), [true]);
      await move(() => dc.reverseContinueRequest({ threadId: 1 }));
      assert.equal(await currentStep(), 0, 'no second hit');
    });

    it('a data breakpoint set before any other breakpoint keeps its hit count (#26)', async () => {
      await launch('dynamic-args', { storage: true });
      const trace = await ref.fetch('dynamic-args', { stack: true, memory: false, storage: true });
      // payments' one write: the first SSTORE of slot 0 (post-op: the slot is on the stack of the step before).
      let write = -1;
      for (let s = 1; s < trace.length && write < 0; s++) {
        const st = trace.row(s).op === 'SSTORE' ? trace.detail(s - 1).stack! : undefined;
        if (st && BigInt(st[st.length - 1] === '0x' ? 0 : st[st.length - 1]) === 0n) write = s;
      }
      await move(() => dc.customRequest('goto', { threadId: 1, targetId: write }));
      const [top] = await stack();
      const storage = (await dc.scopesRequest({ frameId: top.id })).body.scopes.find((s) => s.name === 'Storage')!.variablesReference;
      const { dataId } = (await dc.customRequest('dataBreakpointInfo', { variablesReference: storage, name: 'payments' }))
        .body as DebugProtocol.DataBreakpointInfoResponse['body'];
      assert.ok(dataId);
      const set = async (hitCondition: string) =>
        (
          (await dc.customRequest('setDataBreakpoints', { breakpoints: [{ dataId, hitCondition }] }))
            .body as DebugProtocol.SetDataBreakpointsResponse['body']
        ).breakpoints[0];
      const second = await set('2');
      assert.equal(second.verified, true, second.message);
      await move(() => dc.reverseContinueRequest({ threadId: 1 }));
      assert.equal(await currentStep(), 0);
      assert.notEqual((await move(() => dc.continueRequest({ threadId: 1 }))).body.reason, 'data breakpoint', 'payments is written once');
      await move(() => dc.reverseContinueRequest({ threadId: 1 }));
      assert.equal((await set('1')).verified, true);
      assert.equal((await move(() => dc.continueRequest({ threadId: 1 }))).body.reason, 'data breakpoint');
      assert.equal(await currentStep(), write);
    });

    it('names enum values by member (argument, return value, state variable, mapping key and value) and string keys from memory', async () => {
      const lastLine = await lineOf('Orders.sol', 'byRef[ref] = status');
      await launch('enum-state', { stopOnEntry: false, storage: false, memory: true }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('Orders.sol') }, breakpoints: [{ line: lastLine }] }),
      );
      const [top] = await stack();
      assert.equal(top.name, 'Orders.mark');
      assert.deepEqual(await argumentsOf(top.id), { status: 'Filled (1)', ref: '"order-7"' });
      assert.deepEqual(await scopeOf(top.id, 'Return'), { previous: 'Open (0)' });
      await move(() => dc.nextRequest({ threadId: 1 }));
      const storage = await scopeTree((await stack())[0].id, 'Storage');
      assert.deepEqual(storage, { last: 'Filled (1)', count: { '[Filled (1)]': '1' }, byRef: { '["order-7"]': 'Filled (1)' } });
    });

    it('without memory in the trace, a string-keyed entry stays a raw slot (its key is hashed from memory)', async () => {
      const lastLine = await lineOf('Orders.sol', 'byRef[ref] = status');
      await launch('enum-state', { stopOnEntry: false, storage: false }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('Orders.sol') }, breakpoints: [{ line: lastLine }] }),
      );
      await move(() => dc.nextRequest({ threadId: 1 }));
      const storage = await scopeTree((await stack())[0].id, 'Storage');
      assert.equal(storage.byRef, undefined);
      assert.equal(Object.keys(storage).filter((k) => k.startsWith('storage[')).length, 1, 'the entry, raw');
    });

    it('names each contract its own slots when two contracts of one transaction share slot numbers (Router and Ledger), storage not fetched', async () => {
      const line = await lineOf('Router.sol', 'return total;');
      await launch('shared-slots', { stopOnEntry: false, storage: false }, () =>
        dc.setBreakpointsRequest({ source: { path: pathOf('Router.sol') }, breakpoints: [{ line }] }),
      );
      const [ledger, router] = await stack();
      assert.deepEqual([ledger.name, router.name], ['Ledger.deposit', 'Router.route']);
      const inLedger = await scopeTree(ledger.id, 'Storage');
      assert.equal(inLedger.total, '250');
      assert.equal(inLedger.limit, '1000000', 'read, never written: from its SLOAD');
      assert.deepEqual(Object.values(inLedger.balances as Record<string, string>), ['250']);
      const inRouter = await scopeTree(router.id, 'Storage');
      assert.equal(inRouter.routed, '1');
      assert.match(inRouter.ledger as string, /^0x[0-9a-f]{40}/);
      assert.equal(Object.keys(inRouter).length, 2, "none of Ledger's slots");
    });

    it('lists what the transaction changed by name at the last step (State Changes), each contract its own', async () => {
      await launch('shared-slots', { stopOnEntry: true, storage: false });
      const before = (await dc.scopesRequest({ frameId: (await stack())[0].id })).body.scopes.map((s) => s.name);
      assert.ok(!before.includes('State Changes'), 'only at the last step');
      await move(() => dc.continueRequest({ threadId: 1 }));
      const changes = await scopeTree((await stack())[0].id, 'State Changes');
      const ledger = changes.Ledger as Record<string, string>;
      assert.deepEqual(changes.Router, { routed: '0 → 1' });
      assert.equal(ledger.total, '0 → 250');
      const [entry, ...more] = Object.keys(ledger).filter((k) => k !== 'total');
      assert.match(entry, /^balances\[0x[0-9a-f]{40}\]$/, `the entry by its key, the sender: ${JSON.stringify(ledger)}`);
      assert.equal(ledger[entry], '0 → 250');
      assert.deepEqual(more, []);
    });

    it('finds the key of a mapping entry from the trace (Store.values[42])', async () => {
      await launch('storage', { stopOnEntry: false, storage: false });
      const [top] = await stack();
      assert.deepEqual(await scopeTree(top.id, 'Storage'), { count: '1', values: { '[42]': '1234' } });
    });

    it('shows raw slots, and says how to get names, when the build output has no storageLayout (Foundry default)', async () => {
      const foundry = await temp.make();
      await copySources(foundry);
      await writeFoundry(foundry, await sampleBuildInfo());
      await launch('storage', { stopOnEntry: false, storage: false, buildOutput: foundry });
      const [top] = await stack();
      assert.equal(top.name, 'Store.update', 'the build output still maps the code');
      const storage = await scopeOf(top.id, 'Storage');
      assert.match(storage['(layout)'], /Store has no storageLayout/);
      assert.equal(storage['storage[0x0]'], `0x${'1'.padStart(64, '0')}`);
      assert.equal(Object.keys(storage).length, 3, 'the count and the mapping entry, raw');
    });
  });

  it('Step Back returns to the first step of the line before; Reverse Continue goes back to a breakpoint', async () => {
    const counted = await lineOf('Callee.sol', 'calls += 1');
    await launch('nested-call', { stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: pathOf('Callee.sol') }, breakpoints: [{ line: counted }] }),
    );
    const atBreakpoint = await currentStep();
    await move(() => dc.nextRequest({ threadId: 1 }));
    assert.notEqual((await stack())[0].line, counted);
    await move(() => dc.stepBackRequest({ threadId: 1 }));
    assert.equal((await stack())[0].line, counted);
    assert.equal(await currentStep(), atBreakpoint);

    const end = await move(() => dc.continueRequest({ threadId: 1 }));
    assert.equal(end.body.description, 'End of the trace');
    const back = await move(() => dc.reverseContinueRequest({ threadId: 1 }));
    assert.equal(back.body.reason, 'breakpoint');
    assert.equal(await currentStep(), atBreakpoint);
  });

  describe('a trace the mirror cut at its caps', () => {
    let capped: ReferenceMirror;
    before(async () => {
      capped = await startReference('truncated');
    });
    after(() => capped?.close());

    it('says so on the console at launch, and stepping past the last step stops there saying the rest is missing', async () => {
      const console: string[] = [];
      dc.on('output', (e: DebugProtocol.OutputEvent) => console.push(e.body.output));
      await launch('nested-call', {}, async () => {}, capped);
      assert.ok(
        console.some((line) =>
          /^The mirror cut this trace after 300 steps \(its trace limits\).*a self-hosted mirror or a local node\.\n$/.test(line),
        ),
        console.join(''),
      );
      const end = await move(() => dc.continueRequest({ threadId: 1 }));
      assert.equal(end.body.description, 'End of what the mirror sent: the trace was cut here');
      assert.equal(await currentStep(), TRUNCATE_AT - 1);
      const again = await move(() => dc.nextRequest({ threadId: 1, granularity: 'instruction' }));
      assert.equal(again.body.description, 'End of what the mirror sent: the trace was cut here');
      assert.equal(await currentStep(), TRUNCATE_AT - 1);
      assert.equal(console.filter((line) => line.startsWith('End of what the mirror sent: it cut the trace after step 299')).length, 2);
    });
  });

  it('conditional breakpoints and hit counts stop where the expression says', async () => {
    const counted = await lineOf('Callee.sol', 'calls += 1');
    const never = await launch('nested-call', { stopOnEntry: false }, () =>
      dc.setBreakpointsRequest({ source: { path: pathOf('Callee.sol') }, breakpoints: [{ line: counted, condition: 'depth == 0' }] }),
    );
    assert.equal(never.body.description, 'End of the trace', 'Callee runs at depth 1');
    await dc.setBreakpointsRequest({
      source: { path: pathOf('Callee.sol') },
      breakpoints: [{ line: counted, condition: 'depth == 1 && (op == JUMPDEST || pc > 0)' }],
    });
    const hit = await move(() => dc.reverseContinueRequest({ threadId: 1 }));
    assert.equal(hit.body.reason, 'breakpoint');
    assert.equal((await stack())[0].line, counted);
  });

  it('hit counts in a long loop stop on the N-th iteration', async () => {
    const body = await lineOf('Looper.sol', 'acc = (acc * 31 + i) % 1000003');
    const trace = await long.fetch('long-loop', STACK_ONLY);
    const { artifacts } = await discoverArtifacts(ws);
    const sources = new TraceSources(trace, new ArtifactIndex(artifacts), new SourceFiles(), undefined);
    // Iteration starts: a step on the body line right after a step elsewhere.
    const starts: number[] = [];
    let before = -1;
    for (let s = 0; s < trace.length && starts.length < 5; s++) {
      const at = await sources.locate(s);
      const line = at.kind === 'source' ? at.location.startLine + 1 : -1;
      if (line === body && before !== body) starts.push(s);
      if (
        at.kind === 'source' &&
        !/^\s*(function|contract)/.test(at.location.text.split('\n')[at.location.startLine].slice(at.location.startCol))
      )
        before = line;
    }
    await launch(
      'long-loop',
      { stopOnEntry: false },
      () => dc.setBreakpointsRequest({ source: { path: pathOf('Looper.sol') }, breakpoints: [{ line: body, hitCondition: '5' }] }),
      long,
    );
    assert.equal(await currentStep(), starts[4]);
  });

  it('instruction granularity moves one opcode; disassembly and memory answer', async () => {
    await launch('storage', { memory: true });
    const at = await currentStep();
    await move(() => dc.nextRequest({ threadId: 1, granularity: 'instruction' }));
    assert.equal(await currentStep(), at + 1);
    await move(() => dc.stepBackRequest({ threadId: 1, granularity: 'instruction' }));
    assert.equal(await currentStep(), at);
    const [top] = await stack();
    assert.ok(top.instructionPointerReference);
    const dis = await dc.customRequest('disassemble', {
      memoryReference: top.instructionPointerReference,
      instructionOffset: -2,
      instructionCount: 5,
    });
    const instructions = (dis.body as DebugProtocol.DisassembleResponse['body'])!.instructions;
    assert.equal(instructions.length, 5);
    assert.equal(instructions[2].address, top.instructionPointerReference);
    const op = await evaluate('op');
    assert.equal(instructions[2].instruction.split(' ')[0], op);
    const scopes = (await dc.scopesRequest({ frameId: top.id })).body.scopes;
    const memory = (await dc.variablesRequest({ variablesReference: scopes.find((s) => s.name === 'Memory')!.variablesReference })).body
      .variables;
    assert.ok(memory.length > 0 && memory[0].memoryReference);
    const read = await dc.customRequest('readMemory', { memoryReference: memory[0].memoryReference, offset: 0, count: 64 });
    assert.equal(
      Buffer.from((read.body as { data: string }).data, 'base64').toString('hex'),
      memory
        .slice(0, 2)
        .map((v) => v.value.slice(2))
        .join(''),
    );
    assert.equal(await evaluate('memory[0x40]'), await evaluate('memory[64]'));
  });

  it('function breakpoints, Jump to Cursor, Restart Frame and loaded sources', async () => {
    const requireLine = await lineOf('Callee.sol', 'require(amount == 0');
    const callLine = await lineOf('Caller.sol', 'return callee.check(amount)');
    const stopped = await launch('revert-error', { stopOnEntry: false }, async () => {
      const set = await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'Callee.check' }, { name: 'Vault.withdraw' }] });
      assert.deepEqual(
        set.body.breakpoints.map((b) => b.verified),
        [true, false],
      );
    });
    assert.equal(stopped.body.reason, 'function breakpoint');
    assert.equal((await stack())[0].name, 'Callee.check');

    const targets = await dc.gotoTargetsRequest({ source: { path: pathOf('Callee.sol') }, line: requireLine });
    assert.equal(targets.body.targets.length, 1);
    await move(() => dc.gotoRequest({ threadId: 1, targetId: targets.body.targets[0].id }));
    assert.equal((await stack())[0].line, requireLine);

    const frames = await stack();
    await move(() => dc.restartFrameRequest({ frameId: frames[1].id }));
    const restarted = await stack();
    assert.deepEqual(
      restarted.map((f) => f.name),
      ['Caller.callCheck'],
    );
    assert.ok(restarted[0].line <= callLine);

    const loaded = (await dc.customRequest('loadedSources', {})) as DebugProtocol.LoadedSourcesResponse;
    const names = loaded.body.sources.map((src) => src.name);
    assert.ok(names.includes('Callee.sol') && names.includes('Caller.sol'), names.join(', '));
  });

  it('instruction breakpoints stop where that instruction of that code runs', async () => {
    await launch('nested-call');
    const [top] = await stack();
    const at = await currentStep();
    const set = await dc.customRequest('setInstructionBreakpoints', {
      breakpoints: [{ instructionReference: top.instructionPointerReference }],
    });
    assert.deepEqual(
      (set.body as DebugProtocol.SetInstructionBreakpointsResponse['body']).breakpoints.map((b) => b.verified),
      [true],
    );
    await move(() => dc.nextRequest({ threadId: 1 }));
    const back = await move(() => dc.reverseContinueRequest({ threadId: 1 }));
    assert.equal(back.body.reason, 'instruction breakpoint');
    assert.equal(await currentStep(), at);
  });

  it('reports a bad launch with the reason and no session', async () => {
    await dc.initializeRequest({ adapterID: 'ledger-mirror', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    await assert.rejects(
      dc.launchRequest({ transaction: 'not-an-id', mirrorUrl: ref.mirror.url } as DebugProtocol.LaunchRequestArguments),
      /not-an-id|Unsupported|Invalid|transaction/i,
    );
    await assert.rejects(dc.launchRequest({ mirrorUrl: ref.mirror.url } as DebugProtocol.LaunchRequestArguments), /"transaction"/);
    const timestampOnly = 'https://hashscan.io/testnet/transaction/1700000000.000000001';
    await assert.rejects(
      dc.launchRequest({ transaction: timestampOnly, mirrorUrl: ref.mirror.url } as DebugProtocol.LaunchRequestArguments),
      /consensus timestamp/,
    );
  });

  it('refuses a hostile trace file (a depth bomb, then a FIFO) with the reason, and goes on answering', async () => {
    const dirs = tempDirs('ledger-debug-hostile-');
    try {
      const dir = await dirs.make();
      const bomb = join(dir, 'depth.json');
      writeFileSync(bomb, depthBomb());
      const fifo = join(dir, 'trace.fifo');
      execFileSync('mkfifo', [fifo]);
      await dc.initializeRequest({ adapterID: 'ledger-mirror', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
      await assert.rejects(
        dc.launchRequest({ traceFile: bomb } as DebugProtocol.LaunchRequestArguments),
        // The rule it broke, not the value the file holds (#26).
        /depth\.json is not a valid opcode trace \(malformed at byte \d+: step 1: "depth" must be an integer from 0 to 1025\)\.$/,
      );
      // Answered by the same adapter process: the bomb ended in the decoder's worker, not in the adapter.
      await assert.rejects(
        dc.launchRequest({ traceFile: fifo } as DebugProtocol.LaunchRequestArguments),
        /named pipe \(FIFO\); a trace file must be a regular file/,
      );
    } finally {
      await dirs.remove();
    }
  });
});
