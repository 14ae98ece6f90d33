// The replay's execution as a trace the project's decoder reads: each step of @ethereumjs/evm written as one entry
// of the opcodes JSON body, in the pre-op convention (pc, gas, stack, memory and storage as the step begins, as geth
// records them; the project's Trace detects the convention from the pcs themselves), fed chunk by chunk into the
// trace decoder's own column builder. So the replay's trace is bounded by the decoder's byte budget as a fetched
// trace is, and by the replay's step budget; its columns go back to the host, which checks and analyses them as it
// does a fetched trace's (replayTraceOf). Storage at a step is the running contract's slots known so far: the values
// the pre-state proves and the replay's writes. A system contract answered from the recorded actions has no steps.
import type { InterpreterStep } from '@ethereumjs/evm';
import { ApiError } from '../errors';
import { ColumnsDecoder, type RawColumns } from '../trace/columns-decoder';
import { traceOf, validated } from '../trace/decoder';
import type { ColumnarTrace } from '../trace/trace';
import { ReplayRefused } from './replay-input';

const CHUNK_CHARS = 1 << 16;
const word = (value: bigint): string => `"0x${value.toString(16).padStart(64, '0')}"`;

/** Records steps as the opcodes body; `finish` hands back the decoded columns (transferable to the host). */
export class ReplayTraceRecorder {
  private readonly decoder: ColumnsDecoder;
  private readonly encoder = new TextEncoder();
  /** The envelope's fields follow the steps (the decoder reads an object's members in any order). */
  private buffer = '{"opcodes":[';
  private first = true;
  /** Per account: slot → value word (JSON), and the map's JSON while unchanged. */
  private readonly storage = new Map<string, { slots: Map<string, string>; json: string | undefined }>();
  private lastMemory: { bytes: Buffer; json: string } | undefined;

  /** @param known each account's slots as the pre-state proves them (`0x` + 64 hex → value). */
  constructor(known: ReadonlyMap<string, Readonly<Record<string, string>>>, maxBytes?: number) {
    this.decoder = new ColumnsDecoder(maxBytes);
    for (const [account, slots] of known) {
      const entries = Object.entries(slots).map(([slot, value]) => [quoted(slot), word(BigInt(value))] as [string, string]);
      this.storage.set(account, { slots: new Map(entries), json: undefined });
    }
  }

  step(step: InterpreterStep): void {
    const account = step.address.toString().toLowerCase();
    const stack = step.stack.map(word).join(',');
    const entry =
      `{"depth":${step.depth},"gas":${step.gasLeft},"gas_cost":${step.opcode.dynamicFee ?? step.opcode.fee},` +
      `"memory":${this.memoryJson(step.memory)},"op":"${step.opcode.name}","pc":${step.pc},"reason":null,` +
      `"stack":[${stack}],"storage":${this.storageJson(account)}}`;
    this.push((this.first ? '' : ',') + entry);
    this.first = false;
    if (step.opcode.name === 'SSTORE' && step.stack.length >= 2) {
      const state = this.storageOf(account);
      state.slots.set(word(step.stack.at(-1)!), word(step.stack.at(-2)!));
      state.json = undefined;
    }
  }

  /** Ends the body with the replay's outcome and returns the decoded, not yet checked, columns. */
  finish(envelope: { address: string; failed: boolean; gasUsed: bigint; returnValue: string }): RawColumns {
    this.push(
      `],"address":"${envelope.address}","contract_id":null,"failed":${envelope.failed},"gas":${envelope.gasUsed},` +
        `"return_value":"${envelope.returnValue}"}`,
      true,
    );
    try {
      const { parts, fields, sawOpcodes, truncated } = this.decoder.finishRaw();
      return { parts, fields, sawOpcodes, truncated };
    } catch (err) {
      throw asRefusal(err);
    }
  }

  private push(text: string, flush = false): void {
    this.buffer += text;
    if (flush || this.buffer.length >= CHUNK_CHARS) {
      try {
        this.decoder.write(this.encoder.encode(this.buffer));
      } catch (err) {
        throw asRefusal(err);
      }
      this.buffer = '';
    }
  }

  /** Memory as JSON words; most steps leave it as the previous step did, so that one's JSON is kept (memcmp is cheap). */
  private memoryJson(memory: Uint8Array): string {
    const bytes = Buffer.from(memory.buffer, memory.byteOffset, memory.byteLength);
    if (this.lastMemory && bytes.equals(this.lastMemory.bytes)) return this.lastMemory.json;
    const words: string[] = [];
    for (let at = 0; at < bytes.length; at += 32)
      words.push(
        `"0x${bytes
          .subarray(at, at + 32)
          .toString('hex')
          .padEnd(64, '0')}"`,
      );
    this.lastMemory = { bytes: Buffer.from(bytes), json: `[${words.join(',')}]` };
    return this.lastMemory.json;
  }

  private storageOf(account: string): { slots: Map<string, string>; json: string | undefined } {
    let state = this.storage.get(account);
    if (!state) this.storage.set(account, (state = { slots: new Map(), json: undefined }));
    return state;
  }

  private storageJson(account: string): string {
    const state = this.storageOf(account);
    state.json ??= `{${[...state.slots].map(([slot, value]) => `${slot}:${value}`).join(',')}}`;
    return state.json;
  }
}

const quoted = (slot: string): string => `"0x${BigInt(slot).toString(16).padStart(64, '0')}"`;

function asRefusal(err: unknown): Error {
  if (err instanceof ApiError && err.kind === 'too-large')
    return new ReplayRefused('budget', `The replay's trace is too large to hold: ${err.message}`);
  return err instanceof Error ? err : new Error(String(err));
}

/** The replay's trace in the host: its columns checked and analysed as a fetched trace's are. */
export function replayTraceOf(columns: RawColumns, transaction = ''): ColumnarTrace {
  return traceOf(validated(columns), { transaction, parts: { stack: true, memory: true, storage: true } });
}
