// A property over the DAP request surface (issue 18): random sequences of valid requests, valid requests with one
// argument made hostile, and arbitrary ones, sent to the adapter inline (as VS Code runs it) on a trace the reference
// mirror recorded (solc + @ethereumjs/vm over loopback). Every request is answered, the adapter then still answers a
// valid request on a valid stack, nothing throws or rejects unhandled, and the heap stays within a bound.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import fc from 'fast-check';
import { LedgerMirrorDebugSession, type DebugHost } from '../../../src/debug/adapter';
import { mapSources } from '../../../src/debug/standalone-host';
import { TraceSession } from '../../../src/core/session/session';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { ALL_PARTS, startReference, type ReferenceMirror } from '../helpers/reference-mirror';

type Request = { command: string; arguments?: unknown };

/** The adapter inline: messages in through handleMessage, out through onDidSendMessage. */
class Inline {
  readonly session: LedgerMirrorDebugSession;
  private readonly responses = new Map<number, DebugProtocol.Response>();
  private waiters: Array<() => void> = [];
  private seq = 1;
  /** What the last answers named, so valid requests can refer to live frames, scopes and instructions. */
  frames: DebugProtocol.StackFrame[] = [];
  refs: number[] = [];

  constructor(host: DebugHost) {
    this.session = new LedgerMirrorDebugSession(host);
    this.session.onDidSendMessage((m) => {
      const message = m as DebugProtocol.ProtocolMessage;
      if (message.type === 'response')
        this.responses.set((message as DebugProtocol.Response).request_seq, message as DebugProtocol.Response);
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
    });
  }

  async call(request: Request): Promise<DebugProtocol.Response> {
    const seq = this.seq++;
    this.session.handleMessage({ seq, type: 'request', ...request } as DebugProtocol.Request);
    while (!this.responses.has(seq)) await new Promise<void>((resolve) => this.waiters.push(resolve));
    const response = this.responses.get(seq)!;
    this.responses.delete(seq);
    const body = response.body as Record<string, unknown> | undefined;
    if (response.success && response.command === 'stackTrace') this.frames = body!.stackFrames as DebugProtocol.StackFrame[];
    if (response.success && response.command === 'scopes')
      this.refs = (body!.scopes as DebugProtocol.Scope[]).map((s) => s.variablesReference);
    if (response.success && response.command === 'variables')
      this.refs.push(...(body!.variables as DebugProtocol.Variable[]).map((v) => v.variablesReference).filter((r) => r > 0));
    return response;
  }
}

const pick = <T>(list: readonly T[], n: number, fallback: T): T => (list.length ? list[n % list.length] : fallback);

describe('debug adapter: random request sequences (property)', function () {
  this.timeout(300_000);
  let ref: ReferenceMirror;
  let host: DebugHost;
  let callee: string;
  let steps: number;

  before(async () => {
    let ws: string;
    [ref, ws] = await Promise.all([startReference('post-op'), sampleWorkspace()]);
    const trace = await ref.fetch('revert-error', ALL_PARTS);
    steps = trace.length;
    const { sources, files } = await mapSources(trace, [ws], undefined, () => {});
    host = {
      open: () =>
        Promise.resolve({ session: new TraceSession(trace, { key: 'property', title: 'property', network: 'file' }), sources, files }),
    };
    callee = join(ws, 'contracts/Callee.sol');
  });
  after(() => ref?.close());

  async function launched(): Promise<Inline> {
    const dap = new Inline(host);
    assert.equal(
      (
        await dap.call({
          command: 'initialize',
          arguments: { adapterID: 'ledger-mirror', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' },
        })
      ).success,
      true,
    );
    const launch = dap.call({ command: 'launch', arguments: { traceFile: 'recorded', stopOnEntry: true } });
    await dap.call({ command: 'configurationDone' });
    assert.equal((await launch).success, true);
    return dap;
  }

  /** A valid request, built from what the adapter last answered (`n` picks among frames, scopes, references). */
  function valid(dap: Inline, kind: number, n: number): Request {
    const frame = pick(dap.frames, n, undefined);
    const thread = { threadId: 1 };
    const granularity = pick(['statement', 'instruction', undefined] as const, n, undefined);
    const requests: Request[] = [
      { command: 'stackTrace', arguments: thread },
      { command: 'scopes', arguments: { frameId: frame?.id ?? 0 } },
      { command: 'variables', arguments: { variablesReference: pick(dap.refs, n, 0) } },
      {
        command: 'evaluate',
        arguments: {
          expression: pick(
            ['step', 'pc', 'op', 'depth', 'stack[-1]', 'memory[0x40]', 'storage[0]', 'amount', '1 + 2 * 3', 'op == SSTORE', '(('],
            n,
            'step',
          ),
          frameId: frame?.id,
          context: 'watch',
        },
      },
      {
        command: pick(['next', 'stepIn', 'stepOut', 'stepBack', 'continue', 'reverseContinue'], n, 'next'),
        arguments: { ...thread, granularity },
      },
      {
        command: 'setBreakpoints',
        arguments: { source: { path: callee }, breakpoints: [{ line: 1 + (n % 18), condition: n % 3 ? undefined : 'depth == 1' }] },
      },
      { command: 'setFunctionBreakpoints', arguments: { breakpoints: n % 2 ? [{ name: 'Callee.check', hitCondition: '>= 1' }] : [] } },
      { command: 'setExceptionBreakpoints', arguments: { filters: pick([['revert'], ['panic'], [], ['revert', 'panic']], n, []) } },
      {
        command: 'disassemble',
        arguments: {
          memoryReference: frame?.instructionPointerReference ?? '0x0',
          instructionOffset: (n % 21) - 10,
          instructionCount: 1 + (n % 50),
        },
      },
      { command: 'readMemory', arguments: { memoryReference: `memory@${n % steps}`, offset: n % 64, count: n % 256 } },
      { command: 'gotoTargets', arguments: { source: { path: callee }, line: 1 + (n % 18) } },
      { command: 'goto', arguments: { ...thread, targetId: n % steps } },
      { command: 'restartFrame', arguments: { frameId: frame?.id ?? 0 } },
      { command: pick(['threads', 'loadedSources', 'source'], n, 'threads'), arguments: { sourceReference: 1 + (n % 3) } },
    ];
    return requests[kind % requests.length];
  }

  const hostileValue = fc.oneof(
    fc.constantFrom(null, undefined, NaN, -1, -5, 1e300, 2 ** 53, 1e7, '', 'abc', '0xffffffffffffffffffff', [], {}, true),
    fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
    fc.string({ maxLength: 40 }),
    fc.anything({ maxDepth: 2 }),
  );

  type Step =
    | { kind: 'valid'; pick: number; n: number }
    | { kind: 'mutated'; pick: number; n: number; field: number; value: unknown }
    | { kind: 'arbitrary'; command: string; args: unknown };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('valid' as const), pick: fc.nat(), n: fc.nat(10_000) }),
    fc.record({ kind: fc.constant('mutated' as const), pick: fc.nat(), n: fc.nat(10_000), field: fc.nat(), value: hostileValue }),
    fc.record({
      kind: fc.constant('arbitrary' as const),
      command: fc.constantFrom(
        'stackTrace',
        'scopes',
        'variables',
        'evaluate',
        'next',
        'continue',
        'setBreakpoints',
        'setFunctionBreakpoints',
        'setInstructionBreakpoints',
        'setExceptionBreakpoints',
        'disassemble',
        'readMemory',
        'gotoTargets',
        'goto',
        'restartFrame',
        'source',
        'initialize',
        'launch',
        'bogus',
      ),
      args: fc.oneof(
        hostileValue,
        fc.dictionary(
          fc.constantFrom(
            'threadId',
            'frameId',
            'targetId',
            'instructionCount',
            'count',
            'breakpoints',
            'source',
            'expression',
            'memoryReference',
            'line',
          ),
          hostileValue,
        ),
      ),
    }),
  );

  function build(dap: Inline, s: Step): Request {
    if (s.kind === 'arbitrary') return { command: s.command, arguments: s.args };
    const request = valid(dap, s.pick, s.n);
    if (s.kind === 'valid') return request;
    const args = { ...(request.arguments as Record<string, unknown>) };
    const keys = Object.keys(args);
    if (keys.length) args[keys[s.field % keys.length]] = s.value;
    return { command: request.command, arguments: args };
  }

  it('never throws, always answers, keeps answering valid requests, and stays within a memory bound', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const baseline = process.memoryUsage().heapUsed;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (sequence) => {
          const dap = await launched();
          await dap.call({ command: 'stackTrace', arguments: { threadId: 1 } });
          for (const s of sequence) {
            await dap.call(build(dap, s));
            const probe = await dap.call({ command: 'stackTrace', arguments: { threadId: 1 } });
            assert.equal(probe.success, true, probe.message);
            assert.ok(dap.frames.length > 0, 'a valid session has a frame');
            const at = await dap.call({ command: 'evaluate', arguments: { expression: 'step', context: 'watch' } });
            assert.equal(at.success, true, at.message);
            assert.match(String((at.body as { result: string }).result), /^0x[0-9a-f]+ \(\d+\)$/);
          }
          assert.deepEqual(unhandled, []);
          assert.ok(process.memoryUsage().heapUsed - baseline < 256 * 1024 * 1024, 'the heap grew by more than 256 MB');
        }),
        { numRuns: 60 },
      );
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
