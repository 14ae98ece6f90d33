// The names a session shows: every call frame by function and arguments (from the workspace's ABIs and the mirror's
// actions), the transaction's header from the mirror's contract result, and the revert by name. Computed once when
// the trace opens and held next to the session, which hands the webview only the frames of the current step.
import type { ContractAction, ContractResult } from '../contract-results';
import { describeCall } from '../names/call-names';
import { decodeError, describeDecoded } from '../names/decode';
import { AbiRegistry } from '../names/registry';
import { resultHeader } from '../names/result-header';
import { nameFrames, type NamedFrame } from '../names/trace-names';
import type { Frame, Trace } from '../trace/model';
import type { FrameName, TraceHeader, TraceNamesInit } from '../../shared/trace-protocol';

/** What is known when the trace opens; every part may be missing. */
export interface NameSources {
  abis: AbiRegistry;
  /** The mirror's contract result; null for a trace file or when it could not be read. */
  result: ContractResult | null;
  /** The mirror's actions; null when they could not be read. */
  actions: readonly ContractAction[] | null;
  /** Why a part is missing, as plain text for the panel. */
  note?: string | null;
}

/**
 * Longest name the panel is sent: arguments (bytes, strings) and the mirror's error message are as long as the chain
 * let them be, and a name is pushed with every step.
 */
export const MAX_NAME_CHARS = 1000;

function bounded(text: string): string;
function bounded(text: string | null): string | null;
function bounded(text: string | null): string | null {
  return text !== null && text.length > MAX_NAME_CHARS ? `${text.slice(0, MAX_NAME_CHARS - 1)}…` : text;
}

export class TraceNames {
  private constructor(
    private readonly frames: readonly NamedFrame[],
    readonly init: TraceNamesInit,
  ) {}

  /** No names at all: what a session shows before (or without) them. */
  static readonly none = new TraceNames([], { header: null, revert: null, note: null });

  static build(trace: Pick<Trace, 'frame' | 'frameCount' | 'summary'>, sources: NameSources): TraceNames {
    const { abis, result, actions } = sources;
    const revert = trace.summary.revert?.kind === 'CustomError' ? decodeError(abis, trace.summary.revert.data) : null;
    return new TraceNames(nameFrames(trace, abis, actions), {
      header: result ? headerText(abis, result) : null,
      revert: revert ? bounded(describeDecoded(revert)) : null,
      note: sources.note ?? null,
    });
  }

  /** `Contract.function` of the frame's call, when the ABIs or the system contracts name it (the gas chart's label). */
  functionName(index: number): string | null {
    const named = this.frames[index]?.named;
    return named?.function ? bounded(`${named.contract ? `${named.contract}.` : ''}${named.function}`) : null;
  }

  /** The frame by name; null when nothing names it. */
  frame(frame: Frame): FrameName | null {
    const named = this.frames[frame.index];
    if (!named) return null;
    const call = bounded(describeCall(named.named));
    const error = named.named.error ? bounded(describeDecoded(named.named.error)) : null;
    return call === null && error === null && named.contractId === null ? null : { call, contractId: named.contractId, error };
  }
}

function headerText(abis: AbiRegistry, result: ContractResult): TraceHeader {
  const { call, error, ...rest } = resultHeader(abis, result);
  return { ...rest, result: bounded(rest.result), error: bounded(error), call: bounded(describeCall(call)) };
}
