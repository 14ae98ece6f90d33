// A transaction's contract result and its call frames as the mirror's REST module records them: the schemas of
// `GET /contracts/results/{id}` and `GET /contracts/results/{id}/actions` (paged by `links.next`), which the mirror
// client (core/mirror/client.ts) reads.
// Unlike /opcodes these are plain REST reads, so they are cheap and not rate-limited to one per second; the
// actions carry each frame's input and output, which is what names calls and their arguments without memory.
import { z } from 'zod';
import { shownInt64 } from './approximate';
import { ApiError } from './errors';
import { BODY_LIMITS } from './net/limits';

const entityId = z.string().regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/, 'expected an entity id like 0.0.1234');
const timestamp = z.string().regex(/^\d{1,10}(\.\d{1,9})?$/, 'expected a timestamp like 1234567890.000000001');
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex');
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an EVM address (0x + 40 hex digits)');
/** int64 fields: json.ts parses integers beyond 2^53 as bigint, so both forms are exact. */
const int64 = z.union([z.number().int(), z.bigint()]);
/** The header only shows these: one sent inexactly is kept, marked ≈, rather than losing the whole result. */
const shown = shownInt64;

export const contractResultLogSchema = z.looseObject({
  address: evmAddress,
  contract_id: entityId.nullable().optional(),
  data: hex.nullable().optional(),
  index: z.number().int(),
  topics: z.array(hex).nullable().optional(),
});

/** ContractResultDetails; objects are loose so fields a newer mirror adds are kept. */
export const contractResultSchema = z.looseObject({
  address: evmAddress.nullable().optional(),
  amount: shown.nullable().optional(),
  block_hash: hex.nullable().optional(),
  block_number: shown.nullable().optional(),
  call_result: hex.nullable().optional(),
  contract_id: entityId.nullable().optional(),
  created_contract_ids: z.array(entityId).nullable().optional(),
  /** Revert data as hex, or a halt's reason as text. */
  error_message: z.string().nullable().optional(),
  from: evmAddress.nullable().optional(),
  function_parameters: hex.nullable().optional(),
  gas_consumed: shown.nullable().optional(),
  gas_limit: shown,
  gas_used: shown.nullable().optional(),
  hash: z.string().optional(),
  logs: z.array(contractResultLogSchema).optional(),
  /** The transaction's status name, e.g. SUCCESS or CONTRACT_REVERT_EXECUTED. */
  result: z.string(),
  /** `0x1` for success, `0x0` otherwise. */
  status: z.string(),
  timestamp,
  to: evmAddress.nullable().optional(),
});

/** Known values; a newer mirror may send others, which are kept as sent. */
export type CallOperationType = 'CALL' | 'CALLCODE' | 'CREATE' | 'CREATE2' | 'DELEGATECALL' | 'STATICCALL' | 'UNKNOWN';
export type ActionCallType = 'NO_ACTION' | 'CALL' | 'CREATE' | 'PRECOMPILE' | 'SYSTEM';
export type ResultDataType = 'OUTPUT' | 'REVERT_REASON' | 'ERROR';

export const contractActionSchema = z.looseObject({
  call_depth: z.number().int().nonnegative(),
  call_operation_type: z.string(),
  call_type: z.string(),
  caller: entityId.nullable().optional(),
  caller_type: z.string().nullable().optional(),
  from: evmAddress.nullable().optional(),
  gas: int64,
  gas_used: int64,
  index: z.number().int().nonnegative(),
  input: hex.nullable().optional(),
  recipient: entityId.nullable().optional(),
  recipient_type: z.string().nullable().optional(),
  result_data: hex.nullable().optional(),
  result_data_type: z.string(),
  timestamp: timestamp.optional(),
  to: evmAddress.nullable().optional(),
  value: int64,
});

export const contractActionsPageSchema = z.looseObject({
  actions: z.array(contractActionSchema),
  links: z.looseObject({ next: z.string().nullable().optional() }).optional(),
});

export type ContractResult = z.infer<typeof contractResultSchema>;
type ContractActionsPage = z.infer<typeof contractActionsPageSchema>;
export type ContractResultLog = z.infer<typeof contractResultLogSchema>;
export type ContractAction = z.infer<typeof contractActionSchema> & {
  call_operation_type: CallOperationType | (string & {});
  call_type: ActionCallType | (string & {});
  result_data_type: ResultDataType | (string & {});
};

export interface ContractResultResponse {
  result: ContractResult;
  /** The body exactly as parsed (lossless). */
  raw: unknown;
  url: string;
}

export interface ContractActionsResponse {
  /** In `index` order. */
  actions: ContractAction[];
  /** False when a budget stopped the walk before the mirror's last page. */
  complete: boolean;
  /** What stopped it: the page count, or the byte budget of all pages together (null when complete). */
  stoppedBy: 'pages' | 'bytes' | null;
  /** The first page's URL. */
  url: string;
}

/**
 * The actions of one transaction, all pages together: a page may be as large as any JSON answer, but pages chained
 * by links.next would otherwise each be parsed and kept (32 pages of 15 MB held 2.6 GB).
 */
export const MAX_ACTIONS_BYTES = BODY_LIMITS.json;

/** Validates a parsed body; a mismatch is the server's fault, reported as 'bad-response' naming the field. */
export function parsed<T>(schema: z.ZodType<T>, raw: unknown, what: string, url: string): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : '(body)';
  throw new ApiError('bad-response', `The mirror sent an invalid ${what}: field ${field}: ${issue.message} (GET ${url})`, { url });
}

/** Why only some calls have their arguments, for a names note; null when every action was read. */
export function partialActionsNote(response: Pick<ContractActionsResponse, 'actions' | 'stoppedBy'>): string | null {
  const first = `only the first ${response.actions.length} calls have their arguments`;
  if (response.stoppedBy === 'pages') return `${first} (the mirror has more actions)`;
  if (response.stoppedBy === 'bytes')
    return `${first} (the mirror's actions exceed the ${MAX_ACTIONS_BYTES / (1024 * 1024)} MB budget for all pages)`;
  return null;
}

/** What an action costs the budget: its calldata and output (the bulk of a page), plus the fields around them. */
export const keptBytes = (action: ContractActionsPage['actions'][number]): number =>
  512 + (action.input?.length ?? 0) + (action.result_data?.length ?? 0);

/** The next page under our own REST URL: only its query is taken from the link, after checking its path. */
export function nextPageUrl(restUrl: string, path: string, next: string, shown: string): string {
  let link: URL;
  try {
    link = new URL(next, 'http://mirror.invalid');
  } catch {
    throw new ApiError('bad-response', `The mirror sent an unreadable next-page link (GET ${shown})`, { url: shown });
  }
  if (!link.pathname.endsWith(path)) {
    throw new ApiError('bad-response', `The mirror's next-page link leaves this transaction's actions (GET ${shown})`, { url: shown });
  }
  return `${restUrl}${path}${link.search}`;
}
