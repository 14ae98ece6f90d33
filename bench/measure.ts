// One measurement in a fresh process (so heaps do not mix): `measure.js <method> <file> [--nav]`, printing one JSON
// line. bench/run.ts bundles this file with esbuild as dist/ is bundled (dist-test/bench/measure.js), so the decoder
// measured is the code users run, with dist/trace-worker.js as its worker. The file is decoded twice: "cold" is
// the first body of the process (the worker starts, the JIT warms up), "warm" the second (the warm worker reused).
// `decoder-ahead` is the decoder as the extension runs it: the worker started when the transaction prompt shows
// (warming its JIT on its synthetic body) and the body arriving AHEAD_MS later; the clock starts with the body.
// Memory is sampled as V8 heap + array buffers (typed arrays and Buffers live outside the V8 heap) at every
// chunk of the cold run, and for JSON.parse right after it returns while the text is still alive; max RSS is the
// OS's figure. The decoder works in a worker thread: the samples see the main thread only, max RSS (and CPU time)
// the whole process.
import { createReadStream, readFileSync } from 'node:fs';
import { JSONParser } from '@streamparser/json';
import { decodeTraceFile } from '../src/core/opcodes-client';
import { warmDecoder } from '../src/core/trace/decode-stream';
import type { NavCommand } from '../src/shared/trace-model';
import type { ColumnarTrace } from '../src/core/trace/trace';

export type Method = 'decoder' | 'decoder-ahead' | 'json-parse' | 'streamparser';

/** For `decoder-ahead`: from the prompt showing to the body's first byte (pasting an id, then the download). */
const AHEAD_MS = 1_500;

export interface NavTiming {
  command: string;
  meanUs: number;
  p99Us: number;
  maxUs: number;
}

export interface Measurement {
  method: Method;
  ok: boolean;
  error?: string;
  steps: number;
  wallMs: number;
  cpuMs: number;
  /** The same file a second time in the same process (not measured for @streamparser/json). */
  warmWallMs?: number;
  warmCpuMs?: number;
  /** Highest V8 heap + array buffers seen, above what the process held before decoding. */
  peakBytes: number;
  /** Same, after a full GC with the result still referenced. */
  retainedBytes: number;
  maxRssBytes: number;
  nav?: NavTiming[];
}

let peak = 0;
function sample(): void {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.heapUsed + m.arrayBuffers);
}

function retained(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

async function decoder(file: string): Promise<{ steps: number; result: ColumnarTrace }> {
  const result = await decodeTraceFile(file, { onProgress: sample });
  return { steps: result.length, result };
}

function jsonParse(file: string): { steps: number; result: unknown } {
  const text = readFileSync(file, 'utf8');
  sample();
  const result = JSON.parse(text) as { opcodes: unknown[] };
  sample();
  return { steps: result.opcodes.length, result };
}

/** The least work the library allows: each step is emitted as an object and dropped at once. */
async function streamParser(file: string): Promise<{ steps: number; result: unknown }> {
  const parser = new JSONParser({ paths: ['$.opcodes.*'], keepStack: false });
  let steps = 0;
  parser.onValue = () => {
    steps++;
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    parser.write(chunk as Buffer);
    sample();
  }
  // The parser ends by itself once the top-level object closes.
  if (!parser.isEnded) parser.end();
  return { steps, result: steps };
}

/** Every kind of command at 2000 random steps (indexes are built while decoding, so no call pays for one). */
function navigationTimings(trace: ColumnarTrace): NavTiming[] {
  const n = trace.length;
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const ops = ['SLOAD', 'JUMPDEST', 'MSTORE'];
  const commands: [string, () => NavCommand][] = [
    ['step ±1', () => ({ kind: 'step', delta: random() < 0.5 ? 1 : -1 })],
    ['step ±1000', () => ({ kind: 'step', delta: random() < 0.5 ? 1000 : -1000 })],
    ['first/last', () => (random() < 0.5 ? { kind: 'first' } : { kind: 'last' })],
    ['goto N', () => ({ kind: 'goto', step: Math.floor(random() * n) })],
    ['step over ±', () => ({ kind: 'over', backward: random() < 0.5 })],
    ['step into ±', () => ({ kind: 'into', backward: random() < 0.5 })],
    ['step out ±', () => ({ kind: 'out', backward: random() < 0.5 })],
    [
      'next/prev op class',
      () => ({
        kind: 'class',
        opClass: (['call', 'storage', 'sstore', 'log', 'revert', 'create'] as const)[Math.floor(random() * 6)],
        backward: random() < 0.5,
      }),
    ],
    ['next/prev frame', () => ({ kind: 'frame', backward: random() < 0.5 })],
    ['go to pc', () => ({ kind: 'pc', pc: Math.floor(random() * 200) })],
    ['find op', () => ({ kind: 'op', name: ops[Math.floor(random() * ops.length)], backward: random() < 0.5 })],
  ];
  const time = (run: () => unknown): number => {
    // The least of three runs: the command's own cost, without a preemption by another process on a shared machine.
    let best = Infinity;
    for (let r = 0; r < 3; r++) {
      const t = performance.now();
      run();
      best = Math.min(best, performance.now() - t);
    }
    return best * 1000;
  };
  const summarise = (command: string, samples: number[]): NavTiming => {
    samples.sort((a, b) => a - b);
    return {
      command,
      meanUs: samples.reduce((a, b) => a + b, 0) / samples.length,
      p99Us: samples[Math.floor(samples.length * 0.99)],
      maxUs: samples[samples.length - 1],
    };
  };
  const runs = 2000;
  const timings = commands.map(([command, make]) =>
    summarise(
      command,
      Array.from({ length: runs }, () => {
        const step = Math.floor(random() * n);
        const cmd = make();
        return time(() => trace.navigate(step, cmd));
      }),
    ),
  );
  for (const [command, read] of [
    ['row(step)', (s: number) => trace.row(s)],
    ['detail(step)', (s: number) => trace.detail(s)],
    ['frameStack(step)', (s: number) => trace.frameStack(s)],
  ] as const) {
    timings.push(
      summarise(
        command,
        Array.from({ length: runs }, () => {
          const step = Math.floor(random() * n);
          return time(() => read(step));
        }),
      ),
    );
  }
  return timings;
}

async function main(): Promise<void> {
  const [method, file, flag] = process.argv.slice(2) as [Method, string, string | undefined];
  if (method === 'decoder-ahead') {
    warmDecoder();
    await new Promise((resolve) => setTimeout(resolve, AHEAD_MS));
  }
  // What the process holds before decoding (code, loaded modules) is not the decoder's: measure from here.
  const baseline = retained();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const out: Measurement = { method, ok: true, steps: 0, wallMs: 0, cpuMs: 0, peakBytes: 0, retainedBytes: 0, maxRssBytes: 0 };
  try {
    const run: { steps: number; result: unknown } =
      method === 'decoder' || method === 'decoder-ahead'
        ? await decoder(file)
        : method === 'json-parse'
          ? jsonParse(file)
          : await streamParser(file);
    out.wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    out.cpuMs = (used.user + used.system) / 1000;
    sample();
    out.steps = run.steps;
    out.peakBytes = Math.max(0, peak - baseline);
    out.retainedBytes = retained();
    if (flag === '--nav' && method === 'decoder') out.nav = navigationTimings(run.result as ColumnarTrace);
    if (method !== 'streamparser') {
      // The first result is dropped first: JSON.parse's second run should not pay for holding two.
      run.result = undefined;
      (globalThis as { gc?: () => void }).gc?.();
      const warmStarted = performance.now();
      const warmCpu = process.cpuUsage();
      if (method !== 'json-parse') await decoder(file);
      else jsonParse(file);
      out.warmWallMs = performance.now() - warmStarted;
      const warmUsed = process.cpuUsage(warmCpu);
      out.warmCpuMs = (warmUsed.user + warmUsed.system) / 1000;
    }
  } catch (err) {
    out.ok = false;
    out.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    out.wallMs = performance.now() - started;
  }
  out.retainedBytes = Math.max(0, out.retainedBytes - baseline);
  out.maxRssBytes = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify(out) + '\n');
}

void main();
