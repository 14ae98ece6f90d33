// Plain-text wording of verification results, shared by the CLI and the extension's notifications and view.
import type { ContractResult, VerificationStatus } from './result';
import type { VerificationReport } from './verify';

export const STATUS_LABEL: Record<VerificationStatus, string> = {
  perfect: 'perfect match',
  partial: 'partial match',
  error: 'not verified',
  ready: 'ready (dry run)',
};

/** `Verified 2 of 3 contracts (dry run, session API): 1 perfect, 1 partial, 1 not verified`. */
export function summariseReport(report: VerificationReport): string {
  const counts = new Map<VerificationStatus, number>();
  for (const o of report.outcomes) counts.set(o.result.status, (counts.get(o.result.status) ?? 0) + 1);
  const ok = (counts.get('perfect') ?? 0) + (counts.get('partial') ?? 0);
  const parts = [...counts].map(([s, n]) => `${n} ${STATUS_LABEL[s]}`);
  const how = `${report.dryRun ? 'dry run, ' : ''}${report.protocol === 'session' ? 'session API' : 'v2 API'}`;
  const verb = report.dryRun ? 'Checked' : 'Verified';
  return `${verb} ${ok} of ${report.outcomes.length} contract${report.outcomes.length === 1 ? '' : 's'} (${how}): ${parts.join(', ')}`;
}

/** Per-contract lines for a terminal: status line, then missing and invalid files indented. */
export function resultLines(r: ContractResult): string[] {
  const where = `${r.address ?? '?'} on chain ${r.chainId ?? '?'}`;
  const head = `${r.status.padEnd(7)} ${r.name} ${where}${r.sourcePath ? ` (${r.sourcePath})` : ''}${r.alreadyVerified ? ' — already verified' : ''}`;
  const lines = [head];
  if (r.message && r.status !== 'perfect') lines.push(`        ${r.message}`);
  for (const m of r.files.missing) {
    const local = m.localFile ? `; ${m.localFile} has keccak256 ${m.localKeccak256}` : '';
    lines.push(`        missing: ${m.path}${m.keccak256 ? ` (keccak256 ${m.keccak256}${local})` : ''}`);
  }
  for (const i of r.files.invalid) lines.push(`        invalid: ${i.path}${i.expectedHash ? ` (expected keccak256 ${i.expectedHash})` : ''}${i.message ? ` — ${i.message}` : ''}`);
  return lines;
}
