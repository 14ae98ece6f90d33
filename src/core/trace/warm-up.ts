// The decoder worker's JIT warm-up: a small synthetic body, built here in code and shaped like the mirror's (post-op
// steps, unpadded stack items, 32-byte memory words, storage maps, nested calls), decoded while the worker waits for
// its first real body. V8 optimises the scanner only after it has run for a while; without this the first trace of a
// window (and, at 20k steps, the second) pays for that. The warm-up yields to the event loop after every slice, so a
// real body's first message stops it within one slice, and it decodes into a decoder of its own: none of its bytes,
// steps or columns count against a real body's limits.
import { ColumnsDecoder } from './columns-decoder';

/** Steps per warm-up pass: a few thousand, as the issue asked (≈ 3.5 MB of body). */
const WARM_UP_STEPS = 3_000;
/** Passes over the body: V8 tiers the scanner up over several runs, not within the first. */
const WARM_UP_PASSES = 3;
/** Steps per slice: the longest a real body's first message can wait (well under a millisecond once compiled). */
const SLICE_STEPS = 8;

const OPS = ['PUSH1', 'DUP2', 'SWAP1', 'ADD', 'MSTORE', 'MLOAD', 'JUMPDEST', 'JUMPI', 'SLOAD', 'SSTORE', 'POP', 'ISZERO'];
const word = (n: number): string => `"0x${(n >>> 0).toString(16).padStart(8, '0').repeat(8)}"`;

/** The body in slices of `SLICE_STEPS` steps, generated as they are taken (nothing is built up front). */
function* bodySlices(): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  const memory = [word(0), word(0), word(0x80)];
  const storage: string[] = [];
  const stack: string[] = ['"0x4"', '"0x80"'];
  let text = '{"address":"0x00000000000000000000000000000000000003e9","contract_id":"0.0.1001","failed":false,"gas":400000,"opcodes":[';
  let gas = 400_000;
  for (let i = 0; i < WARM_UP_STEPS; i++) {
    const op = OPS[(i * 7 + (i >> 3)) % OPS.length];
    const depth = (i >> 9) % 3;
    if (op === 'POP' || op === 'ADD' || op === 'SWAP1') stack.pop();
    else stack.push(i % 5 === 0 ? word(i * 2654435761) : `"0x${(i & 0xfff).toString(16)}"`);
    if (stack.length > 14) stack.splice(0, 6);
    if (op === 'MSTORE' && memory.length < 4) memory.push(word(i));
    if (op === 'SSTORE') storage.push(`"0x${(i & 0xff).toString(16).padStart(64, '0')}":${word(i * 40503)}`);
    gas -= 3;
    text += `${i === 0 ? '' : ','}{"depth":${depth},"gas":${gas},"gas_cost":3,"memory":[${memory.join(',')}],"op":"${op}","pc":${i * 2},"reason":null,"stack":[${stack.join(',')}],"storage":{${storage.slice(-4).join(',')}}}`;
    if (i % SLICE_STEPS === SLICE_STEPS - 1) {
      yield encoder.encode(text);
      text = '';
    }
  }
  yield encoder.encode(`${text}],"return_value":"0x"}`);
}

/**
 * Decodes the synthetic body `WARM_UP_PASSES` times, one slice per turn of the event loop, until `stopped()` says a
 * real body has arrived. Its own failure (a defect the real body would meet too) is left for that body to report.
 */
export async function warmUp(stopped: () => boolean): Promise<void> {
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) {
    const decoder = new ColumnsDecoder();
    for (const slice of bodySlices()) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (stopped()) return;
      try {
        decoder.write(slice);
      } catch {
        return;
      }
    }
    try {
      decoder.finishRaw();
    } catch {
      return;
    }
  }
}
