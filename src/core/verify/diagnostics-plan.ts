// Decides where verification problems appear in the editor, without VS Code: a missing source on each import
// statement that pulls it in (else on the deployment record's address, else on the contract's declaration), a
// changed or invalid source also at the top of the file itself, and a failed or partial match on the record.
import type { DeploymentRecord, TextRange } from '../deployments/record';
import { definitionRange, importsOf } from './imports';
import type { LocalSource } from './local-sources';
import type { ContractOutcome } from './prepare';
import type { MissingSource } from './result';

export type Severity = 'error' | 'warning';

export type DiagnosticKind =
  'missing-source' | 'changed-source' | 'invalid-source' | 'verification-failed' | 'partial-match' | 'run-failed';

export interface PlannedDiagnostic {
  /** Absolute path of the file the diagnostic belongs to. */
  file: string;
  range: TextRange;
  severity: Severity;
  kind: DiagnosticKind;
  message: string;
  /** Source path (as the metadata names it) the diagnostic is about. */
  sourcePath?: string;
  /** keccak256 the deployed metadata expects for that source (offered by "copy" quick fix). */
  expectedKeccak256?: string;
  /** A workspace file the "open" quick fix opens. */
  openFile?: string;
}

interface Anchor {
  file: string;
  range: TextRange;
}

function firstLine(content: string | undefined): TextRange {
  const length = (content ?? '').split('\n')[0].replace(/\r$/, '').length;
  return { start: { line: 0, character: 0 }, end: { line: 0, character: length } };
}

/** Where a problem about the contract as a whole goes: its deployment record, else its declaration. */
export function contractAnchor(o: ContractOutcome): Anchor | undefined {
  const { record } = o.target;
  if (record.file && record.addressRange) return { file: record.file, range: record.addressRange };
  const main = o.sources.find((s) => s.path === o.build?.sourcePath);
  if (!main?.file) return record.file ? { file: record.file, range: firstLine(undefined) } : undefined;
  const name = o.build?.name ?? '';
  return { file: main.file, range: (main.content && definitionRange(main.content, name)) || firstLine(main.content) };
}

function importSites(sources: readonly LocalSource[], remappings: readonly string[], target: string): Anchor[] {
  return sources.flatMap((s) =>
    s.file && s.content !== undefined
      ? importsOf(s.content, s.path, remappings)
          .filter((i) => i.resolved === target)
          .map((i) => ({ file: s.file!, range: i.range }))
      : [],
  );
}

const short = (hash: string | undefined) => (hash ? `${hash.slice(0, 10)}…` : 'unknown');

export function planDiagnostics(o: ContractOutcome): PlannedDiagnostic[] {
  const { result } = o;
  if (result.status === 'perfect' || result.status === 'ready') return [];
  const severity: Severity = result.status === 'partial' ? 'warning' : 'error';
  const who = `${result.name} at ${result.address ?? 'an unknown address'}${result.chainId ? ` (chain ${result.chainId})` : ''}`;
  const remappings = o.build?.metadata.settings.remappings ?? [];
  const anchor = contractAnchor(o);
  const out: PlannedDiagnostic[] = [];

  const onImportsOrAnchor = (path: string, d: Omit<PlannedDiagnostic, 'file' | 'range'>) => {
    const sites = importSites(o.sources, remappings, path);
    for (const at of sites.length ? sites : anchor ? [anchor] : []) out.push({ ...at, ...d });
  };

  for (const m of result.files.missing) {
    const base = { severity, sourcePath: m.path, ...(m.keccak256 ? { expectedKeccak256: m.keccak256 } : {}) };
    if (m.localFile) {
      const message = `${m.path} differs from the version deployed as ${who}: keccak256 ${short(m.localKeccak256)} on disk, ${short(m.keccak256)} deployed.`;
      onImportsOrAnchor(m.path, { ...base, kind: 'changed-source', message, openFile: m.localFile });
      out.push({
        file: m.localFile,
        range: firstLine(o.sources.find((s) => s.path === m.path)?.content),
        ...base,
        kind: 'changed-source',
        message,
      });
    } else {
      onImportsOrAnchor(m.path, { ...base, kind: 'missing-source', message: missingMessage(m, who) });
    }
  }
  for (const i of result.files.invalid) {
    const message = `${i.path} differs from what was deployed as ${who}${i.message ? `: ${i.message}` : ''} (expected keccak256 ${short(i.expectedHash)}).`;
    const base = {
      severity,
      kind: 'invalid-source' as const,
      message,
      sourcePath: i.path,
      ...(i.expectedHash ? { expectedKeccak256: i.expectedHash } : {}),
    };
    const local = o.sources.find((s) => s.path === i.path);
    if (local?.file) out.push({ file: local.file, range: firstLine(local.content), ...base, openFile: local.file });
    else onImportsOrAnchor(i.path, base);
  }

  if (anchor && result.files.missing.length === 0 && result.files.invalid.length === 0) {
    if (result.status === 'partial') {
      out.push({
        ...anchor,
        severity,
        kind: 'partial-match',
        message: `Partial match for ${who}: the code matches, but the metadata does not (comments, NatSpec or settings changed since deployment).`,
      });
    } else {
      out.push({
        ...anchor,
        severity,
        kind: 'verification-failed',
        message: `Verification of ${who} failed: ${result.message ?? 'no reason given'}`,
      });
    }
  }
  return out;
}

function missingMessage(m: MissingSource, who: string): string {
  return `${m.path} is missing: ${who} was compiled with it (keccak256 ${short(m.keccak256)}), but the workspace has no file with that content.`;
}

/** When a verification could not run at all (server unreachable, say): one warning on each record that has a place. */
export function runFailedDiagnostics(records: readonly DeploymentRecord[], message: string): PlannedDiagnostic[] {
  return records.flatMap((r) =>
    r.file && r.addressRange
      ? [
          {
            file: r.file,
            range: r.addressRange,
            severity: 'warning' as const,
            kind: 'run-failed' as const,
            message: `Verification could not run: ${message}`,
          },
        ]
      : [],
  );
}
