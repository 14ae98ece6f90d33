// Replays of real transactions (the reference mirror's EVM, served over loopback): the Locals cases as compiled
// with viaIR and the optimizer, replayed with their debug build (the same sources, legacy code, optimizer off,
// compiled again here with solc from npm) are accepted, since every call, log and write is the same; an edited
// build that behaves differently is refused with the place named; hostile inputs and a loop each get a clear refusal.
import { strict as assert } from 'node:assert';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALS_CASES } from '../../../servers/mirror/evm/cases';
import { createEvmTraceProvider } from '../../../servers/mirror/evm/index';
import { startMirror, type RunningMirror } from '../../../servers/mirror/server';
import solc from 'solc';
import type { Abi } from 'viem';
import { HttpClient } from '../../../src/core/http';
import { MirrorClient } from '../../../src/core/mirror/client';
import { type Endpoints, resolveNetwork } from '../../../src/core/networks';
import { debugCompilerInput } from '../../../src/core/replay/debug-build';
import { compileDebugBuild } from '../../../src/core/replay/debug-compile';
import { debugBuildCode } from '../../../src/core/replay/debug-code';
import { planReplay, type ReplayPlan } from '../../../src/core/replay/plan';
import { replayInThread } from '../../../src/core/replay/replay';
import { replayOffThread } from '../../../src/core/replay/replay-runner';
import { MAX_CODE_BYTES } from '../../../src/core/replay/replay-input';
import { replayTraceOf } from '../../../src/core/replay/replay-trace';
import { codeBytes } from '../../../src/core/sourcemap/bytecode';
import { ArtifactIndex } from '../../../src/core/sourcemap/match';
import { Program } from '../../../src/core/sourcemap/program';
import { SourceFiles } from '../../../src/core/sourcemap/source-files';
import { TraceSources } from '../../../src/core/sourcemap/trace-sources';
import type { ContractArtifact } from '../../../src/core/sourcemap/artifacts';
import { discoverArtifacts } from '../../../src/core/sourcemap/discover';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { checkLocalsAtLogs, oracleEvents, type Tally } from '../helpers/locals-oracle';
import { openedFrom } from '../helpers/debug-program';
import { fetchWithOwnClient } from '../helpers/reference-mirror';

describe('Replay of a past transaction with a debug build (#31)', function () {
  this.timeout(600_000);
  let dir: string;
  let mirror: RunningMirror;
  let http: HttpClient;
  let endpoints: Endpoints;
  let ids: Map<string, string>;
  let artifacts: ContractArtifact[];
  /** The one compilation's debug build, compiled once for the whole file. */
  let compiled: ReturnType<typeof compileDebugBuild> | undefined;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledger-replay-'));
    const provider = await createEvmTraceProvider({ compiler: 'via-ir', buildInfoDir: dir });
    ids = new Map(provider.cases.map((c) => [c.name, c.transactionId]));
    mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity });
    http = new HttpClient();
    endpoints = resolveNetwork('custom', { mirrorUrl: mirror.url });
    artifacts = (await discoverArtifacts(dir)).artifacts;
  });
  after(async () => {
    await http?.close();
    await mirror?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The case's plan, each contract it reaches running its debug build (found by the build info that matches its code). */
  async function planOf(name: string): Promise<ReplayPlan> {
    const id = ids.get(name)!;
    const trace = await fetchWithOwnClient(endpoints, id, { stack: true });
    const { result } = await new MirrorClient(endpoints, http).contractResult(id);
    const actions = await new MirrorClient(endpoints, http).contractActions(id);
    const reached = new Set([result.to!.toLowerCase(), ...actions.actions.flatMap((a) => (a.to ? [a.to.toLowerCase()] : []))]);
    const ran = new Map<string, string>();
    for (const address of reached) {
      const runtime = (await new MirrorClient(endpoints, http).contractCode(address))?.runtime;
      if (runtime) ran.set(address, `0x${Buffer.from(runtime).toString('hex')}`);
    }
    const { code } = await debugBuildCode(ran, artifacts, [dir], async (input) => (compiled ??= compileDebugBuild(input)));
    return planReplay(result, actions, trace, ran, code);
  }

  /**
   * Legacy code evaluates a binary operator's right operand first, the IR pipeline its left one (solc's documented
   * difference): `early(y) + early(x)` emits its events in the other order, so that replay is refused, at its log.
   */
  const DIVERGENT = 'locals-shadowing';
  /** A creation: the slice replays calls only, and says so. */
  const CREATION = 'locals-constructor';

  for (const spec of LOCALS_CASES.filter((c) => c.name !== DIVERGENT && c.name !== CREATION)) {
    it(`${spec.name}: the viaIR optimized transaction replays with its debug build in the worker, accepted`, async () => {
      const plan = await planOf(spec.name);
      assert.ok(Object.keys(plan.input.debugCode).length > 0, 'a debug build replaces the code that ran');
      const outcome = await replayOffThread(plan, 'debug');
      assert.equal(outcome.kind, 'accepted', outcome.kind === 'refused' ? outcome.message : '');
    });
  }

  it(`${DIVERGENT}: the debug build emits its logs in another order, so the replay is refused at that log`, async () => {
    const outcome = await replayInThread(await planOf(DIVERGENT), 'debug');
    assert.equal(outcome.kind, 'refused');
    assert.equal(outcome.kind === 'refused' && outcome.place, 'log #4');
    assert.match(outcome.kind === 'refused' ? outcome.message : '', /diverged from the transaction at log #4: .*data/);
  });

  it(`${DIVERGENT} as a what-if: the same replay runs, not checked, labelled what-if`, async () => {
    const outcome = await replayInThread(await planOf(DIVERGENT), 'workspace');
    assert.equal(outcome.kind, 'what-if');
    assert.equal(outcome.kind === 'what-if' && outcome.observation.failed, false);
  });

  it(`${CREATION}: a transaction that creates a contract is refused by name`, async () => {
    await assert.rejects(planOf(CREATION), /creates contracts is not supported yet/);
  });

  it('hts-transfer: the token service answers from the recorded actions, and without them the replay is refused by name', async () => {
    const plan = await planOf('hts-transfer');
    assert.ok(plan.input.systemAnswers.length > 0);
    assert.equal((await replayInThread(plan, 'debug')).kind, 'accepted');
    const unanswered = await replayInThread({ ...plan, input: { ...plan.input, systemAnswers: [] } }, 'debug');
    assert.equal(unanswered.kind, 'refused');
    assert.match(unanswered.kind === 'refused' ? unanswered.message : '', /System contract 0x0+167 was called .* with no recorded answer/);
  });

  it('a calculation that reads a slot the transaction never read is refused, naming the slot', async () => {
    const plan = await planOf('locals-storage');
    const accounts = plan.input.accounts.map((a) => ({ ...a, storage: {} }));
    const outcome = await replayInThread({ ...plan, input: { ...plan.input, accounts } }, 'debug');
    assert.equal(outcome.kind, 'refused');
    assert.match(outcome.kind === 'refused' ? outcome.message : '', /reads storage slot 0x[0-9a-f]{64} of 0x[0-9a-f]{40} at pc \d+/);
  });

  describe('ledger-mirror trace --replay (dist/cli.js)', () => {
    before(assertCliBuilt);
    const replayJson = async (name: string, ...args: string[]) => {
      const run = await runCli(
        ['trace', ids.get(name)!, '--mirror', mirror.url, '--build-output', dir, '--sources', 'workspace', '--json', ...args],
        {
          timeoutMs: 300_000,
        },
      );
      expectExit(run, 0);
      return (JSON.parse(run.stdout) as { replay: { outcome: string; place: string | null; message?: string; notes: string[] } }).replay;
    };

    it('--replay debug: accepted, with the debug build named', async () => {
      const replay = await replayJson('locals-loops', '--replay', 'debug');
      assert.equal(replay.outcome, 'accepted', replay.message);
      assert.ok(
        replay.notes.some((n) => /Locals \(contracts\/Locals\.sol\), debug build with solc 0\.8\./.test(n)),
        replay.notes.join('\n'),
      );
    });

    it('--replay debug: refused at the place it diverged', async () => {
      const replay = await replayJson(DIVERGENT, '--replay', 'debug');
      assert.equal(replay.outcome, 'refused');
      assert.equal(replay.place, 'log #4');
    });

    it('--replay workspace --contract NAME: a what-if, with its outcome', async () => {
      const run = await runCli(
        [
          'trace',
          ids.get('locals-loops')!,
          '--mirror',
          mirror.url,
          '--build-output',
          dir,
          '--sources',
          'workspace',
          '--replay',
          'workspace',
          '--contract',
          'Locals',
        ],
        {
          timeoutMs: 300_000,
        },
      );
      expectExit(run, 0);
      assert.match(run.stdout, /Replay {8}what-if \(the workspace's build, not the code that ran\): succeeds/);
    });

    it('--replay workspace without --contract is refused before any request', async () => {
      const run = await runCli(['trace', ids.get('locals-loops')!, '--mirror', mirror.url, '--replay', 'workspace']);
      assert.notEqual(run.code, 0);
      assert.match(run.stderr, /--replay workspace needs --contract NAME/);
    });
  });

  describe('hostile input', () => {
    let plan: ReplayPlan;
    before(async () => {
      plan = await planOf('locals-loops');
    });
    const refusedWith = async (input: ReplayPlan['input'], pattern: RegExp, budgets?: { maxSteps: number }) => {
      const outcome = await replayOffThread({ ...plan, input }, 'debug', { budgets });
      assert.equal(outcome.kind, 'refused');
      assert.match(outcome.kind === 'refused' ? outcome.message : '', pattern);
    };

    it('a pre-state slot of 1 MB that is not hex', async () => {
      const [first, ...rest] = plan.input.accounts;
      const accounts = [{ ...first!, storage: { '0x1': `0x${'z'.repeat(1024 * 1024)}` } }, ...rest];
      await refusedWith({ ...plan.input, accounts }, /accounts\.0\.storage\.0x1: a storage word is at most 32 bytes/);
    });

    it('code over the bytecode bound', async () => {
      const [first, ...rest] = plan.input.accounts;
      const accounts = [{ ...first!, code: `0x${'00'.repeat(MAX_CODE_BYTES + 1)}` }, ...rest];
      await refusedWith({ ...plan.input, accounts }, /accounts\.0\.code: code is longer than 24576 bytes/);
    });

    it('a replay that loops runs into the step budget', async () => {
      // JUMPDEST PUSH1 0 JUMP: a loop that only gas would end, long after the budget.
      const debugCode = { [plan.input.to]: '0x5b600056' };
      await refusedWith({ ...plan.input, debugCode }, /past its budget of 10000 steps/, { maxSteps: 10_000 });
    });

    it('a replay cancelled while it runs', async () => {
      const controller = new AbortController();
      const debugCode = { [plan.input.to]: '0x5b600056' };
      const running = replayOffThread({ ...plan, input: { ...plan.input, debugCode } }, 'debug', { signal: controller.signal });
      controller.abort();
      await assert.rejects(running, /cancelled/);
    });
  });
  describe('the Locals oracle on the replays (the viaIR optimized build, replayed with its debug build)', () => {
    const tally: Tally = { checks: 0, shown: 0, wrong: [] };
    let index: ArtifactIndex;
    let abi: Abi;

    before(async () => {
      // The debug build as a build info beside the original's, as a debugger reading the replay's trace needs it.
      const infoDir = join(dir, 'artifacts', 'build-info');
      const [file] = (await readdir(infoDir)).filter((f) => f.endsWith('.json'));
      const info = JSON.parse(await readFile(join(infoDir, file!), 'utf8')) as Record<string, unknown> & {
        input: Parameters<typeof debugCompilerInput>[0];
      };
      const input = debugCompilerInput(info.input);
      const output: unknown = JSON.parse(solc.compile(JSON.stringify(input)));
      await writeFile(join(infoDir, 'replay-debug.json'), JSON.stringify({ ...info, id: 'replay-debug', input, output }));
      index = new ArtifactIndex((await discoverArtifacts(dir)).artifacts);
      abi = await oracleEvents(dir);
    });
    after(() => {
      const unavailable = tally.checks - tally.shown;
      console.log(
        `      locals oracle on debug replays (via-ir): ${tally.checks} checks, ${tally.shown} shown, ${unavailable} unavailable, ${tally.wrong.length} wrong`,
      );
    });

    for (const spec of LOCALS_CASES.filter((c) => c.name !== DIVERGENT && c.name !== CREATION)) {
      it(`${spec.name}: at every LOG step of the replay's trace the named local has the event's value`, async () => {
        const plan = await planOf(spec.name);
        const outcome = await replayOffThread(plan, 'debug', { trace: true });
        assert.equal(outcome.kind, 'accepted', outcome.kind === 'refused' ? outcome.message : '');
        const columns = outcome.kind === 'accepted' ? outcome.observation.trace : undefined;
        assert.ok(columns, 'the accepted replay carries its trace');
        const trace = replayTraceOf(columns, ids.get(spec.name)!);
        assert.equal(trace.summary.pcConvention, 'pre-op');
        const codeAt = (address: string) => plan.input.debugCode[address] ?? plan.input.accounts.find((a) => a.address === address)?.code;
        const sources = new TraceSources(trace, index, new SourceFiles(), async (address) => {
          const code = codeAt(address.toLowerCase());
          return code ? { runtime: codeBytes(code), creation: undefined } : undefined;
        });
        const program = await Program.build(trace, sources, new SourceFiles());
        const { actions } = await new MirrorClient(endpoints, http).contractActions(ids.get(spec.name)!);
        const logs = checkLocalsAtLogs(
          { name: spec.name, opened: openedFrom(trace, program, actions), abi, mayBeUnavailable: true },
          tally,
        );
        assert.ok(logs > 0, 'the replay emitted no event its trace can read');
        assert.deepEqual(
          tally.wrong.filter((w) => w.startsWith(`${spec.name} `)),
          [],
        );
      });
    }

    it('shows at least 95% of the checks, none wrong', () => {
      assert.ok(tally.checks > 0, 'no check ran');
      assert.deepEqual(tally.wrong, []);
      assert.ok(tally.shown >= 0.95 * tally.checks, `${tally.shown} of ${tally.checks} shown`);
    });
  });
});
