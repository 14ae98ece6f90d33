// The reference mirror's sample transactions, for people: `npm start` prints them and the Get Started walkthrough
// shows them (media/walkthrough/samples.md, written from here: `node scripts/run-ts.mjs scripts/sample-transactions.ts
// --write`; a unit test keeps it equal). One source of truth: the case list in servers/mirror/evm/cases.ts, in the
// order the mirror runs it, so each id is the one the mirror gives.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES, EXTERNAL_CASE, LONG_LOOP } from '../servers/mirror/evm/cases';
import { caseTransaction } from '../servers/mirror/evm/ids';

export interface SampleTransaction {
  name: string;
  transactionId: string;
  /** What the trace shows. */
  shows: string;
}

export const SAMPLES_MARKDOWN = join(__dirname, '../media/walkthrough/samples.md');

/** Every case the mirror runs by default, then the verified-only call and the long loop (`--long-loop` only). */
export function sampleTransactions(): SampleTransaction[] {
  const cases = [...CASES, EXTERNAL_CASE].map((c, index) => ({
    name: c.name,
    transactionId: caseTransaction(index, c.name).transactionId,
    shows: c.shows,
  }));
  const loop = caseTransaction(cases.length, LONG_LOOP.name).transactionId;
  return [
    ...cases,
    { name: LONG_LOOP.name, transactionId: loop, shows: 'a loop of 500,000 steps (only with `npm run mirror -- --long-loop`)' },
  ];
}

/** The walkthrough's page: one line per sample, the id in code so it copies whole (a list: a table would clip). */
export function samplesMarkdown(): string {
  return [
    '# Sample transactions',
    '',
    'The reference mirror of `npm start` serves these real EVM traces. Copy an id into **Ledger Mirror: Open Opcode',
    'Trace…** or **Ledger Mirror: Debug Transaction…**. The sample workspace has the build output of all but',
    '`verified-only`, whose sources come from the reference verifier.',
    '',
    ...sampleTransactions().map((s) => `- **${s.name}** \`${s.transactionId}\`: ${s.shows.replace(/\n/g, ' ')}`),
    '',
  ].join('\n');
}

if (process.argv.includes('--write')) writeFileSync(SAMPLES_MARKDOWN, samplesMarkdown());
