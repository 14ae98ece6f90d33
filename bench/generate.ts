// Synthetic opcodes responses of any size, shaped like the mirror's (compact JSON, post-op, unpadded stack items,
// full memory per step), written straight to disk so even a > 512 MB body never exists as one string.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

export interface GenerateOptions {
  steps: number;
  stack: boolean;
  memory: boolean;
  /** Memory words a frame grows to (default 24); with `memory`, each step carries them all. */
  memoryWords?: number;
  seed?: number;
}

/** Ops with their stack effect (pops, pushes), weighted roughly like compiled Solidity. */
const OPS: [name: string, pops: number, pushes: number, weight: number][] = [
  ['PUSH1', 0, 1, 18],
  ['PUSH2', 0, 1, 6],
  ['PUSH32', 0, 1, 1],
  ['DUP1', 1, 2, 8],
  ['DUP2', 2, 3, 5],
  ['DUP3', 3, 4, 3],
  ['SWAP1', 2, 2, 7],
  ['SWAP2', 3, 3, 3],
  ['POP', 1, 0, 6],
  ['ADD', 2, 1, 5],
  ['SUB', 2, 1, 2],
  ['MUL', 2, 1, 1],
  ['AND', 2, 1, 2],
  ['ISZERO', 1, 1, 3],
  ['EQ', 2, 1, 2],
  ['LT', 2, 1, 2],
  ['JUMPDEST', 0, 0, 4],
  ['JUMP', 1, 0, 3],
  ['JUMPI', 2, 0, 3],
  ['MLOAD', 1, 1, 3],
  ['MSTORE', 2, 0, 3],
  ['SLOAD', 1, 1, 1],
  ['CALLDATALOAD', 1, 1, 1],
  ['KECCAK256', 2, 1, 1],
];
const TABLE: number[] = OPS.flatMap(([, , , w], i) => Array<number>(w).fill(i));

/** mulberry32: small, fast, deterministic. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex64 = (rand: () => number): string =>
  Array.from({ length: 8 }, () =>
    Math.floor(rand() * 0x100000000)
      .toString(16)
      .padStart(8, '0'),
  ).join('');

/** Writes a trace body to `path`; returns its size in bytes. */
export async function generateTrace(path: string, opts: GenerateOptions): Promise<number> {
  const rand = random(opts.seed ?? 1);
  const words = Array.from({ length: 4096 }, () => `"0x${hex64(rand)}"`);
  const small = Array.from({ length: 256 }, (_, i) => `"0x${i.toString(16)}"`);
  const memoryLimit = opts.memoryWords ?? 24;
  const zeroWord = `"0x${'0'.repeat(64)}"`;
  const out = createWriteStream(path);
  let size = 0;
  let buffer = '{"address":"0x00000000000000000000000000000000000003e9","contract_id":"0.0.1001","failed":false,"gas":123456,"opcodes":[';
  const flush = async (): Promise<void> => {
    size += Buffer.byteLength(buffer);
    if (!out.write(buffer)) await once(out, 'drain');
    buffer = '';
  };
  interface FrameState {
    stack: string[];
    memory: string[];
    pc: number;
    end: number;
  }
  const frames: FrameState[] = [
    { stack: ['"0x4"', small[0x80]], memory: [zeroWord, zeroWord, `"0x${'0'.repeat(62)}80"`], pc: 0, end: opts.steps },
  ];
  let gas = 15_000_000;
  for (let i = 0; i < opts.steps; i++) {
    const depth = frames.length - 1;
    const frame = frames[depth];
    let op: string;
    let gasCost = 3;
    if (i >= frame.end && depth > 0) {
      op = 'RETURN';
      frames.pop();
      const caller = frames[depth - 1].stack;
      caller.splice(Math.max(0, caller.length - 7), 7, '"0x1"');
    } else if (depth < 3 && i + 2000 < frame.end && rand() < 0.0005) {
      op = 'CALL';
      gasCost = 2600;
      const span = 200 + Math.floor(rand() * 1500);
      frame.stack.push(
        '"0x0"',
        '"0x0"',
        '"0x44"',
        '"0x80"',
        '"0x0"',
        `"0x${'0'.repeat(36)}${(0x3e9 + depth + 1).toString(16)}"`,
        '"0x5208"',
      );
      frames.push({ stack: [], memory: [], pc: 0, end: i + span });
    } else {
      const [name, pops, pushes] = OPS[TABLE[Math.floor(rand() * TABLE.length)]];
      op = name;
      const keep = Math.max(0, frame.stack.length - pops);
      frame.stack.length = Math.max(keep, Math.min(frame.stack.length, 1));
      for (let k = 0; k < pushes; k++) {
        const r = rand();
        frame.stack.push(r < 0.6 ? small[Math.floor(rand() * 256)] : words[Math.floor(rand() * words.length)]);
      }
      if (frame.stack.length > 16) frame.stack.splice(0, frame.stack.length - 12);
      if (name === 'MSTORE' && opts.memory) {
        if (frame.memory.length < memoryLimit) frame.memory.push(zeroWord);
        frame.memory[Math.floor(rand() * frame.memory.length)] = words[Math.floor(rand() * words.length)];
      }
      if (name === 'JUMP' || name === 'JUMPI') gasCost = name === 'JUMP' ? 8 : 10;
      frame.pc += name.startsWith('PUSH') ? 1 + Number(name.slice(4)) : 1;
    }
    gas -= gasCost;
    const stack = opts.stack ? `[${frame.stack.join(',')}]` : '[]';
    const memory = opts.memory ? `[${frame.memory.join(',')}]` : '[]';
    buffer +=
      (i === 0 ? '' : ',') +
      `{"depth":${depth},"gas":${gas},"gas_cost":${gasCost},"memory":${memory},"op":"${op}","pc":${frame.pc},"reason":null,"stack":${stack},"storage":{}}`;
    if (buffer.length > 1 << 16) await flush();
  }
  buffer += '],"return_value":"0x"}';
  await flush();
  out.end();
  await finished(out);
  return size;
}
