// Plain-text wording of verification results, shared by the CLI and the extension's notifications and view.
import type { ContractResult, FailureKind, VerificationStatus } from './result';
import type { VerificationReport } from './verify';

export const STATUS_LABEL: Record<VerificationStatus, string> = {
  perfect: 'perfect match',
  partial: 'partial match',
  error: 'not verified',
  ready: 'ready (dry run)',
};

const FAILURE_LABEL: Record<FailureKind, string> = {
  'invalid-input': 'invalid input',
  'not-found': 'not found',
  'rate-limited': 'rate limited',
  server: 'server error',
  network: 'network error',
};

/** The status as the user reads it; an unverified contract says why when it was not a mismatch. */
export const resultLabel = (r: ContractResult): string =>
  r.status === 'error' && r.failure ? `not verified (${FAILURE_LABEL[r.failure]})` : STATUS_LABEL[r.status];

/** `Verified 2 of 3 contracts (dry run, session API): 1 perfect, 1 partial, 1 not verified (server error)`. */
export function summariseReport(report: VerificationReport): string {
  const counts = new Map<string, number>();
  for (const o of report.outcomes) counts.set(resultLabel(o.result), (counts.get(resultLabel(o.result)) ?? 0) + 1);
  const ok = report.outcomes.filter((o) => o.result.status === 'perfect' || o.result.status === 'partial').length;
  const parts = [...counts].map(([label, n]) => `${n} ${label}`);
  const how = `${report.dryRun ? 'dry run, ' : ''}${report.protocol === 'session' ? 'session API' : 'v2 API'}`;
  const verb = report.dryRun ? 'Checked' : 'Verified';
  return `${verb} ${ok} of ${report.outcomes.length} contract${report.outcomes.length === 1 ? '' : 's'} (${how}): ${parts.join(', ')}`;
}

/** Per-contract lines for a terminal: status line, then missing and invalid files, then where it can be seen. */
export function resultLines(r: ContractResult, links: readonly string[] = []): string[] {
  const where = `${r.address ?? '?'} on chain ${r.chainId ?? '?'}`;
  const head = `${r.status.padEnd(7)} ${r.name} ${where}${r.sourcePath ? ` (${r.sourcePath})` : ''}${r.alreadyVerified ? ' — already verified' : ''}`;
  const lines = [head];
  if (r.message && r.status !== 'perfect') lines.push(`        ${r.message}`);
  for (const m of r.files.missing) {
    const local = m.localFile ? `; ${m.localFile} has keccak256 ${m.localKeccak256}` : '';
    lines.push(`        missing: ${m.path}${m.keccak256 ? ` (keccak256 ${m.keccak256}${local})` : ''}`);
  }
  for (const i of r.files.invalid)
    lines.push(
      `        invalid: ${i.path}${i.expectedHash ? ` (expected keccak256 ${i.expectedHash})` : ''}${i.message ? ` — ${i.message}` : ''}`,
    );
  for (const link of links) lines.push(`        ${link}`);
  return lines;
}
