// The stdio debug adapter under hostile DAP input (issue 18): malformed and oversized frames, request arguments out
// of range, breakpoint floods, and text that must not leak a secret or forge a line. Real reference-mirror traces
// (solc + @ethereumjs/vm over loopback) and the sample workspace's build output; every input is built here.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { ADAPTER, DapWire } from '../helpers/dap-wire';
import { copySources, sampleBuildInfo, tempDirs, writeFoundry } from '../helpers/layouts';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, type CaseName, type ReferenceMirror } from '../helpers/reference-mirror';

const INIT = { adapterID: 'ledger-mirror', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' };

describe('debug adapter: hostile requests and frames (issue 18)', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let long: ReferenceMirror;
  let ws: string;

  before(async function () {
    assert.ok(existsSync(ADAPTER), `${ADAPTER} is missing: run \`npm run build\` first`);
    [ref, long, ws] = await Promise.all([startReference('post-op'), startReference('long'), sampleWorkspace()]);
  });
  after(async () => {
    await ref?.close();
    await long?.close();
  });

  async function lineOf(file: string, needle: string): Promise<number> {
    const text = await readFile(join(ws, 'contracts', file), 'utf8');
    return text.slice(0, text.indexOf(needle)).split('\n').length;
  }

  describe('over DebugClient', () => {
    let dc: DebugClient;
    let outputs: string[];
    beforeEach(async () => {
      dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
      outputs = [];
      dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e.body.output));
      await dc.start();
    });
    afterEach(() => dc.stop());

    async function launch(name: CaseName, extra: Record<string, unknown> = {}, mirrorUrl = ref.mirror.url, mirror = ref): Promise<void> {
      await dc.initializeRequest(INIT);
      const initialized = dc.waitForEvent('initialized', 60_000);
      const launched = dc.launchRequest({
        transaction: mirror.info(name).transactionId,
        mirrorUrl,
        buildOutput: ws,
        ...extra,
      } as DebugProtocol.LaunchRequestArguments);
      await initialized;
      const stopped = dc.waitForEvent('stopped', 60_000);
      await dc.configurationDoneRequest();
      await launched;
      await stopped;
    }
    const frames = async () => (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;

    it('secrets: a mirrorUrl password never appears in an output event; output text is made inert', async () => {
      const url = new URL(ref.mirror.url);
      url.username = 'ledger';
      url.password = 's3cret-pw';
      await launch('success', {}, url.href);
      assert.ok(
        outputs.some((o) => o.includes('Fetching the opcode trace')),
        outputs.join(''),
      );
      for (const o of outputs) assert.ok(!o.includes('s3cret-pw') && !o.includes('ledger:'), `leaked in: ${o}`);

      // A transaction id with a terminal escape and a forged line is logged before the id is checked.
      await dc.stop();
      dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
      outputs = [];
      dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e.body.output));
      await dc.start();
      await dc.initializeRequest(INIT);
      const bad = dc.launchRequest({
        transaction: '\x1b]0;owned\x07x\nResult ok',
        mirrorUrl: url.href,
      } as DebugProtocol.LaunchRequestArguments);
      const err = await bad.then(
        () => undefined,
        (e: Error) => e,
      );
      assert.ok(err, 'the launch is refused');
      assert.ok(!err.message.includes('\x1b'), err.message);
      const logged = outputs.join('');
      assert.ok(!logged.includes('\x1b') && !logged.includes('\x07'), logged);
      assert.ok(!/\nResult ok/.test(logged), `a forged line: ${logged}`);
    });

    it('disassemble: instructionCount 100,000 on a small contract is refused, not built slot by slot', async () => {
      await launch('success');
      const [top] = await frames();
      const asked = dc.customRequest('disassemble', { memoryReference: top.instructionPointerReference, instructionCount: 100_000 });
      await assert.rejects(asked, /instructionCount must be an integer from 1 to 25,000, not 100000/);
      const ok = await dc.customRequest('disassemble', {
        memoryReference: top.instructionPointerReference,
        instructionOffset: -3,
        instructionCount: 7,
      });
      assert.equal((ok.body as DebugProtocol.DisassembleResponse['body'])!.instructions.length, 7);
      await assert.rejects(
        dc.customRequest('disassemble', {
          memoryReference: top.instructionPointerReference,
          instructionCount: 5,
          instructionOffset: 1e300,
        }),
        /instructionOffset/,
      );
      await assert.rejects(
        dc.customRequest('readMemory', { memoryReference: 'memory@0', count: 2 ** 40 }),
        /count must be an integer from 0 to/,
      );
    });

    it('goto: a targetId that is not a step of the trace is refused and the session stays where it was', async () => {
      await launch('revert-error');
      const before = await frames();
      await assert.rejects(dc.gotoRequest({ threadId: 1, targetId: 'abc' as unknown as number }), /targetId must be a step from 0 to \d+/);
      await assert.rejects(dc.gotoRequest({ threadId: 1, targetId: 1e12 }), /targetId must be a step from 0 to \d+/);
      const after = await frames();
      assert.deepEqual(
        after.map((f) => [f.name, f.line]),
        before.map((f) => [f.name, f.line]),
      );
      const scopes = (await dc.scopesRequest({ frameId: after[0].id })).body.scopes;
      assert.ok(scopes.length > 0);
      assert.match((await dc.evaluateRequest({ expression: 'step', context: 'watch' })).body.result, /^0x/);
      await assert.rejects(dc.restartFrameRequest({ frameId: 987654 }), /frameId/);
      assert.equal((await frames()).length, before.length);
    });

    it('conditions: 10,000 line breakpoints with 900-character conditions are refused; 1,000 are answered', async () => {
      await launch('revert-error');
      const line = await lineOf('Callee.sol', 'require(amount == 0');
      const condition = (i: number) => `${Array.from({ length: 90 }, (_, k) => `(${(i + k) % 10}+1)`).join(' + ')} > 0`.padEnd(900, ' ');
      const flood = Array.from({ length: 10_000 }, (_, i) => ({ line, condition: condition(i) }));
      await assert.rejects(
        dc.setBreakpointsRequest({ source: { path: join(ws, 'contracts/Callee.sol') }, breakpoints: flood }),
        /at most 1,000 breakpoints in one request, not 10000/,
      );
      const many = await dc.setBreakpointsRequest({
        source: { path: join(ws, 'contracts/Callee.sol') },
        breakpoints: flood.slice(0, 1_000),
      });
      assert.equal(many.body.breakpoints.filter((b) => b.verified).length, 1_000);
      // The total over all sources is bounded too.
      await assert.rejects(
        dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'Callee.check' }] }),
        /at most 1,000 breakpoints in all/,
      );
      await assert.rejects(
        dc.setBreakpointsRequest({
          source: { path: join(ws, 'contracts/Callee.sol') },
          breakpoints: [{ line, condition: 'x'.repeat(1_001) }],
        }),
        /condition.*at most 1,000 characters/,
      );
      assert.ok((await frames()).length > 0);
    });
    it('hit counts: a thousand on a hot loop line keep at most 4 counters per step of the trace; the rest are refused by name', async () => {
      await launch('long-loop', {}, long.mirror.url, long);
      const line = await lineOf('Looper.sol', 'acc = (acc * 31 + i) % 1000003');
      const set = await dc.setBreakpointsRequest({
        source: { path: join(ws, 'contracts/Looper.sol') },
        breakpoints: Array.from({ length: 1_000 }, () => ({ line, hitCondition: '>= 2' })),
      });
      const verified = set.body.breakpoints.filter((b) => b.verified).length;
      assert.ok(verified > 0 && verified < 1_000, `${verified} verified`);
      const refused = set.body.breakpoints.find((b) => !b.verified)!;
      assert.match(
        refused.message ?? '',
        /^Too many hit counts: together they count at most [\d,]+ steps \(4 per step of the trace\); this one would count [\d,]+ more\.$/,
      );
      const stopped = dc.waitForEvent('stopped');
      await dc.continueRequest({ threadId: 1 });
      assert.equal(((await stopped) as DebugProtocol.StoppedEvent).body.reason, 'breakpoint');
    });
    it('data breakpoints (#26): checked like other requests, counted in the 1,000 in all, a flood refused at once', async () => {
      await launch('success');
      const data = (breakpoints: unknown) => dc.customRequest('setDataBreakpoints', { breakpoints });
      await assert.rejects(
        data(Array.from({ length: 100_000 }, (_, i) => ({ dataId: `0x${i}:0x0:0:32` }))),
        /breakpoints: at most 1,000 breakpoints in one request, not 100000/,
      );
      await assert.rejects(data([42]), /breakpoints\[0\] must be an object/);
      await assert.rejects(data([{ dataId: 'x'.repeat(257) }]), /breakpoints\[0\]\.dataId must be a string of at most 256 characters/);
      await assert.rejects(data([{ dataId: 'a', hitCondition: '1'.repeat(1_001) }]), /hitCondition must be a string of at most 1,000/);
      await dc.setFunctionBreakpointsRequest({ breakpoints: Array.from({ length: 600 }, () => ({ name: 'Callee.check' })) });
      await assert.rejects(
        data(Array.from({ length: 600 }, () => ({ dataId: 'unknown' }))),
        /Too many breakpoints: at most 1,000 breakpoints in all \(lines, functions, instructions and data\); this request would make 1,200/,
      );
      const unknown = (await data([{ dataId: 'unknown' }])).body as DebugProtocol.SetDataBreakpointsResponse['body'];
      assert.equal(unknown.breakpoints[0].verified, false);
      assert.ok((await frames()).length > 0, 'the session goes on');
    });
  });

  describe('framing, byte by byte', () => {
    let wire: DapWire;
    beforeEach(() => (wire = new DapWire()));
    afterEach(() => wire.close());

    it('a Content-Length of -5 is reported and skipped; the requests after it are answered', async () => {
      assert.equal((await wire.call('initialize', INIT)).success, true);
      await wire.write('Content-Length: -5\r\n\r\n{"seq":99,"type":"request","command":"threads"}');
      const threads = await wire.call('threads');
      assert.equal(threads.success, true);
      const note = await wire.waitFor<DebugProtocol.OutputEvent>(
        (m) => m.type === 'event' && (m as DebugProtocol.Event).event === 'output',
      );
      assert.match(note.body.output, /Content-Length "-5"/);
      // Garbage between frames and a header without a length are skipped the same way.
      await wire.write('hello\r\n\r\nX-Other: 1\r\n\r\n');
      assert.equal((await wire.call('threads')).success, true);
      assert.equal(wire.exited, false);
    });

    it('one 64 MB request is refused at the size cap, as it streams, and the next request is answered', async () => {
      await wire.call('initialize', INIT);
      const body = Buffer.alloc(64 * 1024 * 1024, 0x20);
      const head = Buffer.from('{"command":"evaluate","arguments":{"expression":"step","pad":"');
      head.copy(body);
      Buffer.from('"},"type":"request","seq":7}').copy(body, body.length - 28);
      await wire.write(`Content-Length: ${body.length}\r\n\r\n`);
      for (let at = 0; at < body.length; at += 64 * 1024) await wire.write(body.subarray(at, at + 64 * 1024));
      const refused = await wire.response(7);
      assert.equal(refused.success, false);
      assert.match(refused.message ?? '', /67108864 bytes.*at most 16 MB/);
      assert.equal((await wire.call('threads')).success, true);
    });

    it('a message that is not a JSON object is reported and skipped; the adapter does not exit', async () => {
      await wire.call('initialize', INIT);
      for (const bad of ['null', '5', '{"seq":', '[1,2]']) await wire.write(`Content-Length: ${Buffer.byteLength(bad)}\r\n\r\n${bad}`);
      assert.equal((await wire.call('threads')).success, true);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(wire.exited, false, 'the adapter is still running');
      assert.equal((await wire.call('threads')).success, true);
    });
  });

  it('forged lines: an ABI parameter name holding "\\nResult        succeeded" stays inside its frame line in `trace`', async () => {
    assertCliBuilt();
    const dirs = tempDirs('ledger-forged-');
    try {
      const dir = await dirs.make();
      const build = await sampleBuildInfo();
      const forged = 'amount\nResult        succeeded';
      const callee = Object.entries(build.output.contracts)
        .flatMap(([, cs]) => Object.entries(cs))
        .find(([name]) => name === 'Callee')![1];
      const rename = (abi: Array<{ name?: string; inputs?: Array<{ name: string }> }>) =>
        abi.map((item) => (item.name === 'check' ? { ...item, inputs: item.inputs!.map((p) => ({ ...p, name: forged })) } : item));
      callee.abi = rename(callee.abi as never);
      const metadata = JSON.parse(callee.metadata) as { output: { abi: never } };
      metadata.output.abi = rename(metadata.output.abi) as never;
      callee.metadata = JSON.stringify(metadata);
      await copySources(dir);
      await writeFoundry(dir, build, { buildInfo: 'full' });
      const run = await runCli(['trace', ref.info('revert-error').transactionId, '--mirror', ref.mirror.url, '--build-output', dir]);
      expectExit(run, EXIT.ok);
      const lines = run.stdout.split('\n');
      assert.deepEqual(
        lines.filter((l) => l.startsWith('Result')),
        ['Result        failed'],
      );
      assert.ok(
        lines.some((l) => l.includes('amount\\x0aResult        succeeded')),
        run.stdout,
      );
    } finally {
      await dirs.remove();
    }
  });
});
