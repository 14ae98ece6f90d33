// From what the mirror recorded of a transaction to what a replay runs on and is checked against. The pre-state is
// the one the transaction itself proves: each reached contract's code as it ran (the mirror's `/contracts/{address}`),
// each slot's value before the transaction from the trace's first access to it when that access is a read, and no
// balance (a replay that reads one is refused). Hedera values are tinybars; the EVM's are weibars (× 10^10).
import type { Trace } from '../../shared/trace-model';
import type { ContractAction, ContractActionsResponse, ContractResult } from '../contract-results';
import { storageAccessesOf } from '../trace/storage-accesses';
import type { RecordedBehaviour } from './equivalence';
import { nativeKindOf } from './native-addresses';
import { ReplayRefused, type ReplayInput } from './replay-input';

/** One tinybar in weibars: the EVM on Hedera scales HBAR values by 10^10. */
export const WEIBARS_PER_TINYBAR = 10_000_000_000n;

export interface ReplayPlan {
  input: ReplayInput;
  recorded: RecordedBehaviour;
  /** The contracts the replay runs, whose code a debug build may replace (`0x` + 40 lowercase hex). */
  contracts: string[];
}

const tinybarsToWeibars = (v: number | bigint | null | undefined): bigint => BigInt(v ?? 0) * WEIBARS_PER_TINYBAR;

/**
 * @param code each contract's runtime code as it ran, by address (from the mirror); a contract reached with no
 *   code here refuses the plan.
 * @param debugCode code to run instead, by address (see debug-build.ts), or none for the code that ran.
 */
export function planReplay(
  result: ContractResult,
  actions: ContractActionsResponse,
  trace: Trace,
  code: ReadonlyMap<string, string>,
  debugCode: ReadonlyMap<string, string> = new Map(),
): ReplayPlan {
  if (!actions.complete)
    throw new ReplayRefused('bad-input', `The mirror's actions stopped at ${actions.stoppedBy}: a replay needs every call.`);
  const ordered = [...actions.actions].sort((a, b) => a.index - b.index);
  const root = ordered[0];
  if (!root || !result.from || !result.to)
    throw new ReplayRefused('bad-input', 'The transaction has no call to replay (a contract creation, or no actions).');
  if (ordered.some((a) => a.call_type === 'CREATE'))
    throw new ReplayRefused('bad-input', 'Replaying a transaction that creates contracts is not supported yet.');
  const accesses = storageAccessesOf(trace);
  if (!accesses.available)
    throw new ReplayRefused('bad-input', 'The trace has no stack, so its storage reads and writes are unknown: fetch it with the stack.');

  const before: Record<string, Record<string, string>> = {};
  const writes: Record<string, Record<string, string>> = {};
  const last = trace.length - 1;
  for (const account of accesses.accounts) {
    const known: Record<string, string> = {};
    for (const access of accesses.accessesOf(account)) {
      if (!(access.slot in known) && access.kind === 'read') known[access.slot] = access.value;
      else known[access.slot] ??= '';
    }
    before[account] = Object.fromEntries(Object.entries(known).filter(([, v]) => v !== ''));
    if (!trace.summary.failed) {
      const written = [...accesses.stateAt(last, account)].filter(([, s]) => s.written);
      if (written.length > 0) writes[account] = Object.fromEntries(written.map(([slot, s]) => [slot, s.value]));
    }
  }

  const reached = new Set([result.to.toLowerCase(), ...ordered.flatMap((a) => (isContractCall(a) && a.to ? [a.to.toLowerCase()] : []))]);
  const contracts = [...reached].sort();
  const accounts = contracts.map((address) => {
    const ran = code.get(address);
    if (ran === undefined) throw new ReplayRefused('unknown-state', `The mirror has no code for ${address}, which the transaction calls.`);
    return { address, code: ran, storage: before[address] ?? {} };
  });
  return {
    input: {
      from: result.from.toLowerCase(),
      to: result.to.toLowerCase(),
      input: root.input ?? result.function_parameters ?? '0x',
      value: String(tinybarsToWeibars(root.value)),
      gasLimit: String(result.gas_limit),
      blockNumber: String(result.block_number ?? 0),
      timestamp: result.timestamp.split('.')[0]!,
      accounts,
      debugCode: Object.fromEntries(debugCode),
      systemAnswers: ordered
        .filter((a) => a.to && nativeKindOf(a.to.toLowerCase()) === 'SYSTEM')
        .map((a) => ({
          to: a.to!.toLowerCase(),
          input: a.input ?? '0x',
          output: a.result_data ?? '0x',
          reverted: a.result_data_type !== 'OUTPUT',
        })),
    },
    recorded: {
      calls: ordered.map((a) => ({
        depth: a.call_depth,
        to: a.to?.toLowerCase() ?? null,
        input: a.input ?? '0x',
        value: tinybarsToWeibars(a.value),
        resultData: a.result_data ?? '0x',
        resultType: a.result_data_type,
      })),
      logs: [...(result.logs ?? [])]
        .sort((a, b) => a.index - b.index)
        .map((l) => ({ address: l.address, topics: l.topics ?? [], data: l.data ?? '0x' })),
      writes,
      before,
    },
    contracts,
  };
}

function isContractCall(action: ContractAction): boolean {
  return action.call_type === 'CALL' && action.to != null && nativeKindOf(action.to.toLowerCase()) === undefined;
}
