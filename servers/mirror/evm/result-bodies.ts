/**
 * The REST module's view of one executed case: `GET /api/v1/contracts/results/{id}` (ContractResultDetails) and
 * the items of `GET /api/v1/contracts/results/{id}/actions` (ContractAction), built from what the EVM did. Field
 * names and value forms follow the mirror's OpenAPI spec: hex strings with `0x`, int64 as JSON integers (bigints
 * are written as plain digits), entity ids as `s.r.n`, timestamps as `seconds.nanos`.
 */
import { createHash } from 'node:crypto';
import type { RecordedAction } from './actions';
import { entityId, numOfLongZero, PAYER_NUM } from './ids';
import type { TransactionOutcome } from './ledger';

export interface ResultFacts {
  /** Position of the case, which fixes its block (one transaction per record file here). */
  index: number;
  hash: string;
  /** `seconds.nanos` */
  consensusTimestamp: string;
  /** The called contract. */
  to: string;
  contractId: string;
  outcome: TransactionOutcome;
  /** `s.r.n` of a contract the chain knows, by EVM address; undefined for anything else. */
  contractIdOf: (address: string) => string | undefined;
}

/** The two bodies the REST module serves for a transaction. */
export interface ResultBodies {
  result: Record<string, unknown>;
  actions: ActionBody[];
}

export type ActionBody = { index: number } & Record<string, unknown>;

/** Record files here start at block 1000; each case is alone in its block. */
const FIRST_BLOCK = 1000;

export function resultBodies(facts: ResultFacts): ResultBodies {
  const { outcome } = facts;
  const entityOf = (address: string | null) => (address === null ? null : (facts.contractIdOf(address) ?? longZeroEntity(address)));
  const blockNumber = FIRST_BLOCK + facts.index;
  const logs = outcome.logs.map((log, index) => ({
    address: log.address,
    bloom: '0x',
    contract_id: entityOf(log.address),
    data: log.data,
    index,
    topics: log.topics,
  }));
  const result = {
    address: facts.to,
    amount: 0,
    bloom: '0x',
    call_result: outcome.failed ? '0x' : outcome.output,
    contract_id: facts.contractId,
    created_contract_ids: outcome.trace.createdAddresses.map((a) => entityOf(a)).filter((id) => id !== null),
    // The mirror keeps a revert's data as hex text and a halt's reason as the status name.
    error_message: outcome.failed ? (outcome.halt === undefined ? outcome.output : outcome.halt) : null,
    from: outcome.from,
    function_parameters: outcome.input,
    gas_consumed: outcome.gasUsed,
    gas_limit: outcome.gasLimit,
    gas_used: outcome.gasUsed,
    timestamp: facts.consensusTimestamp,
    to: facts.to,
    hash: facts.hash,
    block_hash: `0x${createHash('sha384').update(`block ${blockNumber}`).digest('hex')}`,
    block_number: blockNumber,
    logs,
    result: outcome.failed ? 'CONTRACT_REVERT_EXECUTED' : 'SUCCESS',
    transaction_index: 0,
    state_changes: [],
    status: outcome.failed ? '0x0' : '0x1',
    failed_initcode: null,
    access_list: null,
    block_gas_used: outcome.gasUsed,
    chain_id: null,
    gas_price: null,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    r: null,
    s: null,
    type: null,
    v: null,
    nonce: null,
  };
  const actions = outcome.actions.map((action) => actionBody(action, facts, entityOf));
  return { result, actions };
}

function actionBody(action: RecordedAction, facts: ResultFacts, entityOf: (a: string | null) => string | null): ActionBody {
  const topLevel = action.callDepth === 0;
  const recipient = entityOf(action.to);
  return {
    call_depth: action.callDepth,
    call_operation_type: action.callOperationType,
    call_type: action.callType,
    caller: topLevel ? entityId(PAYER_NUM) : entityOf(action.from),
    caller_type: topLevel ? 'ACCOUNT' : 'CONTRACT',
    from: action.from,
    gas: action.gas,
    gas_used: action.gasUsed,
    index: action.index,
    input: action.input,
    recipient,
    recipient_type: recipient === null ? null : 'CONTRACT',
    result_data: action.resultData,
    result_data_type: action.resultDataType,
    timestamp: facts.consensusTimestamp,
    to: action.to,
    value: action.value,
  };
}

function longZeroEntity(address: string): string | null {
  const num = numOfLongZero(address);
  return num === undefined ? null : entityId(num);
}
