// `npm test`: lint, type-check, build, the unit tier (pure), the integration tier (reference servers, solc, EVM,
// CLI processes), the installer for the real-VS-Code tools, the in-VS-Code suite and the real-browser e2e, in that
// order, each streamed as it runs. Every step runs even when an earlier one failed, so one run shows every problem.
// Counting: a mocha suite contributes its "passing" as passed and its "failing" plus "pending" as failed (pending is
// not passed); a suite that crashes or prints no count is 1 failed; the other steps are 1 passed or 1 failed each. The last line of output is exactly `N passed, N failed`, for CI.
import { stripVTControlCharacters } from 'node:util';
import { require as load } from 'tsx/cjs/api';

const { isStopping, runMain, startProcess, stopTree } = load('./vscode-real/processes.ts', import.meta.url);
const { projectRoot } = load('./vscode-real/tools.ts', import.meta.url);

const node = process.execPath;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const minutes = (n) => n * 60_000;
// Each bound stops a hung tier, not a slow one: set at about three times what a 2-core machine with another
// CPU-bound process needs, so load alone never ends a run.
const steps = [
  { name: 'lint', command: [npm, 'run', '-s', 'lint'], timeout: minutes(5) },
  { name: 'typecheck', command: [npm, 'run', '-s', 'typecheck'], timeout: minutes(5) },
  { name: 'build', command: [node, 'esbuild.mjs'], timeout: minutes(3) },
  {
    name: 'unit',
    mocha: true,
    command: [node, 'node_modules/mocha/bin/mocha.js', '--config', 'test/unit/.mocharc.json', 'test/unit/**/*.test.ts'],
    timeout: minutes(5),
  },
  {
    name: 'integration',
    mocha: true,
    command: [node, 'node_modules/mocha/bin/mocha.js', '--config', 'test/integration/.mocharc.json', 'test/integration/**/*.test.ts'],
    timeout: minutes(30),
  },
  { name: 'install', command: ['bash', 'scripts/vscode-real/install.sh'], timeout: minutes(20) },
  { name: 'vscode', mocha: true, command: [node, 'test/vscode/run-code-server.mjs', '--no-build'], timeout: minutes(20) },
  { name: 'e2e', mocha: true, command: [node, 'test/e2e/run.mjs'], timeout: minutes(25) },
];

/** Streams a step's output and resolves with its exit code and everything it printed. */
function run(step) {
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    const child = startProcess(command, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => ((output += chunk), process.stdout.write(chunk)));
    child.stderr.on('data', (chunk) => ((output += chunk), process.stderr.write(chunk)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stopTree(child.pid);
    }, step.timeout);
    child.on('error', (error) => (output += `\n${error.message}\n`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) console.log(`${step.name}: stopped after ${step.timeout / 60_000} min`);
      resolve({ code: timedOut ? 1 : (code ?? (signal ? 1 : 0)), output });
    });
  });
}

/** Mocha's summary counts; the last of each kind, as printed at the end of a run. */
function mochaCounts(output) {
  const plain = stripVTControlCharacters(output);
  const count = (word) => {
    const all = [...plain.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))];
    return all.length ? Number(all.at(-1)[1]) : undefined;
  };
  return { passing: count('passing'), failing: count('failing') ?? 0, pending: count('pending') ?? 0 };
}

function tally(step, { code, output }) {
  if (!step.mocha) return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  const { passing, failing, pending } = mochaCounts(output);
  if (passing === undefined) return { passed: 0, failed: Math.max(1, failing) };
  const failed = failing + pending;
  return { passed: passing, failed: code !== 0 && failed === 0 ? 1 : failed };
}

runMain('npm test', async () => {
  const results = [];
  for (const step of steps) {
    if (isStopping()) return 1;
    console.log(`\n=== ${step.name}: ${step.command.slice(1).join(' ')}`);
    const started = Date.now();
    const result = await run(step).catch((error) => {
      console.error(`${step.name}: ${error.message}`);
      return { code: 1, output: '' };
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const counts = tally(step, result);
    results.push({ name: step.name, seconds, ...counts });
    console.log(`=== ${step.name}: ${counts.passed} passed, ${counts.failed} failed (exit ${result.code}, ${seconds} s)`);
  }
  console.log('\nSummary');
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(10)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(4)} failed ${r.seconds.padStart(7)} s`,
    );
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
});
