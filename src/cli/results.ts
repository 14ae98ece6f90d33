// `ledger-mirror results <contract>`: a contract's recent results from the mirror, newest first, each with the
// function by name (the ABIs of --build-output, default the current folder), the outcome with a failure's error named
// (custom error with arguments, Error(string), Panic, Hedera response code), gas, caller and time: what the Contracts
// view shows, for a terminal or a CI job (`--failed --json`).
import { required } from '../core/ids';
import { EXIT, ApiError } from '../core/errors';
import { MirrorClient } from '../core/mirror/client';
import { parseContractRef } from '../core/results/contract-ref';
import { MAX_PAGE_ROWS } from '../core/results/results-page';
import { describeRow, rowOutcome, type ResultRowView } from '../core/results/result-rows';
import { ResultsWalk } from '../core/results/results-walk';
import { safeUrl } from '../core/http';
import { COMMON_USAGE, endpointsFrom, parseCommandArgs, withHttp, type Command } from './args';
import { printJson, printLines, printRows } from './output';
import { readAbis } from './trace-names';

const DEFAULT_ROWS = 25;
const MAX_ROWS = 1000;
/** Pages read at most, so --failed on a contract with no failures stops: 20 pages of 100 rows. */
const MAX_PAGES = 20;
const MAX_SCANNED = MAX_PAGES * MAX_PAGE_ROWS;

const USAGE = `Usage: ledger-mirror results <contract> [--failed] [--limit N] [--build-output DIR]… [--network NAME | --mirror URL] [--json]

  <contract>          a contract id (0.0.1234), its EVM address (0x…) or a HashScan contract URL
  --failed            only the failed results
  --limit N           rows to print, 1–${MAX_ROWS} (default ${DEFAULT_ROWS}); with --failed, failures among the
                      newest ${MAX_SCANNED} results at most
  --build-output DIR  where the ABIs that name functions and errors are (repeatable; default the current folder)
  --json              the rows as JSON: function, outcome and error by name, gas, caller, time, hash

${COMMON_USAGE}`;

function limitOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_ROWS;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_ROWS)
    throw new ApiError('invalid-input', `--limit needs a whole number from 1 to ${MAX_ROWS}, got "${value}"`);
  return n;
}

function rowLine(row: ResultRowView): string {
  return [
    row.time,
    row.failed ? 'FAILED ' : 'success',
    (row.functionName ?? '(no calldata)').padEnd(18),
    ...(row.failed ? [rowOutcome(row)] : []),
    `gas ${row.gasUsed ?? 'unavailable'}`,
    `from ${row.caller ?? 'unavailable'}`,
    row.hash,
  ].join('  ');
}

export const resultsCommand: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseCommandArgs(argv, {
      failed: { type: 'boolean' },
      limit: { type: 'string' },
      'build-output': { type: 'string', multiple: true },
    });
    if (values.help) {
      printLines([USAGE]);
      return EXIT.ok;
    }
    if (positionals.length !== 1)
      throw new ApiError('invalid-input', `Expected one contract, got ${positionals.length}. ${USAGE.split('\n')[0]}`);
    const ref = required(parseContractRef(positionals[0]));
    const limit = limitOf(values.limit);
    // A HashScan URL names its network, unless the command line names a mirror.
    const endpoints = endpointsFrom({ ...values, network: values.network ?? (values.mirror ? undefined : ref.network) });
    const mirror = safeUrl(endpoints.restUrl);
    const abis = await readAbis(values['build-output']);
    const { rows, more } = await withHttp(values, async (http) => {
      const walk = new ResultsWalk(new MirrorClient(endpoints, http), ref.value, { pageSize: MAX_PAGE_ROWS, maxPages: MAX_PAGES });
      const kept: ResultRowView[] = [];
      for (let page = await walk.more(); page.length > 0 && kept.length < limit; page = await walk.more()) {
        for (const row of page) {
          const view = describeRow(abis, row);
          if (!values.failed || view.failed) kept.push(view);
        }
      }
      return { rows: kept.slice(0, limit), more: kept.length > limit || walk.hasMore || walk.exhausted };
    });
    if (values.json) {
      printJson({ contract: ref.value, mirror, failedOnly: values.failed === true, rows, more });
      return EXIT.ok;
    }
    const what = (n: number) => `${values.failed ? 'failed ' : ''}result${n === 1 ? '' : 's'}`;
    if (rows.length === 0) printLines([`No ${what(0)} for ${ref.value} on ${mirror}.`]);
    else printRows([`${rows.length} ${what(rows.length)} of ${ref.value} on ${mirror}, newest first:`, ...rows.map(rowLine)]);
    if (more) printLines(['(the mirror has more; raise --limit to see them)']);
    return EXIT.ok;
  },
};
