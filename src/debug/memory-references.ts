// Where a value's bytes are, for VS Code's memory view: a DAP memoryReference names a place in the recorded trace,
// which never changes, so a reference stays good after the debugger moves on. `memory@<step>:0x<offset>` is memory
// as it is at that step, `calldata@<frame>:0x<offset>` the input of that call frame (the trace's frame index);
// `memory@<step>` starts at 0. readMemory's `offset` counts from the reference's own offset.

export type MemoryPlace = { kind: 'memory'; step: number; offset: number } | { kind: 'calldata'; frame: number; offset: number };

/** What a reference to a value in memory or calldata is made of, as values are read (values.ts). */
export interface References {
  memory(offset: bigint): string | undefined;
  calldata(offset: bigint): string | undefined;
}

/** Offsets beyond this are no place a value can be (memory at one step is at most a few MB; see requests.ts). */
const MAX_OFFSET = 2 ** 32;
const REFERENCE = /^(memory|calldata)@(\d{1,10})(?::0x([0-9a-f]{1,9}))?$/;

const hex = (n: bigint | number) => `0x${n.toString(16)}`;

export const NO_REFERENCES: References = { memory: () => undefined, calldata: () => undefined };

/** A place in memory at `step`; none past what any memory can be. */
export const memoryReference = (step: number, offset: bigint) =>
  offset < BigInt(MAX_OFFSET) ? `memory@${step}:${hex(offset)}` : undefined;
/** A place in the input of call frame `frame`. */
export const calldataReference = (frame: number, offset: bigint) =>
  offset < BigInt(MAX_OFFSET) ? `calldata@${frame}:${hex(offset)}` : undefined;

export function referencesFor(step: number, frame: number): References {
  return { memory: (offset) => memoryReference(step, offset), calldata: (offset) => calldataReference(frame, offset) };
}

/** The place a reference names, or why it names none (the refusal readMemory sends). */
export function parseReference(reference: string): MemoryPlace | string {
  const m = REFERENCE.exec(reference);
  const offset = m?.[3] === undefined ? 0 : parseInt(m[3], 16);
  if (!m || offset >= MAX_OFFSET)
    return `memoryReference ${JSON.stringify(reference.slice(0, 64))} is not one this debugger gave: it reads memory@<step>:0x<offset> and calldata@<frame>:0x<offset>.`;
  const index = Number(m[2]);
  return m[1] === 'memory' ? { kind: 'memory', step: index, offset } : { kind: 'calldata', frame: index, offset };
}

/**
 * `count` bytes of `data` from `base + offset`: what is past the end is unreadable (DAP: counted after the last byte
 * read). A start before the beginning is refused.
 */
export function readAt(
  data: Uint8Array,
  base: number,
  offset: number,
  count: number,
): { address: string; data: string; unreadableBytes: number } | string {
  const from = base + offset;
  if (from < 0) return `offset ${offset} reads before the start (byte ${from}).`;
  const slice = data.subarray(Math.min(from, data.length), Math.min(from + count, data.length));
  return { address: hex(from), data: Buffer.from(slice).toString('base64'), unreadableBytes: count - slice.length };
}

/** A call's input (`0x…`) as bytes; undefined when there is none or it is not hex. */
export function hexBytes(input: string | undefined): Buffer | undefined {
  return input && /^0x(?:[0-9a-fA-F]{2})*$/.test(input) ? Buffer.from(input.slice(2), 'hex') : undefined;
}
