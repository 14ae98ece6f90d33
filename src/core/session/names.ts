// The names a session shows: every call frame by function and arguments (from the workspace's ABIs and the mirror's
// actions), the transaction's header from the mirror's contract result, and the revert by name. Computed once when
// the trace opens and held next to the session, which hands the webview only the frames of the current step.
import type { ContractAction, ContractResult } from '../contract-results';
import { describeCall, tokenArguments } from '../names/call-names';
import { decodeError, decodeEvent, describeDecoded } from '../names/decode';
import { logAtStep, ResultLogs } from '../names/log-steps';
import { AbiRegistry } from '../names/registry';
import { shownValue } from '../names/values';
import { describeResponseCode } from '../hedera/response-codes';
import { resultHeader } from '../names/result-header';
import { storageOwnerFrame } from '../trace/storage-owner';
import { nameFrames, type NamedFrame, type NamedTrace } from '../names/trace-names';
import type { Frame, Trace } from '../../shared/trace-model';
import type { FrameName, FrameProxy, StepEvent, TraceHeader, TraceNamesInit } from '../../shared/trace-protocol';

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

/** What a LOG step is read from: the trace, and the mirror's kept logs for a trace without memory. */
export type EventTrace = Pick<Trace, 'row' | 'detail' | 'summary' | 'length' | 'navigate' | 'frameStack'>;

/** A native call's result: the call as text and each value it returned, by name. */
export interface NativeResult {
  call: string;
  values: Array<{ name: string; type: string; value: string }>;
}

export class TraceNames {
  /** The mirror's logs paired with LOG steps, built on the first LOG step that needs them. */
  private resultLogs: ResultLogs | undefined;

  private constructor(
    private readonly frames: readonly NamedFrame[],
    readonly init: TraceNamesInit,
    private readonly abis: AbiRegistry = new AbiRegistry(),
    private readonly logs: ContractResult['logs'] = undefined,
  ) {}

  /** No names at all: what a session shows before (or without) them. */
  static readonly none = new TraceNames([], { header: null, revert: null, note: null });

  static build(trace: NamedTrace & Pick<Trace, 'summary'>, sources: NameSources): TraceNames {
    const { abis, result, actions } = sources;
    const revert = trace.summary.revert?.kind === 'CustomError' ? decodeError(abis, trace.summary.revert.data) : null;
    const init = {
      header: result ? headerText(abis, result) : null,
      revert: revert ? bounded(describeDecoded(revert)) : null,
      note: sources.note ?? null,
    };
    return new TraceNames(nameFrames(trace, abis, actions), init, abis, result?.logs ?? undefined);
  }

  /**
   * The log `step` emits when it is a LOGn, by event name where an ABI declares its topic: the data from the trace's
   * memory, else from the mirror's log of that step (logs inside reverted frames were not kept, so they stay unnamed).
   */
  event(trace: EventTrace, step: number): StepEvent | null {
    const op = trace.row(step).op;
    if (!/^LOG[0-4]$/.test(op)) return null;
    const log = logAtStep(trace, step);
    let topics = log?.topics ?? null;
    let data = log?.data ?? null;
    if (data === null && this.logs?.length) {
      this.resultLogs ??= new ResultLogs(trace, this.logs);
      const kept = this.resultLogs.at(step);
      topics ??= kept?.topics ?? null;
      data = kept?.data ?? null;
    }
    const contract = this.frames[trace.row(step).frame]?.named.contract ?? undefined;
    const decoded = topics && data !== null ? decodeEvent(this.abis, topics, data, contract) : null;
    return { name: decoded ? bounded(describeDecoded(decoded)) : null, contract: decoded?.contract ?? null, topics: topics ?? [] };
  }

  /** `Contract.function` of the frame's call, when the ABIs or the system contracts name it (the gas chart's label). */
  functionName(index: number): string | null {
    const named = this.frames[index]?.named;
    return named?.function ? bounded(`${named.contract ? `${named.contract}.` : ''}${named.function}`) : null;
  }

  /**
   * What a native call (precompile, system contract) gave back, by name: `signer`, `digest`, a token-service call's
   * response code. Null when nothing names the call.
   */
  nativeResult(index: number): NativeResult | null {
    const named = this.frames[index]?.named;
    if (!named?.function) return null;
    const rc = named.responseCode;
    // A system call's response code is one of its returned values: shown once, by name beside its number.
    const values = (named.returns ?? [])
      .filter((v) => !(rc && v.name === 'responseCode'))
      .map((v) => ({ name: v.name, type: v.type, value: bounded(shownValue(v)) }));
    if (rc) values.unshift({ name: 'responseCode', type: 'int64', value: rc.name ? `${rc.name} (${rc.code})` : describeResponseCode(rc) });
    return { call: bounded(describeCall(named)) ?? named.function, values };
  }

  /** The frame by name; null when nothing names it. */
  frame(frame: Frame): FrameName | null {
    const named = this.frames[frame.index];
    if (!named) return null;
    const call = bounded(describeCall(named.named));
    const error = named.named.error ? bounded(describeDecoded(named.named.error)) : null;
    const proxy = this.proxyOf(frame);
    return call === null && error === null && named.contractId === null && proxy === null
      ? null
      : { call, contractId: named.contractId, error, tokens: tokenArguments(named.named), proxy };
  }

  /** The account a DELEGATECALL frame runs for, as its own frame names it. */
  private proxyOf(frame: Frame): FrameProxy | null {
    const owner = storageOwnerFrame({ frame: (i) => this.frames[i].frame }, frame);
    if (!owner) return null;
    const named = this.frames[owner.index];
    return { address: owner.callee ?? named?.to ?? null, contractId: named?.contractId ?? null };
  }
}

function headerText(abis: AbiRegistry, result: ContractResult): TraceHeader {
  const { call, error, ...rest } = resultHeader(abis, result);
  return { ...rest, result: bounded(rest.result), error: bounded(error), call: bounded(describeCall(call)), tokens: tokenArguments(call) };
}
