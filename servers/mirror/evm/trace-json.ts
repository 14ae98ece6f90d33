/**
 * Writes the 200 body of `GET /api/v1/contracts/results/{id}/opcodes` from a StepLog, chunk by chunk, so a
 * trace of millions of steps (hundreds of MB of JSON) never exists as one string. Field order follows the
 * mirror's generated models (alphabetical, as in its OpenAPI spec); the JSON is compact, as Jackson writes it.
 */
import type { StorageShape } from '../modes';
import type { OpcodeQuery } from '../trace-provider';
import { CapCounter, NO_OPCODE_CAPS, type OpcodeCaps, TRUNCATION_MARKER_JSON } from '../web3/opcode-caps';
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
  /** The server's trace caps (newer mirrors); a capped trace ends with the truncation marker. */
  caps?: OpcodeCaps;
  /** The storage map's shape (see Mode.storage); default the newest mirror's. */
  storage?: StorageShape;
}

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
  const parts = new PartWriter(log, query, options.nullParts, options.storage ?? 'accesses');
  const counter = new CapCounter(options.caps ?? NO_OPCODE_CAPS);
  for (let i = 0; i < log.length; i++) {
    const stack = parts.stack(i);
    const memory = parts.memory(i);
    const storage = parts.storage(i);
    if (!counter.admit(stack.count, memory.count, storage.count)) {
      buffer += (i === 0 ? '' : ',') + TRUNCATION_MARKER_JSON;
      break;
    }
    buffer += (i === 0 ? '' : ',') + stepJson(log, i, stack.json, memory.json, storage.json);
    if (buffer.length >= CHUNK_CHARS) {
      await sink(buffer);
      buffer = '';
    }
  }
  buffer += `],"return_value":${JSON.stringify(envelope.returnValue)}}`;
  await sink(buffer);
}

function stepJson(log: StepLog, i: number, stack: string, memory: string, storage: string): string {
  const reason = log.reasons.get(i);
  return (
    `{"depth":${log.depth[i]},"gas":${log.gas[i]},"gas_cost":${log.gasCost[i]},"memory":${memory},` +
    `"op":${log.opNames[log.op[i]!]},"pc":${log.pc[i]},"reason":${reason === undefined ? 'null' : `"${reason}"`},` +
    `"stack":${stack},"storage":${storage}}`
  );
}

/** A part as JSON and the number of items it captured (what the caps count). */
interface Part {
  json: string;
  count: number;
}

/** Renders the stack/memory/storage parts; consecutive steps often share a snapshot, so the last one is cached. */
class PartWriter {
  private readonly items: string[] = [];
  private lastMemory = { id: Number.NaN, json: '', count: 0 };
  private lastStorage = { id: Number.NaN, json: '', count: 0 };
  private readonly disabledList: Part;
  private readonly disabledMap: Part;
  private readonly snapshots: Int32Array;

  constructor(
    private readonly log: StepLog,
    private readonly query: OpcodeQuery,
    nullParts: boolean,
    shape: StorageShape,
  ) {
    this.snapshots = shape === 'v0.129' ? log.storage : shape === 'written' ? log.txWritten : log.txAccesses;
    this.disabledList = { json: nullParts ? 'null' : '[]', count: 0 };
    this.disabledMap = { json: nullParts ? 'null' : '{}', count: 0 };
  }

  stack(i: number): Part {
    if (!this.query.stack) return this.disabledList;
    const { nodeParent, nodeWord, words } = this.log;
    const items = this.items;
    items.length = 0;
    for (let node = this.log.stack[i]!; node !== EMPTY; node = nodeParent[node]!) items.push(words[nodeWord[node]!]!);
    return { json: `[${items.reverse().join(',')}]`, count: items.length };
  }

  memory(i: number): Part {
    if (!this.query.memory) return this.disabledList;
    const id = this.log.memory[i]!;
    if (id !== this.lastMemory.id) {
      const words = id === EMPTY ? [] : Array.from(this.log.memorySnapshots[id]!, (w) => this.log.words[w]!);
      this.lastMemory = { id, json: `[${words.join(',')}]`, count: words.length };
    }
    return this.lastMemory;
  }

  storage(i: number): Part {
    if (!this.query.storage) return this.disabledMap;
    const id = this.snapshots[i]!;
    if (id !== this.lastStorage.id) {
      const pairs = id === EMPTY ? new Int32Array(0) : this.log.storageSnapshots[id]!;
      const entries: string[] = [];
      for (let k = 0; k < pairs.length; k += 2) entries.push(`${this.log.words[pairs[k]!]}:${this.log.words[pairs[k + 1]!]}`);
      this.lastStorage = { id, json: `{${entries.join(',')}}`, count: entries.length };
    }
    return this.lastStorage;
  }
}
