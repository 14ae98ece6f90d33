// The Debug Adapter Protocol front-end of the debugger (debug type `ledger-mirror`). It runs inline in the extension
// host and as `node dist/debug-adapter.js` over stdio; where the trace and the build output come from is the host's
// business (DebugHost). No `vscode` import.
import { basename } from 'node:path';
import {
  Breakpoint,
  Handles,
  InitializedEvent,
  LoggingDebugSession,
  OutputEvent,
  Response,
  Scope,
  Source,
  StackFrame,
  StoppedEvent,
  TerminatedEvent,
  Thread,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { Redactor } from '../core/net/redact';
import { safeLine, safeText } from '../core/safe-text';
import type { TraceSession } from '../core/session/session';
import type { SourceFiles } from '../core/sourcemap/source-files';
import type { TraceSources } from '../core/sourcemap/trace-sources';
import { verifiedOriginText } from '../core/verified/verified-artifact';
import { storageOwner } from '../core/trace/storage-owner';
import { disassemble, instructionIndexOf } from './disassembly';
import { Expression, formatValue } from './expression';
import type { ExceptionFilter } from './breakpoints';
import { Program, type FnFrame, type ProgramSource } from '../core/sourcemap/program';
import { pastLastStepNotice, truncatedNotice } from '../shared/truncation-text';
import { DebugRuntime, type Granularity, type Stop } from './runtime';
import type { ContractAction, ContractResult } from '../core/contract-results';
import { TraceNames } from '../core/session/names';
import { nativeCallsPassed, nativeResultVariables } from './native-results';
import { eventVariables } from './events';
import { globalVariables } from './globals';
import { programAbis } from './program-abis';
import { pairActions } from './actions';
import {
  argumentsOf,
  entityOfAddress,
  frameVariables,
  memoryVariables,
  returnOf,
  stackVariables,
  type StorageRef,
  type Variable,
} from './variables';
import { stateChangesScope, storageScope } from './storage';
import { childNamed, dapVariable, formatted, openedOf, page, type Opened } from './variable-pages';
import { hexBytes, parseReference, readAt, referencesFor } from './memory-references';
import { localsData, variablesAt } from './locals/scope';
import { nextAtLine } from './stepping';
import type { FramingProblem } from './framing';
import { checkArguments, RequestError, type LaunchArguments } from './requests';
import { raisedError } from './raised-error';
import { WriteIndex } from './watchpoints';
import { resolvePath } from './lookup';
import { outOfModifier, shownStack, type FrameView, type ShownFrame } from './modifier-frames';
import { frameScope, viewVariables } from './frame-views';

/** The launch configuration's attributes (package.json `configurationAttributes` documents them). */
export type { LaunchArguments };

export interface OpenedTrace {
  session: TraceSession;
  /** Identifies each frame's code; undefined when there is no build output. */
  sources: TraceSources | undefined;
  files: SourceFiles;
  /** The transaction's REST actions (each call's calldata and return data), when the trace came from a mirror. */
  actions?(): Promise<ContractAction[]>;
  /** The transaction's contract result (sender, value, block, logs), when the trace came from a mirror. */
  result?(): Promise<ContractResult>;
  /** Runtime code at an address, for the disassembly of contracts without build output. */
  codeAt?(address: string): Promise<Uint8Array | undefined>;
  /** The URI of the host's own document for a source outside the workspace: the editor shows one tab for both. */
  documentUri?(source: ProgramSource): string | undefined;
  dispose?(): void;
}

export interface DebugHost {
  open(args: LaunchArguments, log: (message: string) => void): Promise<OpenedTrace>;
}

/** The debug type, in package.json's `debuggers` and every launch configuration. */
export const DEBUG_TYPE = 'ledger-mirror';

const THREAD_ID = 1;
const EXCEPTION_FILTERS: DebugProtocol.ExceptionBreakpointsFilter[] = [
  {
    filter: 'revert',
    label: 'Revert',
    description: 'Stop where a call reverts (require, revert, custom errors).',
    default: true,
    supportsCondition: true,
    conditionDescription: 'An expression, e.g. depth == 1',
  },
  {
    filter: 'panic',
    label: 'Panic',
    description: 'Stop at a Panic (assert, overflow, division by zero) or INVALID.',
    default: false,
    supportsCondition: true,
  },
];

type ScopeRef = {
  kind: 'arguments' | 'locals' | 'return' | 'native' | 'globals' | 'events' | 'stack' | 'memory' | 'storage' | 'changes' | 'frame';
  step: number;
  fn: number;
  view?: FrameView;
};

/** Instruction references: the code id in the high bits, the pc in the low 32. */
const PC_BITS = 2 ** 32;
const instructionRef = (code: number, pc: number) => `0x${(code * PC_BITS + pc).toString(16)}`;
function parseInstructionRef(ref: string, offset = 0): { code: number; pc: number } | undefined {
  if (!/^0x[0-9a-f]+$/i.test(ref)) return undefined;
  const n = Number(BigInt(ref)) + offset;
  return Number.isSafeInteger(n) && n >= 0 ? { code: Math.floor(n / PC_BITS), pc: n % PC_BITS } : undefined;
}
/** The user name and password in the launch's URLs, as secrets to keep out of what the adapter sends. */
function credentialsOf(...urls: Array<string | undefined>): string[] {
  return urls.flatMap((url) => {
    try {
      const u = new URL(url ?? '');
      return [u.username, u.password].filter(Boolean).map((part) => decodeURIComponent(part));
    } catch {
      return [];
    }
  });
}
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A URI the client sent back, compared without its percent-encoding (VS Code may encode it otherwise than the host). */
function decodedUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}
/** Where the handles of what variables open into start: apart from the scopes' (which start at 1000). */
const CHILD_HANDLES = 1_000_000_000;

export class LedgerMirrorDebugSession extends LoggingDebugSession {
  private runtime: DebugRuntime | undefined;
  private opened: OpenedTrace | undefined;
  private readonly scopes = new Handles<ScopeRef>();
  /** What a variable opens into (a struct's fields, an array's elements, a mapping's entries): valid until the next stop. */
  private readonly children = new Map<number, Opened>();
  /** The expression (evaluateName) of the variable each child handle opened, where it has one. */
  private readonly childPaths = new Map<number, string>();
  private readonly frameSteps = new Map<number, ShownFrame>();
  /** What a data breakpoint id names: the value in storage and how the breakpoint is labelled. */
  private readonly dataTargets = new Map<string, { ref: StorageRef; label: string; name: string }>();
  /** The writes of each watched value, found once. */
  private writes: WriteIndex | undefined;
  private configured!: () => void;
  private readonly configurationDone = new Promise<void>((resolve) => (this.configured = resolve));
  private unfollow: (() => void) | undefined;
  private exceptionFilters: ExceptionFilter[] = ['revert'];
  private exceptionConditions: Partial<Record<ExceptionFilter, string>> = {};
  /** The launch's URL credentials, kept out of everything the adapter sends (URL user info is stripped anyway). */
  private redactor = new Redactor();
  /** The host opening the launch's trace, settled or not (a server frees a connection's place once it has). */
  protected opening: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly host: DebugHost) {
    super();
    this.setDebuggerLinesStartAt1(false);
    this.setDebuggerColumnsStartAt1(false);
  }

  /** Arguments are checked before any handler runs: a refusal names the argument, and no state changes. */
  protected override dispatchRequest(request: DebugProtocol.Request): void {
    try {
      checkArguments(request.command, request.arguments);
    } catch (err) {
      if (!(err instanceof RequestError)) throw err;
      // A hover over text that is no expression is normal: no error box for it.
      return this.sendErrorResponse(new Response(request), { id: 1010, format: err.message, showUser: request.command !== 'evaluate' });
    }
    super.dispatchRequest(request);
  }

  /** What the stdio framing reader could not pass on: the request's refusal when it is known, else a line in the console. */
  refuseFrame(problem: FramingProblem): void {
    if (problem.request)
      this.sendErrorResponse(new Response({ ...problem.request, type: 'request' }), { id: 1011, format: problem.message, showUser: true });
    else this.sendEvent(new OutputEvent(`Ledger Mirror debugger: ${problem.message}\n`, 'stderr'));
  }

  /**
   * Every refusal as one inert sentence: an exception in a handler (the library's 1104, whose text is its stack) by its
   * message, control characters escaped and the launch's credentials removed. No placeholders are left for the
   * library's formatter to fill in.
   */
  protected override sendErrorResponse(
    response: DebugProtocol.Response,
    codeOrMessage: number | DebugProtocol.Message,
    format?: string,
    variables?: Record<string, string>,
  ): void {
    const given: DebugProtocol.Message =
      typeof codeOrMessage === 'number'
        ? { id: codeOrMessage, format: codeOrMessage === 1104 ? (variables?._exception ?? 'Internal error') : (format ?? '') }
        : codeOrMessage;
    super.sendErrorResponse(response, {
      id: given.id,
      format: this.inert(given.format, safeLine),
      showUser: given.showUser,
      variables: {},
    });
  }

  /** Output events reach the debug console, which renders terminal escapes: their text is made inert there. */
  override sendEvent(event: DebugProtocol.Event): void {
    if (event.event === 'output') {
      const body = (event as DebugProtocol.OutputEvent).body;
      body.output = this.inert(body.output, safeText);
    }
    super.sendEvent(event);
  }

  /** Names and values shown in the call stack, Variables, Watch and the debug console: one inert line each. */
  override sendResponse(response: DebugProtocol.Response): void {
    const body = response.body as Record<string, unknown> | undefined;
    if (response.success && body) {
      if (response.command === 'evaluate') body.result = this.inert(String(body.result), safeLine);
      for (const v of (response.command === 'variables' ? body.variables : []) as DebugProtocol.Variable[]) {
        v.name = this.inert(v.name, safeLine);
        v.value = this.inert(v.value, safeLine);
      }
      for (const f of (response.command === 'stackTrace' ? body.stackFrames : []) as DebugProtocol.StackFrame[])
        f.name = this.inert(f.name, safeLine);
    }
    super.sendResponse(response);
  }

  private inert(text: string, escape: (t: string) => string): string {
    return escape(this.redactor.redact(text));
  }

  protected override initializeRequest(response: DebugProtocol.InitializeResponse): void {
    response.body = {
      supportsConfigurationDoneRequest: true,
      supportsStepBack: true,
      supportsSteppingGranularity: true,
      supportsDisassembleRequest: true,
      supportsInstructionBreakpoints: true,
      supportsReadMemoryRequest: true,
      supportsGotoTargetsRequest: true,
      supportsRestartFrame: true,
      supportsLoadedSourcesRequest: true,
      supportsConditionalBreakpoints: true,
      supportsHitConditionalBreakpoints: true,
      supportsFunctionBreakpoints: true,
      supportsEvaluateForHovers: true,
      supportsExceptionFilterOptions: true,
      supportsExceptionInfoRequest: true,
      supportsDataBreakpoints: true,
      supportsValueFormattingOptions: true,
      exceptionBreakpointFilters: EXCEPTION_FILTERS,
    };
    this.sendResponse(response);
  }

  protected override launchRequest(response: DebugProtocol.LaunchResponse, args: LaunchArguments): void {
    this.launch(response, args).catch((err: unknown) =>
      this.sendEvent(new OutputEvent(`Ledger Mirror debugger: ${err instanceof Error ? err.message : String(err)}\n`, 'stderr')),
    );
  }

  private async launch(response: DebugProtocol.LaunchResponse, args: LaunchArguments): Promise<void> {
    this.redactor = this.redactor.with(credentialsOf(args.mirrorUrl, args.web3Url));
    try {
      // Each log message is one line of the console: a newline inside a value it quotes is escaped.
      const opening = this.host.open(args, (m) => this.sendEvent(new OutputEvent(`${safeLine(m)}\n`, 'console')));
      this.opening = opening.catch(() => undefined);
      this.opened = await opening;
      // The client went while the trace was opening: nothing more is done for it.
      if (this.closed) return this.close();
      const { session, sources, files } = this.opened;
      const program = await Program.cached(session.trace, sources, files);
      this.runtime = new DebugRuntime(session, program);
      this.runtime.breakpoints.setExceptions(this.exceptionFilters, this.exceptionConditions);
      if (session.trace.summary.truncated) this.sendEvent(new OutputEvent(`${truncatedNotice(session.trace.summary.steps)}\n`, 'console'));
      if (program.enumNote) this.sendEvent(new OutputEvent(`${safeLine(program.enumNote)}\n`, 'console'));
    } catch (err) {
      this.sendErrorResponse(response, { id: 1001, format: err instanceof Error ? err.message : String(err), showUser: true });
      this.sendEvent(new TerminatedEvent());
      return;
    }
    this.sendEvent(new InitializedEvent());
    await this.configurationDone;
    this.sendResponse(response);
    const runtime = this.runtime;
    // The panel (or anything else) moved the shared session: the debugger shows the new step.
    this.unfollow = runtime.session.onDidMove((step, origin) => {
      if (origin !== 'debugger') this.sendEvent(this.stoppedEvent({ step, reason: 'goto' }));
    });
    if (args.stopOnEntry === false) this.report(runtime.run(false));
    // From the trace panel's Debug button: where the panel is.
    else this.report(runtime.entry(args.traceKey !== undefined));
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.sendResponse(response);
    this.configured();
  }

  /** Handles apart from the scopes' (Handles#reset starts over at the scopes' first handle, so it is not used). */
  private childHandle(children: Opened, path?: string): number {
    const handle = CHILD_HANDLES + this.children.size;
    this.children.set(handle, children);
    if (path !== undefined) this.childPaths.set(handle, path);
    return handle;
  }

  private report(stop: Stop): void {
    this.children.clear();
    this.childPaths.clear();
    const event = this.stoppedEvent(stop);
    const summary = this.runtime?.trace.summary;
    if (stop.end === 'end' && summary?.truncated) this.sendEvent(new OutputEvent(`${pastLastStepNotice(summary.steps)}\n`, 'console'));
    this.sendEvent(event);
  }

  /**
   * A stop on a step that reverts (REVERT, INVALID) is an exception stop however it was reached (a breakpoint, a
   * step, the panel's position when its Debug button started the session), so VS Code always shows the widget there.
   */
  private stoppedEvent(stop: Stop): DebugProtocol.StoppedEvent {
    const program = this.runtime?.program;
    const raises = stop.reason !== 'exception' && program && (program.reverts.includes(stop.step) || program.invalids.includes(stop.step));
    const reason = raises ? 'exception' : stop.reason;
    const event = new StoppedEvent(reason, THREAD_ID) as DebugProtocol.StoppedEvent;
    const description = raises ? `Revert at step ${stop.step}` : stop.description;
    if (description) event.body.description = description;
    if (stop.ids) event.body.hitBreakpointIds = stop.ids;
    if (reason === 'exception') event.body.text = this.exceptionText(stop.step);
    return event;
  }

  private exceptionText(step: number): string {
    const rt = this.need();
    return raisedError(rt.program, rt.trace.row(step).frame).description;
  }

  /** The exception widget: the error by name with its arguments, its selector, and the frame that raised it. */
  protected override exceptionInfoRequest(response: DebugProtocol.ExceptionInfoResponse): void {
    this.pairedActions()
      .then((actions) => this.exceptionInfo(response, actions))
      .catch((err: unknown) => this.sendErrorResponse(response, { id: 1013, format: err instanceof Error ? err.message : String(err) }));
  }

  private exceptionInfo(response: DebugProtocol.ExceptionInfoResponse, actions: Array<ContractAction | undefined>): void {
    const rt = this.need();
    const raised = raisedError(rt.program, rt.trace.row(rt.step).frame);
    // The frames as the Call Stack shows them: a revert in a modifier is the modifier's.
    const stack = shownStack(rt.program, rt.step, (f) => actions[f]?.input ?? undefined);
    const label = (f: ShownFrame) => f.label ?? this.frameLabel(f.frame);
    const loc = stack[0]?.at;
    const where = `${label(stack[0])}${loc ? ` (${basename(loc.source.sourceName)}:${this.convertDebuggerLineToClient(loc.line)})` : ''}`;
    response.body = {
      // The widget's title ("Exception has occurred: …"): the signature and selector, as the docs promise.
      exceptionId: `${raised.signature ?? raised.name ?? 'revert'}${raised.selector ? ` (selector ${raised.selector})` : ''}`,
      description: raised.description,
      breakMode: 'always',
      details: {
        message: `${where} reverted: ${raised.description}${raised.selector ? ` (selector ${raised.selector})` : ''}`,
        typeName: raised.signature,
        stackTrace: stack
          .map((f) => `at ${label(f)}${f.at ? ` (${f.at.source.sourceName}:${this.convertDebuggerLineToClient(f.at.line)})` : ''}`)
          .join('\n'),
      },
    };
    this.sendResponse(response);
  }

  private need(): DebugRuntime {
    if (!this.runtime) throw new Error('No trace is loaded.');
    return this.runtime;
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    const tx = this.runtime?.trace.summary.transaction;
    response.body = { threads: [new Thread(THREAD_ID, tx ? `Transaction ${tx}` : 'Transaction')] };
    this.sendResponse(response);
  }

  private sourceOf(source: ProgramSource): Source {
    const uri = this.opened?.documentUri?.(source);
    const origin = source.verified ? verifiedOriginText(source.verified) : 'compiled source';
    return source.path
      ? new Source(basename(source.path), this.convertDebuggerPathToClient(source.path))
      : uri
        ? // The host's document (VS Code opens a path that is a URI as that URI): no second tab for the same source.
          new Source(basename(source.sourceName), uri, 0, origin, { sourceName: source.sourceName })
        : source.verified
          ? // Named as the file (the editor picks the language, so breakpoints bind); the origin says where it came from.
            new Source(basename(source.sourceName), undefined, source.id + 1, verifiedOriginText(source.verified), {
              sourceName: source.sourceName,
            })
          : new Source(basename(source.sourceName), undefined, source.id + 1, 'compiled source', { sourceName: source.sourceName });
  }

  private frameLabel(frame: FnFrame): string {
    const rt = this.need();
    const shown = (address: string) => `${address}${entityOfAddress(address) ? ` (${entityOfAddress(address)})` : ''}`;
    // A DELEGATECALL frame runs the implementation's code for a proxy: both are named.
    const proxy = storageOwner(rt.trace, rt.trace.frame(frame.traceFrame));
    const forProxy = proxy ? ` for proxy ${shown(proxy)}` : '';
    if (frame.name && frame.contract) return `${frame.name}${forProxy}`;
    const address = rt.program.frameCode[frame.traceFrame].address;
    return address ? `${shown(address)}${forProxy}` : frame.name || `frame ${frame.traceFrame}`;
  }

  protected override stackTraceRequest(response: DebugProtocol.StackTraceResponse): void {
    // Each call's input names a call whose code never entered its function's definition (IR code): waited for only then.
    const rt = this.need();
    const bare = shownStack(rt.program, rt.step).some(
      (f) => f.label === undefined && f.frame.kind === 'external' && f.frame.name === f.frame.contract,
    );
    if (!bare) return this.stackTrace(response, []);
    this.pairedActions()
      .then((actions) => this.stackTrace(response, actions))
      .catch((err: unknown) => this.sendErrorResponse(response, { id: 1012, format: err instanceof Error ? err.message : String(err) }));
  }

  private stackTrace(response: DebugProtocol.StackTraceResponse, actions: Array<ContractAction | undefined>): void {
    const rt = this.need();
    this.frameSteps.clear();
    const frames = shownStack(rt.program, rt.step, (f) => actions[f]?.input ?? undefined).map((shown) => {
      const { id, frame, step, at: loc } = shown;
      this.frameSteps.set(id, shown);
      const row = rt.trace.row(step);
      const sf = new StackFrame(
        id,
        shown.label ?? this.frameLabel(frame),
        loc && this.sourceOf(loc.source),
        loc ? this.convertDebuggerLineToClient(loc.line) : 0,
        loc ? this.convertDebuggerColumnToClient(loc.column) : 0,
      ) as DebugProtocol.StackFrame;
      if (loc) {
        sf.endLine = this.convertDebuggerLineToClient(loc.endLine);
        sf.endColumn = this.convertDebuggerColumnToClient(loc.endColumn);
      } else sf.presentationHint = 'subtle';
      sf.instructionPointerReference = instructionRef(rt.codeIdOf(row.frame), row.instructionPc);
      sf.canRestart = shown.view?.kind !== 'modifier';
      return sf;
    });
    response.body = { stackFrames: frames, totalFrames: frames.length };
    this.sendResponse(response);
  }

  private frameStep(frameId: number | undefined): { step: number; fn: number; view?: FrameView } {
    const rt = this.need();
    const shown = frameId === undefined ? undefined : this.frameSteps.get(frameId);
    if (shown) return { step: shown.step, fn: shown.frame.id, view: shown.view };
    return { step: rt.step, fn: rt.program.visibleFrame(rt.step).id };
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    const { step, fn, view } = this.frameStep(args.frameId);
    const scope = (name: string, kind: ScopeRef['kind'], expensive = false) =>
      new Scope(name, this.scopes.create({ kind, step, fn, view }), expensive);
    const rt = this.need();
    const frame = rt.program.frames[fn];
    // The stopped frame only: a native call the last step passed over, whose result shows like a return value.
    const native = step === rt.step && nativeCallsPassed(rt.trace, rt.passed, frame.traceFrame).length > 0;
    response.body = {
      scopes: [
        ...(frame.header || view ? [scope('Arguments', 'arguments'), scope('Locals', 'locals')] : []),
        ...(frame.header && frame.kind === 'external' && !view ? [scope('Return', 'return')] : []),
        ...(native ? [scope('Native Call Result', 'native')] : []),
        scope('Globals', 'globals'),
        scope('Events', 'events'),
        scope('Stack', 'stack'),
        scope('Memory', 'memory', true),
        scope('Storage', 'storage'),
        ...(step === rt.trace.length - 1 ? [scope('State Changes', 'changes')] : []),
        scope('Frame', 'frame'),
      ],
    };
    this.sendResponse(response);
  }

  /** Per trace frame, its REST action: fetched once, when Arguments or Return first needs it. */
  private frameActions: Promise<Array<ContractAction | undefined>> | undefined;

  private rawActions: Promise<ContractAction[] | undefined> | undefined;

  private pairedActions(): Promise<Array<ContractAction | undefined>> {
    const rt = this.need();
    this.rawActions ??= this.fromMirror('call actions', this.opened?.actions);
    this.frameActions ??= this.rawActions.then((actions) => (actions ? pairActions(rt.trace, actions) : []));
    return this.frameActions;
  }

  private actionOf(traceFrame: number): Promise<ContractAction | undefined> {
    return this.pairedActions().then((pairs) => pairs[traceFrame]);
  }

  /** The contract result, fetched once, when Globals or Events first needs it. */
  private contractResult: Promise<ContractResult | undefined> | undefined;
  /** Events by name, as the trace panel names them: built once, on the first Events scope. */
  private traceNames: Promise<TraceNames> | undefined;

  private resultOnce(): Promise<ContractResult | undefined> {
    this.contractResult ??= this.fromMirror('contract result', this.opened?.result);
    return this.contractResult;
  }

  private names(): Promise<TraceNames> {
    const rt = this.need();
    this.traceNames ??= Promise.all([this.resultOnce(), this.pairedActions().then(() => this.rawActions)]).then(([result, actions]) =>
      TraceNames.build(rt.trace, { abis: programAbis(rt.program), result: result ?? null, actions: actions ?? null }),
    );
    return this.traceNames;
  }

  /** What a mirror request gives, or undefined (said once in the Debug Console) when there is no mirror or it fails. */
  private async fromMirror<T>(what: string, read: (() => Promise<T>) | undefined): Promise<T | undefined> {
    if (!read) return undefined;
    try {
      return await read();
    } catch (err) {
      this.sendEvent(new OutputEvent(`The ${what} could not be read: ${err instanceof Error ? err.message : String(err)}\n`, 'console'));
      return undefined;
    }
  }

  protected override variablesRequest(response: DebugProtocol.VariablesResponse, args: DebugProtocol.VariablesArguments): void {
    this.variables(response, args).catch((err: unknown) =>
      this.sendErrorResponse(response, { id: 1007, format: err instanceof Error ? err.message : String(err), showUser: false }),
    );
  }

  private async variables(response: DebugProtocol.VariablesResponse, args: DebugProtocol.VariablesArguments): Promise<void> {
    const rt = this.need();
    const ref = this.scopes.get(args.variablesReference);
    const opened = this.children.get(args.variablesReference);
    let vars: readonly Variable[] | string = opened ? page(opened, args) : [];
    if (ref) {
      const frame = rt.program.frames[ref.fn];
      const detail = rt.detail(ref.step);
      const action = (): Promise<ContractAction | undefined> =>
        frame.kind === 'external' ? this.actionOf(frame.traceFrame) : Promise.resolve(undefined);
      switch (ref.kind) {
        case 'arguments':
        case 'locals': {
          const call = await this.actionOf(frame.traceFrame);
          const data = () => localsData(rt, ref.step, call?.input ?? undefined);
          vars = frameScope(rt.program, frame, ref.step, ref.view, ref.kind, data, call);
          break;
        }
        case 'return':
          vars = returnOf(rt.program, frame, (s) => rt.memoryBytes(s), await action());
          break;
        case 'native':
          vars = nativeResultVariables(await this.names(), nativeCallsPassed(rt.trace, rt.passed, frame.traceFrame));
          break;
        case 'globals':
          vars = globalVariables(rt.trace, ref.step, frame.traceFrame, {
            result: await this.resultOnce(),
            actions: await this.pairedActions(),
          });
          break;
        case 'events':
          vars = eventVariables(rt.trace, await this.names(), ref.step, frame.traceFrame);
          break;
        case 'stack':
          vars = stackVariables(detail.stack);
          break;
        case 'memory':
          vars = memoryVariables(detail.memory, referencesFor(ref.step, frame.traceFrame));
          break;
        case 'storage':
          vars = storageScope(rt.program, ref.step, frame.traceFrame);
          break;
        case 'changes':
          vars = stateChangesScope(rt.program);
          break;
        case 'frame':
          vars = frameVariables(rt.trace, ref.step, frame, rt.program.frameCode[frame.traceFrame].artifact?.name);
          break;
      }
    }
    const list: readonly Variable[] = typeof vars === 'string' ? [{ name: '(none)', value: vars }] : vars;
    // Add to Watch and Copy as Expression: what evaluate reads the variable back by (not for Frame, Events, Return).
    const base = ref
      ? ref.kind === 'frame' || ref.kind === 'events' || ref.kind === 'return' || ref.kind === 'native'
        ? undefined
        : ''
      : this.childPaths.get(args.variablesReference);
    const pathOf = (v: Variable) =>
      base === undefined || v.name.startsWith('(') || v.name === '…'
        ? undefined
        : base === ''
          ? v.name
          : opened?.revealed
            ? base
            : `${base}${v.name.startsWith('[') ? '' : '.'}${v.name}`;
    const handle = (o: Opened, path: string | undefined) => this.childHandle(o, path);
    response.body = { variables: list.map((v) => dapVariable(v, pathOf(v), args.format, handle, opened?.revealed)) };
    this.sendResponse(response);
  }

  protected override evaluateRequest(response: DebugProtocol.EvaluateResponse, args: DebugProtocol.EvaluateArguments): void {
    // Never shown in a box (hovering over Solidity the language does not know is normal); the hover, Watch and
    // Debug Console show the message in place.
    this.evaluate(response, args).catch((err: unknown) =>
      this.sendErrorResponse(response, { id: 1002, format: err instanceof Error ? err.message : String(err), showUser: false }),
    );
  }

  private async evaluate(response: DebugProtocol.EvaluateResponse, args: DebugProtocol.EvaluateArguments): Promise<void> {
    const rt = this.need();
    const { step, fn, view } = this.frameStep(args.frameId);
    const expression = args.expression.trim();
    const frame = rt.program.frames[fn];
    const globals = globalVariables(rt.trace, step, frame.traceFrame, {
      result: await this.resultOnce(),
      actions: await this.pairedActions(),
    });
    const action = frame.kind === 'external' ? await this.actionOf(frame.traceFrame) : undefined;
    const found = resolvePath(
      expression,
      (name) => globals.find((v) => v.name === name) ?? (IDENTIFIER.test(name) ? this.named(name, step, fn, action, view) : undefined),
    );
    if (found) {
      const opened = openedOf(found);
      response.body = {
        result: formatted(found.value, args.format),
        type: found.type,
        variablesReference: opened ? this.childHandle(opened, expression) : 0,
        indexedVariables: opened?.elements?.length,
        memoryReference: found.memoryReference,
      };
      return this.sendResponse(response);
    }
    const unread = IDENTIFIER.test(expression) && this.unreadState(expression, frame.traceFrame);
    if (unread) throw new Error(unread);
    const value = new Expression(args.expression).evaluate(rt.context(step));
    response.body = { result: formatValue(value), variablesReference: 0 };
    this.sendResponse(response);
  }

  /** Why a state variable of the frame's contract has no value here (the Storage scope holds none of its slots). */
  private unreadState(name: string, traceFrame: number): string | undefined {
    const rt = this.need();
    const contract = rt.program.frameCode[traceFrame].artifact;
    if (!contract?.storageLayout?.storage.some((v) => v.label === name)) return undefined;
    return `"${name}" is a state variable of ${contract.name}: no slot of it was read or written yet at this step.`;
  }

  /** An argument of the frame's function, else a state variable the trace holds, by its Solidity name (hover, Watch). */
  private named(name: string, step: number, fn: number, action?: ContractAction, view?: FrameView): Variable | undefined {
    const rt = this.need();
    const frame = rt.program.frames[fn];
    const look = (vars: Variable[] | string | undefined) => (typeof vars === 'object' ? vars.find((v) => v.name === name) : undefined);
    const data = () => localsData(rt, step, action?.input ?? undefined);
    const inView = (scope: 'arguments' | 'locals') =>
      view && viewVariables(rt.program, view, frame, step, scope, data, action?.input ?? undefined);
    return (
      look(inView('arguments')) ??
      look(inView('locals')) ??
      look(argumentsOf(rt.program, frame, action)) ??
      look(variablesAt(rt.program, step, ['return', 'local'], () => localsData(rt, step, undefined))) ??
      look(storageScope(rt.program, step, frame.traceFrame))
    );
  }

  private programSource(source: DebugProtocol.Source): ProgramSource | undefined {
    const rt = this.need();
    if (source.sourceReference) return rt.program.sources[source.sourceReference - 1];
    if (!source.path) return undefined;
    const uri = decodedUri(source.path);
    const hosted = rt.program.sources.find((s) => {
      const own = this.opened?.documentUri?.(s);
      return own !== undefined && decodedUri(own) === uri;
    });
    if (hosted) return hosted;
    const path = this.convertClientPathToDebugger(source.path);
    return (
      rt.program.sources.find((s) => s.path === path) ??
      rt.program.sources.find((s) => s.sourceName === path || path.endsWith(`/${s.sourceName}`))
    );
  }

  protected override setBreakPointsRequest(
    response: DebugProtocol.SetBreakpointsResponse,
    args: DebugProtocol.SetBreakpointsArguments,
  ): void {
    const rt = this.need();
    const source = this.programSource(args.source);
    const specs = (args.breakpoints ?? []).map((b) => ({
      line: this.convertClientLineToDebugger(b.line),
      column: b.column === undefined ? undefined : this.convertClientColumnToDebugger(b.column) + 1,
      condition: b.condition,
      hitCondition: b.hitCondition,
    }));
    const verified = rt.breakpoints.setLines(source, specs);
    response.body = {
      breakpoints: verified.map((v) => {
        const bp = new Breakpoint(
          v.verified,
          v.line === undefined ? undefined : this.convertDebuggerLineToClient(v.line),
        ) as DebugProtocol.Breakpoint;
        bp.id = v.id;
        if (v.message) {
          bp.message = v.message;
          bp.reason = 'failed';
        }
        return bp;
      }),
    };
    this.sendResponse(response);
  }

  protected override dataBreakpointInfoRequest(
    response: DebugProtocol.DataBreakpointInfoResponse,
    args: DebugProtocol.DataBreakpointInfoArguments,
  ): void {
    const rt = this.need();
    const scope = args.variablesReference === undefined ? undefined : this.scopes.get(args.variablesReference);
    let found: Variable | undefined;
    if (args.variablesReference !== undefined && this.children.has(args.variablesReference))
      found = childNamed(this.children.get(args.variablesReference)!, args.name);
    else if (scope?.kind === 'storage') {
      const vars = storageScope(rt.program, scope.step, rt.program.frames[scope.fn].traceFrame);
      found = typeof vars === 'string' ? undefined : vars.find((v) => v.name === args.name);
    } else if (args.variablesReference === undefined) {
      const { step, fn } = this.frameStep(args.frameId);
      found = this.named(args.name, step, fn);
    }
    const ref = found?.storage;
    if (!ref) {
      response.body = {
        dataId: null,
        description: 'Data breakpoints watch state variables, struct fields, mapping entries and storage slots of value types.',
      };
      return this.sendResponse(response);
    }
    const dataId = `${ref.account}:0x${ref.slot.toString(16)}:${ref.offset}:${ref.size}`;
    const label = this.childPaths.get(args.variablesReference ?? -1)
      ? `${this.childPaths.get(args.variablesReference!)}${args.name.startsWith('[') ? '' : '.'}${args.name}`
      : args.name;
    this.dataTargets.set(dataId, { ref, label, name: args.name });
    response.body = {
      dataId,
      description: `${label} (slot 0x${ref.slot.toString(16)} of ${ref.account})`,
      accessTypes: ['write'],
      canPersist: false,
    };
    this.sendResponse(response);
  }

  protected override setDataBreakpointsRequest(
    response: DebugProtocol.SetDataBreakpointsResponse,
    args: DebugProtocol.SetDataBreakpointsArguments,
  ): void {
    const rt = this.need();
    this.writes ??= new WriteIndex(rt.trace);
    const specs = args.breakpoints.map((b) => {
      const target = this.dataTargets.get(b.dataId);
      return {
        label: target?.label ?? b.dataId,
        name: target?.name ?? '',
        writes: target ? this.writes!.writesOf(b.dataId, target.ref) : [],
        condition: b.condition,
        hitCondition: b.hitCondition,
      };
    });
    const verified = rt.breakpoints.setData(specs);
    response.body = { breakpoints: verified.map((v) => ({ id: v.id, verified: v.verified, message: v.message })) };
    this.sendResponse(response);
  }

  protected override setFunctionBreakPointsRequest(
    response: DebugProtocol.SetFunctionBreakpointsResponse,
    args: DebugProtocol.SetFunctionBreakpointsArguments,
  ): void {
    const verified = this.need().breakpoints.setFunctions(args.breakpoints);
    response.body = { breakpoints: verified.map((v) => ({ id: v.id, verified: v.verified, message: v.message })) };
    this.sendResponse(response);
  }

  protected override setInstructionBreakpointsRequest(
    response: DebugProtocol.SetInstructionBreakpointsResponse,
    args: DebugProtocol.SetInstructionBreakpointsArguments,
  ): void {
    const specs = args.breakpoints.flatMap((b) => {
      const at = parseInstructionRef(b.instructionReference, b.offset ?? 0);
      return at ? [{ ...at, condition: b.condition, hitCondition: b.hitCondition }] : [];
    });
    const verified = this.need().breakpoints.setInstructions(specs);
    response.body = { breakpoints: verified.map((v) => ({ id: v.id, verified: v.verified, message: v.message })) };
    this.sendResponse(response);
  }

  protected override setExceptionBreakPointsRequest(
    response: DebugProtocol.SetExceptionBreakpointsResponse,
    args: DebugProtocol.SetExceptionBreakpointsArguments,
  ): void {
    const known = (f: string): f is ExceptionFilter => f === 'revert' || f === 'panic';
    this.exceptionFilters = [...args.filters.filter(known), ...(args.filterOptions ?? []).map((o) => o.filterId).filter(known)];
    this.exceptionConditions = Object.fromEntries(
      (args.filterOptions ?? []).filter((o) => known(o.filterId) && o.condition).map((o) => [o.filterId, o.condition]),
    );
    try {
      this.runtime?.breakpoints.setExceptions(this.exceptionFilters, this.exceptionConditions);
      this.sendResponse(response);
    } catch (err) {
      this.sendErrorResponse(response, { id: 1003, format: err instanceof Error ? err.message : String(err), showUser: true });
    }
  }

  private granularity(args: { granularity?: DebugProtocol.SteppingGranularity }): Granularity {
    return args.granularity === 'instruction' ? 'instruction' : 'statement';
  }

  private moveThen(response: DebugProtocol.Response, move: (rt: DebugRuntime) => Stop): void {
    // Moved before the answer, so a move that fails is refused once rather than answered twice.
    const stop = move(this.need());
    this.sendResponse(response);
    this.report(stop);
  }

  protected override continueRequest(response: DebugProtocol.ContinueResponse): void {
    response.body = { allThreadsContinued: true };
    this.moveThen(response, (rt) => rt.run(false));
  }

  protected override reverseContinueRequest(response: DebugProtocol.ReverseContinueResponse): void {
    this.moveThen(response, (rt) => rt.run(true));
  }

  protected override nextRequest(response: DebugProtocol.NextResponse, args: DebugProtocol.NextArguments): void {
    this.moveThen(response, (rt) => rt.stepBy('over', false, this.granularity(args)));
  }

  protected override stepInRequest(response: DebugProtocol.StepInResponse, args: DebugProtocol.StepInArguments): void {
    this.moveThen(response, (rt) => rt.stepBy('into', false, this.granularity(args)));
  }

  protected override stepOutRequest(response: DebugProtocol.StepOutResponse, args: DebugProtocol.StepOutArguments): void {
    this.moveThen(response, (rt) => {
      const out = this.granularity(args) === 'statement' ? outOfModifier(rt.program, rt.step) : undefined;
      return out === undefined ? rt.stepBy('out', false, this.granularity(args)) : rt.stepTo(out);
    });
  }

  protected override stepBackRequest(response: DebugProtocol.StepBackResponse, args: DebugProtocol.StepBackArguments): void {
    this.moveThen(response, (rt) => rt.stepBy('over', true, this.granularity(args)));
  }

  protected override restartFrameRequest(response: DebugProtocol.RestartFrameResponse, args: DebugProtocol.RestartFrameArguments): void {
    if (!this.need().program.frames[args.frameId])
      return this.sendErrorResponse(response, {
        id: 1009,
        format: `frameId ${args.frameId} is not a frame of the call stack.`,
        showUser: true,
      });
    this.moveThen(response, (rt) => rt.restartFrame(args.frameId));
  }

  protected override gotoTargetsRequest(response: DebugProtocol.GotoTargetsResponse, args: DebugProtocol.GotoTargetsArguments): void {
    const rt = this.need();
    const source = this.programSource(args.source);
    const line = this.convertClientLineToDebugger(args.line);
    const key = source && rt.program.knownLineKey(source, line);
    const step = key === undefined ? undefined : (nextAtLine(rt.program, rt.step, key) ?? nextAtLine(rt.program, rt.step, key, true));
    response.body = { targets: step === undefined ? [] : [{ id: step, label: `Step ${step}`, line: args.line }] };
    this.sendResponse(response);
  }

  protected override gotoRequest(response: DebugProtocol.GotoResponse, args: DebugProtocol.GotoArguments): void {
    const last = this.need().trace.length - 1;
    const step: unknown = args.targetId;
    if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > last)
      return this.sendErrorResponse(response, {
        id: 1008,
        format: `targetId must be a step from 0 to ${last}, not ${JSON.stringify(step)?.slice(0, 40)}.`,
        showUser: true,
      });
    this.moveThen(response, (rt) => rt.goto(step));
  }

  protected override loadedSourcesRequest(response: DebugProtocol.LoadedSourcesResponse): void {
    response.body = { sources: this.need().program.sources.map((s) => this.sourceOf(s)) };
    this.sendResponse(response);
  }

  protected override sourceRequest(response: DebugProtocol.SourceResponse, args: DebugProtocol.SourceArguments): void {
    const source = this.runtime?.program.sources[(args.source?.sourceReference ?? args.sourceReference) - 1];
    if (!source) return this.sendErrorResponse(response, { id: 1004, format: 'No such source.', showUser: false });
    response.body = { content: source.text, mimeType: 'text/x-solidity' };
    this.sendResponse(response);
  }

  protected override disassembleRequest(response: DebugProtocol.DisassembleResponse, args: DebugProtocol.DisassembleArguments): void {
    this.disassemble(response, args).catch((err: unknown) =>
      this.sendErrorResponse(response, { id: 1005, format: err instanceof Error ? err.message : String(err), showUser: false }),
    );
  }

  private async disassemble(response: DebugProtocol.DisassembleResponse, args: DebugProtocol.DisassembleArguments): Promise<void> {
    const rt = this.need();
    const at = parseInstructionRef(args.memoryReference, args.offset ?? 0);
    const frame = at && rt.frameOfCode(at.code);
    const fc = frame === undefined || frame === null ? undefined : rt.program.frameCode[frame];
    const bytes = fc?.code?.bytes ?? (fc?.address ? await this.opened?.codeAt?.(fc.address).catch(() => undefined) : undefined);
    if (!at || !bytes)
      return this.sendErrorResponse(response, { id: 1005, format: 'No code is known for this reference.', showUser: false });
    const list = disassemble(bytes);
    const center = instructionIndexOf(list, at.pc) + (args.instructionOffset ?? 0);
    const instructions: DebugProtocol.DisassembledInstruction[] = [];
    for (let i = center; i < center + args.instructionCount; i++) {
      const ins = list[i];
      if (!ins) {
        // Outside the code: the view still needs one entry per slot it asked for.
        const pc = i < 0 ? i + 0 : (list[list.length - 1]?.pc ?? 0) + (i - list.length + 1);
        instructions.push({ address: instructionRef(at.code, Math.max(0, pc)), instruction: '', presentationHint: 'invalid' });
        continue;
      }
      const entry: DebugProtocol.DisassembledInstruction = {
        address: instructionRef(at.code, ins.pc),
        instruction: ins.text,
        instructionBytes: ins.bytes,
      };
      if (args.resolveSymbols !== false && fc?.code && fc.artifact) {
        const range = fc.code.rangeAt(ins.pc);
        const file = range && range.file >= 0 ? fc.artifact.sources.get(range.file) : undefined;
        const source = file && rt.program.sources.find((s) => s.sourceName === file.sourceName);
        if (source) entry.location = this.sourceOf(source);
      }
      instructions.push(entry);
    }
    response.body = { instructions };
    this.sendResponse(response);
  }

  protected override readMemoryRequest(response: DebugProtocol.ReadMemoryResponse, args: DebugProtocol.ReadMemoryArguments): void {
    this.readMemory(response, args).catch((err: unknown) =>
      this.sendErrorResponse(response, { id: 1006, format: err instanceof Error ? err.message : String(err), showUser: false }),
    );
  }

  /** The bytes a memoryReference names (memory-references.ts): memory at a step, or a call frame's input. */
  private async readMemory(response: DebugProtocol.ReadMemoryResponse, args: DebugProtocol.ReadMemoryArguments): Promise<void> {
    const rt = this.need();
    const place = parseReference(args.memoryReference);
    if (typeof place === 'string') throw new Error(place);
    let bytes: Uint8Array | undefined;
    if (place.kind === 'memory') {
      if (place.step >= rt.trace.length) throw new Error(`${args.memoryReference}: the trace has steps 0 to ${rt.trace.length - 1}.`);
      bytes = rt.memoryBytes(place.step);
      if (!bytes) throw new Error('The trace was fetched without memory (launch with "memory": true).');
    } else {
      if (place.frame >= rt.trace.frameCount())
        throw new Error(`${args.memoryReference}: the trace has call frames 0 to ${rt.trace.frameCount() - 1}.`);
      bytes = hexBytes((await this.actionOf(place.frame))?.input ?? undefined);
      if (!bytes) throw new Error(`The input of call frame ${place.frame} is not known (the mirror's actions carry it).`);
    }
    const read = readAt(bytes, place.offset, args.offset ?? 0, args.count);
    if (typeof read === 'string') throw new Error(`${args.memoryReference}: ${read}`);
    response.body = read;
    this.sendResponse(response);
  }

  /** Lets go of what the session holds (the trace's connections, the panel's follower): on disconnect, or when its client goes. */
  close(): void {
    this.closed = true;
    this.unfollow?.();
    this.opened?.dispose?.();
  }

  protected override disconnectRequest(response: DebugProtocol.DisconnectResponse): void {
    this.close();
    this.sendResponse(response);
    // Over stdio the process ends now (DAP clients such as nvim-dap wait for it); inline in VS Code this does nothing.
    this.shutdown();
  }
}
