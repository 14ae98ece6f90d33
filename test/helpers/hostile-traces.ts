// Hostile opcodes bodies, generated on the fly for the limit tests (decoder, CLI, extension): each is small to
// describe, and what a decoder without bounds would turn into gigabytes or a V8 fatal error.

/** The envelope every body shares; `opcodes` last, so the steps can stream after it. */
export const ENVELOPE_HEAD =
  '{"address":"0x00000000000000000000000000000000000003e8","contract_id":"0.0.1000","failed":false,"gas":21000,"return_value":"0x","opcodes":[';
export const ENVELOPE_TAIL = ']}';

export interface StepFields {
  pc?: number | string;
  op?: string;
  gas?: number | string;
  gas_cost?: number | string;
  depth?: number | string;
  /** Raw JSON text of the remaining fields, appended as is (e.g. `"stack":[…]`). */
  extra?: string;
}

/** One step as JSON text; numbers given as strings are written verbatim (for values JSON.stringify would round). */
export function step({ pc = 0, op = 'JUMPDEST', gas = 1000, gas_cost = 1, depth = 0, extra }: StepFields = {}): string {
  return `{"pc":${pc},"op":${JSON.stringify(op)},"gas":${gas},"gas_cost":${gas_cost},"depth":${depth}${extra ? `,${extra}` : ''}}`;
}

export function body(steps: string[]): string {
  return ENVELOPE_HEAD + steps.join(',') + ENVELOPE_TAIL;
}

/** A call, then a step ten million frames deeper: one frame per skipped level would take gigabytes. */
export function depthBomb(depth = 10_000_000): string {
  return body([step({ op: 'CALL' }), step({ op: 'STOP', depth })]);
}

/** Steps each carrying a 4 MB reason: each within the per-item bound, 800 MB together. */
export function* reasonsBomb(steps = 200): Generator<Buffer> {
  yield Buffer.from(ENVELOPE_HEAD);
  const reason = `"reason":"0x${'ab'.repeat(2_000_000)}"`;
  for (let i = 0; i < steps; i++) yield Buffer.from((i ? ',' : '') + step({ op: 'REVERT', extra: reason }));
  yield Buffer.from(ENVELOPE_TAIL);
}

/** `n` words of `digits` hex digits each, as a JSON array. */
export function words(n: number, digits = 64, fill = 'a'): string {
  const word = `"0x${fill.repeat(digits)}"`;
  return `[${Array(n).fill(word).join(',')}]`;
}

/**
 * Chunks of a body whose middle is one byte repeated `count` times: `{"junk":[[[[…` (nesting), spaces (whitespace)
 * or hex digits (one huge item), without ever holding the whole body.
 */
export function* repeated(prefix: string, byte: string, count: number, suffix = '', chunk = 1 << 20): Generator<Buffer> {
  yield Buffer.from(prefix);
  const block = Buffer.alloc(chunk, byte);
  for (let left = count; left > 0; left -= chunk) yield left >= chunk ? block : block.subarray(0, left);
  yield Buffer.from(suffix);
}
