// Which compiled contract a piece of code on chain is. Exact comparison after masking what a deployment fills in
// (library links, immutables, a library's own address) and setting aside the CBOR metadata tail, the way Foundry
// and Hardhat identify contracts; a match whose metadata differs is kept but flagged (the sources may have changed
// since the deployment). Without code — a creation, or a trace without stacks — the ops the trace
// executed are checked against each candidate instead.
import type { ContractArtifact } from './artifacts';
import { metadataLength } from './bytecode';
import type { CompiledCode } from './compiled-code';
import { canonicalOpName, isOpcodeName } from './opcodes';

export type CodeKind = 'runtime' | 'creation';

export interface CodeMatch {
  artifact: ContractArtifact;
  kind: CodeKind;
  code: CompiledCode;
  /** Compared with the code on chain, or recognised by the ops the trace executed. */
  by: 'code' | 'ops';
  /** The code matched but its metadata did not: built from other sources or settings than the deployment. */
  metadataDiffers: boolean;
}

/** One executed instruction: where it was in the code and what the trace says it was. */
export interface ExecutedOp {
  pc: number;
  op: string;
}

interface Candidate {
  artifact: ContractArtifact;
  kind: CodeKind;
  code: CompiledCode;
}

export class ArtifactIndex {
  /** Runtime candidates by body length (code without metadata): chain code of another length cannot match. */
  private readonly runtimeByBody = new Map<number, Candidate[]>();
  private readonly all: Record<CodeKind, Candidate[]> = { runtime: [], creation: [] };

  constructor(readonly artifacts: readonly ContractArtifact[]) {
    for (const artifact of artifacts) {
      for (const kind of ['runtime', 'creation'] as const) {
        const code = artifact[kind];
        if (!code) continue;
        const candidate = { artifact, kind, code };
        this.all[kind].push(candidate);
        if (kind === 'runtime') {
          const list = this.runtimeByBody.get(code.bodyLength) ?? [];
          list.push(candidate);
          this.runtimeByBody.set(code.bodyLength, list);
        }
      }
    }
  }

  /** The contract whose runtime code is `code` as deployed (a full match preferred over a metadata-only difference). */
  matchRuntime(code: Uint8Array): CodeMatch | undefined {
    const body = code.length - metadataLength(code);
    return best((this.runtimeByBody.get(body) ?? []).map((c) => compare(c, code, code.length === c.code.bytes.length)));
  }

  /** The contract whose creation code starts `initCode` (constructor arguments follow it). */
  matchCreation(initCode: Uint8Array): CodeMatch | undefined {
    return best(this.all.creation.filter((c) => c.code.bytes.length <= initCode.length).map((c) => compare(c, initCode, true)));
  }

  /**
   * The only contract whose `kind` code has each op at its pc. Steps with op names the table does not know say
   * nothing; when no step says anything, or two different codes fit, there is no answer.
   */
  matchExecuted(kind: CodeKind, ops: readonly ExecutedOp[]): CodeMatch | undefined {
    if (!ops.some((o) => isOpcodeName(o.op))) return undefined;
    const fitting = this.all[kind].filter((c) => fits(c.code, ops));
    if (fitting.length === 0) return undefined;
    const [first] = fitting;
    if (!fitting.every((c) => sameCode(c.code, first.code))) return undefined;
    return { ...first, by: 'ops', metadataDiffers: false };
  }
}

/** Whether every step's op is the instruction at its pc in `code`. */
export function fits(code: CompiledCode, ops: readonly ExecutedOp[]): boolean {
  return ops.every(({ pc, op }) => !isOpcodeName(op) || code.opAt(pc) === canonicalOpName(op));
}

/**
 * Compares the candidate's code body with the start of `chain` outside the masked ranges; undefined when they
 * differ. `sameLength`: the chain's code ends where the candidate's does, so the metadata can agree.
 */
function compare(candidate: Candidate, chain: Uint8Array, sameLength: boolean): CodeMatch | undefined {
  const { code } = candidate;
  const length = code.bytes.length;
  if (chain.length < length) return undefined;
  const masked = chain.slice(0, length);
  for (const r of code.masked) masked.fill(0, r.start, Math.min(r.start + r.length, length));
  if (!equalBytes(masked, code.bytes, 0, code.bodyLength)) return undefined;
  const metadataAgrees = sameLength && equalBytes(masked, code.bytes, code.bodyLength, length);
  return { ...candidate, by: 'code', metadataDiffers: !metadataAgrees };
}

/** Whether `a` and `b` hold the same bytes in [from, to). */
function equalBytes(a: Uint8Array, b: Uint8Array, from: number, to: number): boolean {
  return Buffer.from(a.buffer, a.byteOffset + from, to - from).equals(Buffer.from(b.buffer, b.byteOffset + from, to - from));
}

function sameCode(a: CompiledCode, b: CompiledCode): boolean {
  return a === b || (a.bodyLength === b.bodyLength && equalBytes(a.bytes, b.bytes, 0, a.bodyLength));
}

function best(matches: Array<CodeMatch | undefined>): CodeMatch | undefined {
  let found: CodeMatch | undefined;
  for (const m of matches) if (m && (!found || (found.metadataDiffers && !m.metadataDiffers))) found = m;
  return found;
}
