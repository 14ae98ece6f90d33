// Replays of real transactions (the reference mirror's EVM, served over loopback): the Locals cases as compiled
// with viaIR and the optimizer, replayed with their debug build (the same sources, legacy code, optimizer off,
// compiled again here with solc from npm) are accepted, since every call, log and write is the same; an edited
// build that behaves differently is refused with the place named; hostile inputs and a loop each get a clear refusal.
import { strict as assert } from 'node:assert';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALS_CASES } from '../../../servers/mirror/evm/cases';
import { createEvmTraceProvider } from '../../../servers/mirror/evm/index';
import { startMirror, type RunningMirror } from '../../../servers/mirror/server';
import { fetchContractActions, fetchContractResult } from '../../../src/core/contract-results';
import { HttpClient } from '../../../src/core/http';
import { type Endpoints, resolveNetwork } from '../../../src/core/networks';
import { compileDebugBuild, debugRuntime } from '../../../src/core/replay/debug-build';
import { planReplay, type ReplayPlan } from '../../../src/core/replay/plan';
import { replayInThread } from '../../../src/core/replay/replay';
import { replayOffThread } from '../../../src/core/replay/replay-runner';
import { MAX_CODE_BYTES } from '../../../src/core/replay/replay-input';
import { fetchContractCode } from '../../../src/core/sourcemap/contract-code';
import { fetchWithOwnClient } from '../helpers/reference-mirror';

interface BuildInfo {
  input: { language: string; sources: Record<string, { content: string }>; settings: Record<string, unknown> };
  output: {
    contracts: Record<
      string,
      Record<string, { evm: { deployedBytecode: { object: string; immutableReferences?: unknown; linkReferences?: unknown } } }>
    >;
  };
}

describe('Replay of a past transaction with a debug build (#31)', function () {
  this.timeout(600_000);
  let dir: string;
  let mirror: RunningMirror;
  let http: HttpClient;
  let endpoints: Endpoints;
  let ids: Map<string, string>;
  let build: BuildInfo;
  let debug: ReturnType<typeof compileDebugBuild>;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledger-replay-'));
    const provider = await createEvmTraceProvider({ compiler: 'via-ir', buildInfoDir: dir });
    ids = new Map(provider.cases.map((c) => [c.name, c.transactionId]));
    mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity });
    http = new HttpClient();
    endpoints = resolveNetwork('custom', { mirrorUrl: mirror.url });
    const infoDir = join(dir, 'artifacts', 'build-info');
    const [file] = (await readdir(infoDir)).filter((f) => f.endsWith('.json'));
    build = JSON.parse(await readFile(join(infoDir, file!), 'utf8')) as BuildInfo;
    debug = compileDebugBuild(build.input);
  });
  after(async () => {
    await http?.close();
    await mirror?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The case's plan, each contract it reaches running its debug build (found by the code that ran). */
  async function planOf(name: string): Promise<ReplayPlan> {
    const id = ids.get(name)!;
    const trace = await fetchWithOwnClient(endpoints, id, { stack: true });
    const { result } = await fetchContractResult(http, endpoints, id);
    const actions = await fetchContractActions(http, endpoints, id);
    const reached = new Set([result.to!.toLowerCase(), ...actions.actions.flatMap((a) => (a.to ? [a.to.toLowerCase()] : []))]);
    const code = new Map<string, string>();
    const debugCode = new Map<string, string>();
    for (const address of reached) {
      const runtime = (await fetchContractCode(http, endpoints.restUrl, address))?.runtime;
      if (!runtime) continue;
      const ran = `0x${Buffer.from(runtime).toString('hex')}`;
      code.set(address, ran);
      for (const [sourceName, byName] of Object.entries(build.output.contracts)) {
        for (const [contract, out] of Object.entries(byName)) {
          if (out.evm.deployedBytecode.object.length * 0.5 !== runtime.length) continue;
          const target = debug.contracts.find((c) => c.sourceName === sourceName && c.name === contract)!;
          if (sameCode(out.evm.deployedBytecode.object, ran))
            debugCode.set(address, debugRuntime(target, { code: ran, ...out.evm.deployedBytecode }));
        }
      }
    }
    return planReplay(result, actions, trace, code, debugCode);
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
});

/** Whether solc's `object` (placeholders for links and zeros for immutables) is the code that ran, those bytes aside. */
function sameCode(object: string, ran: string): boolean {
  const body = ran.slice(2);
  if (object.length !== body.length) return false;
  for (let i = 0; i < object.length; i += 64) {
    const a = object.slice(i, i + 64);
    if (a !== body.slice(i, i + 64) && !/^(0+|_.*)$/.test(a)) return false;
  }
  return true;
}
