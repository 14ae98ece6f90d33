/**
 * Writes the 200 body of `GET /api/v1/contracts/results/{id}/opcodes` from a StepLog, chunk by chunk, so a
 * trace of millions of steps (hundreds of MB of JSON) never exists as one string. Field order follows the
 * mirror's generated models (alphabetical, as in its OpenAPI spec); the JSON is compact, as Jackson writes it.
 */
import type { OpcodeQuery } from '../trace-provider';
import { EMPTY, type StepLog } from './step-log';

export interface TraceEnvelope {
  /** Recipient, `0x` + 40 lowercase hex. */
  address: string;
  contractId: string | null;
  failed: boolean;
  gasUsed: number;
  /** `0x`-hex output; "0x" when empty (and for failed transactions, as the mirror does). */
  returnValue: string;
}

export interface BodyOptions {
  /** A disabled part is `null` instead of `[]`/`{}` (the spec allows it; v0.129 sends empty collections). */
  nullParts: boolean;
  /** Keep only the first N steps and append the truncation marker that newer mirrors add. */
  truncateAt?: number;
}

/** Op name of the marker entry newer mirrors append when they cap a trace (PR #14065; string not verified). */
export const TRUNCATION_MARKER_OP = 'TRUNCATED_OP';
const MARKER =
  `{"depth":0,"gas":0,"gas_cost":0,"memory":[],"op":"${TRUNCATION_MARKER_OP}","pc":0,"reason":null,"stack":[],"storage":{}}`;

const CHUNK_CHARS = 1 << 16;

export async function writeTraceBody(
  log: StepLog,
  envelope: TraceEnvelope,
  query: OpcodeQuery,
  options: BodyOptions,
  sink: (chunk: string) => Promise<void> | void,
): Promise<void> {
  const contractId = envelope.contractId === null ? 'null' : JSON.stringify(envelope.contractId);
  let buffer =
    `{"address":${JSON.stringify(envelope.address)},"contract_id":${contractId},` +
    `"failed":${envelope.failed},"gas":${envelope.gasUsed},"opcodes":[`;
  const count = options.truncateAt === undefined ? log.length : Math.min(log.length, options.truncateAt);
  const parts = new PartWriter(log, query, options.nullParts);
  for (let i = 0; i < count; i++) {
    buffer += (i === 0 ? '' : ',') + stepJson(log, parts, i);
    if (buffer.length >= CHUNK_CHARS) {
      await sink(buffer);
      buffer = '';
    }
  }
  if (count < log.length) buffer += (count === 0 ? '' : ',') + MARKER;
  buffer += `],"return_value":${JSON.stringify(envelope.returnValue)}}`;
  await sink(buffer);
}

function stepJson(log: StepLog, parts: PartWriter, i: number): string {
  const reason = log.reasons.get(i);
  return (
    `{"depth":${log.depth[i]},"gas":${log.gas[i]},"gas_cost":${log.gasCost[i]},"memory":${parts.memory(i)},` +
    `"op":${log.opNames[log.op[i]!]},"pc":${log.pc[i]},"reason":${reason === undefined ? 'null' : `"${reason}"`},` +
    `"stack":${parts.stack(i)},"storage":${parts.storage(i)}}`
  );
}

/** Renders the stack/memory/storage parts; consecutive steps often share a snapshot, so the last one is cached. */
class PartWriter {
  private readonly items: string[] = [];
  private lastMemory = { id: Number.NaN, json: '' };
  private lastStorage = { id: Number.NaN, json: '' };
  private readonly disabledList: string;
  private readonly disabledMap: string;

  constructor(
    private readonly log: StepLog,
    private readonly query: OpcodeQuery,
    nullParts: boolean,
  ) {
    this.disabledList = nullParts ? 'null' : '[]';
    this.disabledMap = nullParts ? 'null' : '{}';
  }

  stack(i: number): string {
    if (!this.query.stack) return this.disabledList;
    const { nodeParent, nodeWord, words } = this.log;
    const items = this.items;
    items.length = 0;
    for (let node = this.log.stack[i]!; node !== EMPTY; node = nodeParent[node]!) items.push(words[nodeWord[node]!]!);
    return `[${items.reverse().join(',')}]`;
  }

  memory(i: number): string {
    if (!this.query.memory) return this.disabledList;
    const id = this.log.memory[i]!;
    if (id !== this.lastMemory.id) {
      const words = id === EMPTY ? [] : Array.from(this.log.memorySnapshots[id]!, (w) => this.log.words[w]!);
      this.lastMemory = { id, json: `[${words.join(',')}]` };
    }
    return this.lastMemory.json;
  }

  storage(i: number): string {
    if (!this.query.storage) return this.disabledMap;
    const id = this.log.storage[i]!;
    if (id !== this.lastStorage.id) {
      const pairs = id === EMPTY ? new Int32Array(0) : this.log.storageSnapshots[id]!;
      const entries: string[] = [];
      for (let k = 0; k < pairs.length; k += 2) entries.push(`${this.log.words[pairs[k]!]}:${this.log.words[pairs[k + 1]!]}`);
      this.lastStorage = { id, json: `{${entries.join(',')}}` };
    }
    return this.lastStorage.json;
  }
}
