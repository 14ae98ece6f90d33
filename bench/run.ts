// `npm run bench [-- --quick]`: the trace decoder vs JSON.parse vs @streamparser/json on generated traces, navigation
// latency at 1M steps, and the CLI on a 1M-step trace under a 384 MiB heap. Prints a table and rewrites
// bench/RESULTS.md. Generated traces are cached in the OS temp directory between runs.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createGzip, constants as zlib } from 'node:zlib';
import { generateTrace, type GenerateOptions } from './generate';
import type { Measurement, Method } from './measure';

interface Dataset {
  name: string;
  options: GenerateOptions;
  methods: Method[];
  nav?: boolean;
  repeats: number;
}

const ROOT = join(__dirname, '..');
const WORK = join(tmpdir(), 'ledger-mirror-bench');
const MB = 1e6;
const quick = process.argv.includes('--quick');

const ALL: Method[] = ['decoder', 'json-parse', 'streamparser'];
const DATASETS: Dataset[] = [
  { name: '50k steps, stack', options: { steps: 50_000, stack: true, memory: false }, methods: ALL, repeats: 3 },
  { name: '500k steps, stack', options: { steps: 500_000, stack: true, memory: false }, methods: ALL, repeats: quick ? 1 : 3 },
  ...(quick
    ? []
    : [
        { name: '1M steps, stack', options: { steps: 1_000_000, stack: true, memory: false }, methods: ALL, nav: true, repeats: 2 },
        { name: '1M steps, stack + memory', options: { steps: 1_000_000, stack: true, memory: true, memoryWords: 8 }, methods: ALL, repeats: 2 },
      ]),
];

/** Heap limits per method: the decoder gets what the CLI promises to live within; the others what they need. */
const HEAP_MB: Record<Method, number> = { decoder: 384, 'json-parse': 12_000, streamparser: 4_096 };

function fileFor(d: Dataset): string {
  const o = d.options;
  return join(WORK, `trace-${o.steps}-${o.stack ? 's' : ''}${o.memory ? `m${o.memoryWords ?? 24}` : ''}.json`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function measure(method: Method, file: string, nav: boolean): Promise<Measurement> {
  const args = [`--max-old-space-size=${HEAP_MB[method]}`, '--expose-gc', '--import', 'tsx', 'bench/measure.ts', method, file, ...(nav ? ['--nav'] : [])];
  const { stdout, stderr } = await run(process.execPath, args);
  const line = stdout.trim().split('\n').at(-1);
  if (!line?.startsWith('{')) {
    // The process itself died (e.g. V8 out of memory): that is the result.
    const reason = /heap out of memory|Reached heap limit/.test(stderr) ? `out of memory (${HEAP_MB[method]} MB heap)` : stderr.trim().split('\n').at(-1) || 'crashed';
    return { method, ok: false, error: reason, steps: 0, wallMs: 0, cpuMs: 0, peakBytes: 0, retainedBytes: 0, maxRssBytes: 0 };
  }
  return JSON.parse(line) as Measurement;
}

/** The least disturbed run (shortest wall time): on a shared machine the others measure the neighbours. */
function best(runs: Measurement[]): Measurement {
  return runs.reduce((a, b) => (!a.ok || (b.ok && b.wallMs < a.wallMs) ? b : a));
}

interface CliResult {
  code: number;
  wallMs: number;
  maxRssBytes: number;
  output: string;
}

/** `ledger-mirror trace --json` against a loopback server streaming `file` gzipped, as the mirror does. */
async function cliUnder384(file: string): Promise<CliResult> {
  const id = '0.0.1001-1700000000-000000001';
  const server = createServer((req, res) => {
    if (!req.url?.startsWith(`/api/v1/contracts/results/${id}/opcodes`)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    createReadStream(file).pipe(createGzip({ level: zlib.Z_BEST_SPEED })).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = performance.now();
  const report = join(ROOT, 'bench', 'report-rss.mjs');
  const result = await run(process.execPath, ['--max-old-space-size=384', '--import', report, 'dist/cli.js', 'trace', id, '--mirror', url, '--json', '--timeout', '600']);
  const wallMs = performance.now() - started;
  server.closeAllConnections();
  server.close();
  const rss = /max-rss-bytes=(\d+)/.exec(result.stderr);
  return { code: result.code, wallMs, maxRssBytes: rss ? Number(rss[1]) : 0, output: (result.stdout + result.stderr).replace(/max-rss-bytes=\d+\n?/, '').trim() };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => (bytes ? fmt(bytes / MB) : '–');

interface Row {
  dataset: string;
  sizeBytes: number;
  m: Measurement;
}

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const load = loadavg();
  const startedAt = new Date();
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/cli.js is missing: run `npm run build` first');
  const rows: Row[] = [];
  let nav: Measurement['nav'];
  let cli: CliResult | undefined;
  for (const d of DATASETS) {
    const file = fileFor(d);
    if (!existsSync(file)) {
      process.stderr.write(`generating ${d.name} → ${file}\n`);
      await generateTrace(file, d.options);
    }
    const sizeBytes = statSync(file).size;
    const runs = new Map<Method, Measurement[]>(d.methods.map((m) => [m, []]));
    // Methods take turns, so a burst of load from elsewhere hits all of them alike.
    for (let r = 0; r < d.repeats; r++) {
      for (const method of d.methods) {
        const m = await measure(method, file, d.nav === true && method === 'decoder' && r === 0);
        runs.get(method)!.push(m);
        process.stderr.write(`${d.name} ${method} #${r + 1}: ${m.ok ? `${fmt(m.wallMs)} ms, cpu ${fmt(m.cpuMs)} ms, peak ${mb(m.peakBytes)} MB` : m.error}\n`);
      }
    }
    for (const method of d.methods) {
      const all = runs.get(method)!;
      const m = best(all);
      nav ??= all.find((x) => x.nav)?.nav;
      rows.push({ dataset: d.name, sizeBytes, m });
    }
    if (d.nav) cli = await cliUnder384(file);
  }

  const byDataset = (name: string, method: Method) => rows.find((r) => r.dataset === name && r.m.method === method)?.m;
  const resultRows = rows.map(({ dataset, sizeBytes, m }) => {
    const base = byDataset(dataset, 'json-parse');
    const vsParse = m.ok && base?.ok ? `${fmt(base.wallMs / m.wallMs, 2)}× / ${fmt(m.peakBytes / base.peakBytes, 2)}×` : '–';
    const size = (bytes: number) => (m.ok ? fmt(bytes / MB) : '–');
    return [
      dataset,
      fmt(sizeBytes / MB),
      m.method,
      m.ok ? fmt(m.wallMs / 1000, 2) : `fails: ${m.error}`,
      m.ok ? fmt(m.cpuMs / 1000, 2) : '–',
      m.ok ? fmt(sizeBytes / MB / (m.wallMs / 1000)) : '–',
      size(m.peakBytes),
      size(m.retainedBytes),
      mb(m.maxRssBytes),
      vsParse,
    ];
  });
  const results = table(
    ['trace', 'MB', 'method', 'wall s', 'CPU s', 'MB/s (wall)', 'peak heap+buffers MB', 'retained MB', 'max RSS MB', 'speed / peak vs JSON.parse'],
    resultRows,
  );

  const targets: string[] = [];
  for (const d of DATASETS) {
    const ours = byDataset(d.name, 'decoder');
    const parse = byDataset(d.name, 'json-parse');
    const stream = byDataset(d.name, 'streamparser');
    if (!ours?.ok) {
      targets.push(`- ${d.name}: the decoder failed (${ours?.error}) — MISSED`);
      continue;
    }
    const parts: string[] = [];
    if (parse?.ok) {
      const speed = parse.wallMs / ours.wallMs;
      const cpu = parse.cpuMs / ours.cpuMs;
      const heap = ours.peakBytes / parse.peakBytes;
      parts.push(`${fmt(speed, 2)}× JSON.parse's throughput (${fmt(cpu, 2)}× by CPU time; target ≥ 1.0: ${speed >= 1 ? 'met' : 'MISSED'})`);
      parts.push(`${fmt(heap, 2)}× its peak memory (target ≤ 0.25: ${heap <= 0.25 ? 'met' : 'MISSED'})`);
    } else parts.push(`JSON.parse cannot decode it at all (${parse?.error})`);
    if (stream?.ok) {
      const speed = stream.wallMs / ours.wallMs;
      const cpu = stream.cpuMs / ours.cpuMs;
      parts.push(`${fmt(speed, 1)}× @streamparser/json's throughput (${fmt(cpu, 1)}× by CPU time; target ≥ 3: ${speed >= 3 ? 'met' : 'MISSED'})`);
    } else if (stream) parts.push(`@streamparser/json failed (${stream.error})`);
    targets.push(`- ${d.name}: ${parts.join('; ')}.`);
  }

  const navTable = nav
    ? table(
        ['operation (1M steps, 2000 random calls, best of 3 each)', 'mean µs', 'p99 µs', 'max µs', '≤ 1 ms'],
        nav.map((t) => [t.command, fmt(t.meanUs, 1), fmt(t.p99Us, 1), fmt(t.maxUs, 1), t.maxUs <= 1000 ? 'yes' : 'NO']),
      )
    : '_(skipped with --quick)_';
  const cliLine = cli
    ? `\`node --max-old-space-size=384 dist/cli.js trace … --json\` on the 1M-step stack trace (served gzipped over loopback): exit ${cli.code}, ` +
      `${fmt(cli.wallMs / 1000, 1)} s, max RSS ${mb(cli.maxRssBytes)} MB${cli.code === 0 ? '' : ` — output: ${cli.output.slice(0, 300)}`}`
    : '_(skipped with --quick)_';

  const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length} cores, ${fmt(totalmem() / 2 ** 30, 1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}`;
  const report = `# Trace decoder benchmarks

Latest \`npm run bench\`${quick ? ' (--quick)' : ''}: ${startedAt.toISOString()} on ${machine}; load average
${load.map((l) => fmt(l, 1)).join(' / ')} (1 / 5 / 15 min) at start and ${loadavg().map((l) => fmt(l, 1)).join(' / ')} at the end.
Each measurement runs in a fresh process; methods take turns and the fastest of the repeats is kept. "Wall s" is
elapsed time, "CPU s" the process's CPU time (all threads, so JSON.parse's parallel GC counts); "peak heap+buffers" is the
highest V8 heap plus array-buffer memory sampled during decoding, above what the process held before it (for
JSON.parse: right after it returns, with the text still alive, so its real peak is higher); "retained" is that
figure after a full GC with the result still held;
max RSS is the operating system's figure for the whole process. The decoder runs with \`--max-old-space-size=384\`.
Traces are generated by \`bench/generate.ts\`: compact JSON shaped like the mirror's (post-op, unpadded stack items,
nested calls; "+ memory" carries 8 words of memory on every step), decoded from disk.

## Decoding

${results}

Targets:
${targets.join('\n')}

## Navigation at 1M steps

${navTable}

## CLI within a 384 MiB heap

${cliLine}
`;
  writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), report + notes());
  process.stdout.write(`${results}\n\n${targets.join('\n')}\n\n${navTable}\n\n${cliLine}\n`);
}

/** Kept by hand: what the numbers mean and why targets are missed. Re-read after every run. */
function notes(): string {
  return `
## Notes

- Stepping in the webview (step-to-paint at 1M steps in real chromium, measured with the Performance API) is in
  [\`STEPPER.md\`](STEPPER.md): median 9.7 ms, p95 23 ms, so the ≤ 16 ms target holds for the median, not the p95.
- The gas profile at 1M steps (the long loop, with its build output) is in [\`GAS.md\`](GAS.md) (\`npm run bench:gas\`):
  ready 0.52 s after the panel's first paint under load (0.24 s of CPU), call frames alone 56 ms; target ≤ 1 s met.
- The decoder is a hand-written byte-level scanner specialised for the opcodes schema (\`src/core/trace/scanner.ts\`).
  It never builds the body as a string nor a step as an object; stacks and memory that repeat the previous step byte
  for byte are recognised by comparison instead of being parsed again, words are interned, and reads go four bytes
  at a time through a DataView over a zero-padded working buffer (no out-of-bounds reads, which V8 penalises).
- Small traces (50k steps, 21 MB) miss the targets, for fixed costs rather than per-step ones:
  - Throughput: the decoder is JavaScript that V8 compiles while it runs. The first one or two megabytes run
    unoptimised (~50–100 ms here), whereas \`JSON.parse\` is native code from the first byte. Warm, the decoder
    goes through this file in ~50 ms, faster than \`JSON.parse\`, but cold the whole file is barely longer than the
    warm-up, so on this size it stays below \`JSON.parse\` and under 3× \`@streamparser/json\` (and the ratio
    swings most between runs). From a few hundred thousand steps on it is well ahead, as the table shows
    (\`JSON.parse\` also slows down as its heap grows).
  - Peak memory: ~15 MB against ~54 MB (0.27×, target 0.25×). At this size the decoder's fixed working set
    (read and working buffers, initial column capacities, navigation indexes, garbage not yet collected)
    dominates; the decoded trace itself retains ~5 MB, 0.15× what \`JSON.parse\`'s result retains.
- \`JSON.parse\` needs the whole body as one string: above ~512 MB (V8's string limit) it cannot run at all, which is
  the "+ memory" trace here. \`@streamparser/json\` is measured doing the least it can (each step emitted as an
  object and dropped at once), so its figures are a lower bound for a decoder built on it.
- Navigation indexes are built while decoding (one pass each: op classes, ops, (code, pc)), so no command pays for
  an index on first use. Timings are the best of three runs of the same call: on this shared 2-core machine a
  single run is sometimes descheduled for 1–8 ms, which measures the neighbours, not the command.
- The CLI run includes the loopback server compressing the 424 MB body on the fly (gzip level 1, as a mirror
  would send it) and the transfer; the decoder's part is the ~2 s above.
- The machine is shared with other work (load average above): wall times vary between runs by tens of percent.
  Compare ratios within one run rather than absolute times across runs.
`;
}

void main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
