// `npm run bench [-- --quick]`: the bundled trace decoder (cold and warm) vs JSON.parse vs @streamparser/json on
// generated traces, navigation latency at 1M steps, the CLI's `trace --json` against `fetch` + `JSON.parse` on the
// reference mirror's 20k-step trace, and the CLI on a 1M-step trace under a 384 MiB heap. Prints a table and rewrites
// bench/RESULTS.md. Generated traces are cached in the OS temp directory between runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createGzip, constants as zlib } from 'node:zlib';
import { build } from 'esbuild';
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
const PARSE: Method[] = ['decoder', 'json-parse'];
/** Small traces, where the worker's start and the JIT's warm-up are most of the time: also with the worker started ahead. */
const SMALL: Method[] = ['decoder', 'decoder-ahead', 'json-parse'];
const stack = (steps: number) => ({ steps, stack: true, memory: false });
const DATASETS: Dataset[] = [
  { name: '5k steps, stack', options: stack(5_000), methods: SMALL, repeats: 5 },
  { name: '20k steps, stack', options: stack(20_000), methods: SMALL, repeats: 5 },
  { name: '50k steps, stack', options: stack(50_000), methods: ALL, repeats: 5 },
  { name: '500k steps, stack', options: stack(500_000), methods: ALL, repeats: quick ? 1 : 3 },
  ...(quick
    ? []
    : [
        { name: '1M steps, stack', options: stack(1_000_000), methods: ALL, nav: true, repeats: 3 },
        {
          name: '1M steps, stack + memory',
          options: { steps: 1_000_000, stack: true, memory: true, memoryWords: 8 },
          methods: PARSE,
          repeats: 1,
        },
      ]),
];
/** The measuring script bundled as dist/ is, so the decoder measured is the code users run (see measure.ts). */
const MEASURE_JS = join(ROOT, 'dist-test', 'bench', 'measure.js');
/** Runs of the CLI and of fetch + JSON.parse at 20k steps, alternating. */
const CLI_RUNS = quick ? 3 : 7;

/** Heap limits per method: the decoder gets what the CLI promises to live within; the others what they need. */
const HEAP_MB: Record<Method, number> = { decoder: 384, 'decoder-ahead': 384, 'json-parse': 12_000, streamparser: 4_096 };

function fileFor(d: Dataset): string {
  const o = d.options;
  return join(WORK, `trace-${o.steps}-${o.stack ? 's' : ''}${o.memory ? `m${o.memoryWords ?? 24}` : ''}.json`);
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
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
  const args = [`--max-old-space-size=${HEAP_MB[method]}`, '--expose-gc', MEASURE_JS, method, file, ...(nav ? ['--nav'] : [])];
  const { stdout, stderr } = await run(process.execPath, args);
  const line = stdout.trim().split('\n').at(-1);
  if (!line?.startsWith('{')) {
    // The process itself died (e.g. V8 out of memory): that is the result.
    const reason = /heap out of memory|Reached heap limit/.test(stderr)
      ? `out of memory (${HEAP_MB[method]} MB heap)`
      : stderr.trim().split('\n').at(-1) || 'crashed';
    return { method, ok: false, error: reason, steps: 0, wallMs: 0, cpuMs: 0, peakBytes: 0, retainedBytes: 0, maxRssBytes: 0 };
  }
  return JSON.parse(line) as Measurement;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Medians of the successful runs, field by field (on a shared machine one run measures the neighbours too). */
function medianOf(runs: Measurement[]): Measurement {
  const ok = runs.filter((r) => r.ok);
  if (ok.length === 0) return runs[0];
  const m = (pick: (r: Measurement) => number | undefined) => {
    const values = ok.map(pick).filter((v): v is number => v !== undefined);
    return values.length ? median(values) : undefined;
  };
  return {
    ...ok[0],
    wallMs: m((r) => r.wallMs)!,
    cpuMs: m((r) => r.cpuMs)!,
    warmWallMs: m((r) => r.warmWallMs),
    warmCpuMs: m((r) => r.warmCpuMs),
    peakBytes: m((r) => r.peakBytes)!,
    retainedBytes: m((r) => r.retainedBytes)!,
    maxRssBytes: m((r) => r.maxRssBytes)!,
  };
}

interface Timed {
  wallMs: number;
  cpuMs: number;
  code: number;
  output: string;
}

/** A child process's wall time and CPU time (all threads; reported by report-rss.cjs as it exits). */
async function timed(args: string[]): Promise<Timed> {
  const started = performance.now();
  const result = await run(process.execPath, ['--require', join(ROOT, 'bench', 'report-rss.cjs'), ...args]);
  const wallMs = performance.now() - started;
  const cpu = /cpu-ms=([\d.]+)/.exec(result.stderr);
  return { wallMs, cpuMs: cpu ? Number(cpu[1]) : 0, code: result.code, output: (result.stdout + result.stderr).slice(0, 300) };
}

interface CliVsFetch {
  steps: number;
  bytes: number;
  cli: Timed;
  fetchParse: Timed;
  help: Timed;
  runs: number;
}

/**
 * The reference mirror's long loop at 20k steps (solc + @ethereumjs/vm, served over loopback as the mirror serves it),
 * read by `dist/cli.js trace --json` and by `fetch` + `JSON.parse` in a fresh process, in turns; medians.
 */
async function cliVsFetch(): Promise<CliVsFetch> {
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-long-loop.ts', '20000'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (c: Buffer) => {
        out += c;
        if (out.includes('\n')) resolve(out.split('\n')[0]);
      });
      server.on('exit', (code) => reject(new Error(`the reference mirror exited (${code})`)));
    });
    const { url, transactionId } = JSON.parse(line) as { url: string; transactionId: string };
    const opcodes = `${url}/api/v1/contracts/results/${transactionId}/opcodes?stack=true&memory=false&storage=false`;
    const cliRuns: Timed[] = [];
    const fetchRuns: Timed[] = [];
    const helpRuns: Timed[] = [];
    let steps = 0;
    let bytes = 0;
    for (let r = 0; r < CLI_RUNS; r++) {
      const cli = await timed(['dist/cli.js', 'trace', transactionId, '--mirror', url, '--json']);
      if (cli.code !== 0) throw new Error(`the CLI failed: ${cli.output}`);
      cliRuns.push(cli);
      const parsed = await timed(['bench/fetch-parse.mjs', opcodes]);
      [steps, bytes] = (/steps=(\d+) bytes=(\d+)/.exec(parsed.output) ?? []).slice(1).map(Number);
      fetchRuns.push(parsed);
      helpRuns.push(await timed(['dist/cli.js', '--help']));
      process.stderr.write(
        `20k CLI #${r + 1}: ${fmt(cli.wallMs)} ms (cpu ${fmt(cli.cpuMs)}); fetch + JSON.parse ${fmt(parsed.wallMs)} ms (cpu ${fmt(parsed.cpuMs)})\n`,
      );
    }
    const med = (runs: Timed[]): Timed => ({
      ...runs[0],
      wallMs: median(runs.map((t) => t.wallMs)),
      cpuMs: median(runs.map((t) => t.cpuMs)),
    });
    return { steps, bytes, cli: med(cliRuns), fetchParse: med(fetchRuns), help: med(helpRuns), runs: CLI_RUNS };
  } finally {
    server.kill();
  }
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
    createReadStream(file)
      .pipe(createGzip({ level: zlib.Z_BEST_SPEED }))
      .pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = performance.now();
  const report = join(ROOT, 'bench', 'report-rss.cjs');
  const result = await run(process.execPath, [
    '--max-old-space-size=384',
    '--require',
    report,
    'dist/cli.js',
    'trace',
    id,
    '--mirror',
    url,
    '--json',
    '--timeout',
    '600',
  ]);
  const wallMs = performance.now() - started;
  server.closeAllConnections();
  server.close();
  const rss = /max-rss-bytes=(\d+)/.exec(result.stderr);
  return {
    code: result.code,
    wallMs,
    maxRssBytes: rss ? Number(rss[1]) : 0,
    output: (result.stdout + result.stderr).replace(/(max-rss-bytes|cpu-ms)=[\d.]+\n?/g, '').trim(),
  };
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
  await build({
    entryPoints: [join(ROOT, 'bench', 'measure.ts')],
    outfile: MEASURE_JS,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
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
        const warm = m.warmWallMs === undefined ? '' : `; warm ${fmt(m.warmWallMs)} ms`;
        process.stderr.write(
          `${d.name} ${method} #${r + 1}: ${m.ok ? `${fmt(m.wallMs)} ms, cpu ${fmt(m.cpuMs)} ms${warm}, peak ${mb(m.peakBytes)} MB` : m.error}\n`,
        );
      }
    }
    for (const method of d.methods) {
      const all = runs.get(method)!;
      nav ??= all.find((x) => x.nav)?.nav;
      rows.push({ dataset: d.name, sizeBytes, m: medianOf(all) });
    }
    if (d.nav) cli = await cliUnder384(file);
  }
  const vsFetch = await cliVsFetch();

  const byDataset = (name: string, method: Method) => rows.find((r) => r.dataset === name && r.m.method === method)?.m;
  const resultRows = rows.map(({ dataset, sizeBytes, m }) => {
    const base = byDataset(dataset, 'json-parse');
    const ratio = (ms: number | undefined) => (m.ok && base?.ok && ms ? `${fmt(base.wallMs / ms, 2)}×` : '–');
    const size = (bytes: number) => (m.ok ? fmt(bytes / MB) : '–');
    return [
      dataset,
      fmt(sizeBytes / MB),
      m.method,
      m.ok ? fmt(m.wallMs / 1000, 3) : `fails: ${m.error}`,
      m.ok ? fmt(m.cpuMs / 1000, 3) : '–',
      m.ok && m.warmWallMs !== undefined ? fmt(m.warmWallMs / 1000, 3) : '–',
      m.ok && m.warmCpuMs !== undefined ? fmt(m.warmCpuMs / 1000, 3) : '–',
      size(m.peakBytes),
      size(m.retainedBytes),
      mb(m.maxRssBytes),
      ratio(m.wallMs),
      m.method === 'streamparser' ? '–' : ratio(m.warmWallMs),
      m.method === 'streamparser' || !base?.warmWallMs || !m.ok || !m.warmWallMs ? '–' : `${fmt(base.warmWallMs / m.warmWallMs, 2)}×`,
    ];
  });
  const results = table(
    [
      'trace',
      'MB',
      'method',
      'cold wall s',
      'cold CPU s',
      'warm wall s',
      'warm CPU s',
      'peak heap+buffers MB',
      'retained MB',
      'max RSS MB',
      'cold speed vs JSON.parse',
      'warm speed vs JSON.parse',
      'warm vs JSON.parse warm',
    ],
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
      const cold = parse.wallMs / ours.wallMs;
      const warm = parse.wallMs / ours.warmWallMs!;
      const heap = ours.peakBytes / parse.peakBytes;
      const warmTarget = d.options.steps >= 20_000 ? ` (target ≥ 1.0 from 20k steps: ${warm >= 1 ? 'met' : 'MISSED'})` : '';
      parts.push(
        `warm ${fmt(warm, 2)}× JSON.parse's throughput${warmTarget}, cold ${fmt(cold, 2)}× (by CPU time: warm ${fmt(parse.cpuMs / ours.warmCpuMs!, 2)}×, cold ${fmt(parse.cpuMs / ours.cpuMs, 2)}×); warm against JSON.parse's own second run ${fmt(parse.warmWallMs! / ours.warmWallMs!, 2)}× (CPU ${fmt(parse.warmCpuMs! / ours.warmCpuMs!, 2)}×)`,
      );
      const ahead = byDataset(d.name, 'decoder-ahead');
      if (ahead?.ok) {
        const first = parse.wallMs / ahead.wallMs;
        const aheadTarget = d.options.steps >= 20_000 ? ` (target ≥ 1.0 from 20k steps: ${first >= 1 ? 'met' : 'MISSED'})` : '';
        parts.push(
          `with the worker started ahead (as at the transaction prompt): first trace ${fmt(first, 2)}× JSON.parse's throughput${aheadTarget}, second ${fmt(parse.wallMs / ahead.warmWallMs!, 2)}×`,
        );
      }
      if (d.options.steps >= 50_000) parts.push(`${fmt(heap, 2)}× its peak memory (target ≤ 0.25: ${heap <= 0.25 ? 'met' : 'MISSED'})`);
    } else parts.push(`JSON.parse cannot decode it at all (${parse?.error})`);
    if (stream?.ok) {
      const speed = stream.wallMs / ours.wallMs;
      parts.push(
        `cold ${fmt(speed, 1)}× @streamparser/json's throughput (${fmt(stream.cpuMs / ours.cpuMs, 1)}× by CPU time; target ≥ 3: ${speed >= 3 ? 'met' : 'MISSED'})`,
      );
    } else if (stream) parts.push(`@streamparser/json failed (${stream.error})`);
    targets.push(`- ${d.name}: ${parts.join('; ')}.`);
  }
  const cliRatio = vsFetch.cli.wallMs / vsFetch.fetchParse.wallMs;
  const cliTable = table(
    [`${fmt(vsFetch.steps)} steps, ${fmt(vsFetch.bytes / MB, 1)} MB body (median of ${vsFetch.runs})`, 'wall s', 'CPU s (all threads)'],
    [
      ['`node dist/cli.js trace … --json`', fmt(vsFetch.cli.wallMs / 1000, 3), fmt(vsFetch.cli.cpuMs / 1000, 3)],
      [
        '`node bench/fetch-parse.mjs` (fetch + JSON.parse)',
        fmt(vsFetch.fetchParse.wallMs / 1000, 3),
        fmt(vsFetch.fetchParse.cpuMs / 1000, 3),
      ],
      ['`node dist/cli.js --help`', fmt(vsFetch.help.wallMs / 1000, 3), fmt(vsFetch.help.cpuMs / 1000, 3)],
    ],
  );
  targets.push(
    `- CLI \`trace --json\` at 20k steps: ${fmt(cliRatio, 2)}× fetch + JSON.parse by wall time (target ≤ 1.5: ${cliRatio <= 1.5 ? 'met' : 'MISSED'}), ${fmt(vsFetch.cli.cpuMs / vsFetch.fetchParse.cpuMs, 2)}× by CPU time.`,
  );

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
${load.map((l) => fmt(l, 1)).join(' / ')} (1 / 5 / 15 min) at start and ${loadavg()
    .map((l) => fmt(l, 1))
    .join(' / ')} at the end.
The machine was shared with other developers' builds and tests while this ran (see the load average): absolute times
are inflated and vary between runs; compare ratios measured in the same run.

What is measured is the bundled code users run: \`dist/trace-worker.js\` as the decoder's worker, and
\`bench/measure.ts\` bundled by esbuild as \`dist/\` is (\`dist-test/bench/measure.js\`). Each measurement runs in a
fresh process, which decodes the file twice: **cold** is its first trace (the worker thread starts and V8 compiles
the decoder as it runs), **warm** its second, right after the first (its result dropped and a full GC between): for
the decoder the warm worker reused, as every trace after the first in the extension host, the debug adapter or a
script; for JSON.parse a heap that has already grown. Both start from the same file, already in the OS page cache.
The decoder's clock runs from \`decodeTraceFile\` being called (open, read in 256 KiB chunks, each handed to the
worker as it is read, decoded there, the columns transferred back, the envelope validated and the trace analysed on
the calling thread: frames, pc convention, navigation indexes) to the trace ready to navigate; JSON.parse's from
\`readFileSync(file, 'utf8')\` to \`JSON.parse\` returning its objects (no validation, no analysis). "warm speed vs
JSON.parse" divides JSON.parse's first (fresh-process) time by the decoder's warm time, as the issue's target has
always been computed here; "warm vs JSON.parse warm" compares like with like, JSON.parse's own second run against
the decoder's. Methods take turns; each figure is the
median of the repeats (5 up to 50k steps, 3 above, 1 for the "+ memory" trace). "CPU s" is the process's CPU time
(all threads, so JSON.parse's parallel GC and the decoder's worker count); "peak heap+buffers" is the highest V8
heap plus array-buffer memory sampled during the cold decode, above what the process held before it (for
JSON.parse: right after it returns, with the text still alive, so its real peak is higher); "retained" is that
figure after a full GC with the result still held; max RSS is the operating system's figure for the whole process.
The decoder runs with \`--max-old-space-size=384\`. Traces are generated by \`bench/generate.ts\`: compact JSON
shaped like the mirror's (post-op, unpadded stack items, nested calls; "+ memory" carries 8 words of memory on
every step), decoded from disk.

## Decoding

${results}

## The CLI against fetch + JSON.parse (the reference mirror's 20k-step long loop, over loopback)

${cliTable}

Each is a fresh \`node\` process; the three take turns. The body is the reference mirror's (solc + @ethereumjs/vm),
served gzipped as the mirror serves it; the CLI runs from the repository's root, so it looks for build output there
(none matches) and reads the transaction's actions as it always does.

Targets:
${targets.join('\n')}

## In VS Code: a 20k-step trace's panel after its last byte

${IN_VSCODE}

## Navigation at 1M steps

${navTable}

## CLI within a 384 MiB heap

${cliLine}
`;
  const resultsFile = join(ROOT, 'bench', 'RESULTS.md');
  writeFileSync(resultsFile, report + notes() + keptSections(resultsFile));
  process.stdout.write(`${results}\n\n${cliTable}\n\n${targets.join('\n')}\n\n${navTable}\n\n${cliLine}\n`);
}

/** In RESULTS.md, everything from this line on is written by hand (figures measured elsewhere) and kept by every run. */
const KEPT_MARKER = '<!-- Sections from here on are written by hand; npm run bench keeps them as they are. -->';

function keptSections(file: string): string {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = previous.indexOf(KEPT_MARKER);
  return at < 0 ? '' : `\n${previous.slice(at)}`;
}

/**
 * Kept by hand from the e2e scenario test/e2e/trace-open-20k.e2e.ts (it runs in code-server, not here): update it
 * with the figure that scenario logs.
 */
const IN_VSCODE = `From the mirror closing the response (the body's last byte written) to the panel's first rows, the reference
mirror's long loop at 20,146 steps (stack, ~9 MB), opened from the palette in the packaged extension in code-server
(\`npm run test:e2e -- --grep 20,000-step\`). The scenario's browser profile is fresh, so it first shows a Markdown
preview: the browser's first webview of any kind installs the workbench's webview service worker (2.5–3.4 s here),
which a user's browser or VS Code pays once, not per trace. On main after the session's merges (2026-11-28,
06:16–06:27 UTC, machine idle, load 1.9–3.3; the panel opens when the load starts, no longer waits for the
verified-sources pass, and the decoder's worker starts and warms itself 3 s after activation):

| trace | ms after the last byte (runs) | target ≤ 1,000 ms |
|---|---|---|
| first trace of the window's extension host | 461, 709, 775, 711, 636 | met in 5 of 5 runs |
| second trace, same window (the warm worker) | 344, 437, 274, 201, 185 | met in 5 of 5 |

The scenario records the figure, it does not assert it (timed assertions fail on a shared machine); the breakdown
and the figures before the fix are at the end of this file.`;

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
- Cold against warm (issue 17 §5): every trace used to decode in a fresh worker with a cold JIT; one worker now
  stays warm for the life of the process (extension host, debug adapter, CLI) and is replaced after any failure.
  The worker's bundle no longer carries zod (830 KB → 53 KB), so a cold start compiles less. What remains of
  "cold" is the thread's start and V8 compiling the scanner while it runs (TurboFan compiles on a background
  thread, which on this 2-core machine under load waits for a core): on small traces that is most of the time.
- "Warm" is the second trace of a process, decoded right after the first. Profiled at 20k steps (\`--cpu-prof\` in
  both threads, \`--trace-opt\`, \`--trace-deopt\`), that second body used to run largely in V8's interpreter, at
  about half the first body's time and 2–4× the third's: handing the first body's columns over (transferring their
  buffers) invalidated V8's ArrayBufferDetaching protector, which threw away every compiled scanner function at once;
  the paths a body takes only once (the envelope, the first step's keys, the first cut between chunks) deoptimised
  the scanner again at the next body's start; trimming the columns in place deoptimised the stack and memory logs'
  code; and the navigation indexes, built once per trace with a callback per step, deoptimised at every trace. The
  worker now detaches one empty buffer before it compiles anything, rehearses the opening of each body (its first
  64 KiB) once it has handed the body over, hands over trimmed copies, and each index is a small loop over typed
  arrays. What the second trace still pays over later ones is V8 finishing the compiles the first one queued, on a
  background thread that on this 2-core machine under load waits for a core (CPU time counts them).
- Small traces also pay for handing chunks between two threads: each chunk is a message to the worker. Progress
  now goes back once per MiB or per 100 ms rather than after every chunk (timed in the worker at 20k steps, a
  progress message per chunk spent 10–80 ms of each body in postMessage on this machine). \`JSON.parse\` on a 2 MB
  file is one read and one native call. The isolation is the point (a hostile body ends a worker, never the
  extension host), so the decoder keeps it.
- Before and after the warm-path changes of 2026-11-28 (#17 §5, the "Warm" note above): the last run before them
  gave the warm 20k-step trace 0.97× JSON.parse (02:52 UTC, load 15), and \`dist-test/bench/measure.js\` alone on a
  near-idle machine 0.84–0.98×. The two builds side by side at load 13 (alternating; medians of 9 runs at 20k, 3 at
  1M): warm 20k 403 ms wall and 167 ms CPU before, 150 ms and 85 ms after; warm 1M 3.98 s and 2.03 s before, 2.65 s
  and 1.88 s after; first traces 314 → 351 ms CPU at 20k and 2.00 → 2.33 s at 1M, inside this machine's noise at
  that load but not shown to be nothing; the CLI's \`trace --json\` on the 20k-step long loop 1.49 → 1.51 s wall,
  774 → 787 ms CPU (7 runs each), unchanged. The CLI's ratio in the table moves with the load (1.54× in a run at
  load 8–11, 2.19× in this one at 13).
- Peak memory at 50k steps is the decoder's fixed working set (read and working buffers, initial column
  capacities, navigation indexes, garbage not yet collected); the decoded trace itself retains less than
  \`JSON.parse\`'s result.
- The CLI's ratio to \`fetch\` + \`JSON.parse\` is start-up (\`--help\` alone is shown beside it) plus the decode's cold
  start. The CLI bundle is 3 MB (undici, zod, viem, the Solidity parser) that Node compiles on every start, where
  \`fetch\` is part of Node's own snapshot; commands are now evaluated lazily (\`--help\` evaluates none) and the
  system contracts' ABIs are parsed on first use. The decoder's worker starts before the request is sent, so its
  start overlaps the request. The CLI is measured as users run it (the bin's shebang: plain CommonJS); a reporter
  preloaded with \`--import\` would send the bundle through Node's ESM loader and add ~0.3 s of CPU to every run.
- \`JSON.parse\` needs the whole body as one string: above ~512 MB (V8's string limit) it cannot run at all, which is
  the "+ memory" trace here. \`@streamparser/json\` is measured doing the least it can (each step emitted as an
  object and dropped at once), so its figures are a lower bound for a decoder built on it.
- Navigation indexes are built while decoding (one pass each: op classes, ops, (code, pc)), so no command pays for
  an index on first use. Timings are the best of three runs of the same call: on this shared 2-core machine a
  single run is sometimes descheduled for 1–8 ms, which measures the neighbours, not the command.
- The 1M-step CLI run includes the loopback server compressing the 424 MB body on the fly (gzip level 1, as a
  mirror would send it) and the transfer.
- The machine is shared with other developers' builds, tests and benchmarks (load average above, on 2 cores): wall
  times vary between runs by tens of percent and are inflated most for the work that waits on other threads
  (the decoder's worker, the CLI's request). CPU times are steadier; compare ratios within one run rather than
  absolute times across runs.
- In VS Code, the time from the body's last byte to the panel's first rows at 20k steps is recorded by the e2e
  scenario \`test/e2e/trace-open-20k.e2e.ts\` (\`npm run test:e2e -- --grep 20,000-step\`), not here: see "In VS
  Code" above.
`;
}

void main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
