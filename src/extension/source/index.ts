// Source stepping: while a trace panel steps, the Solidity line of the current step is shown in the editor when the
// workspace has build artifacts for the contracts it runs, or the verification server has them verified.
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Services } from '../services';
import { DEBUG_TYPE } from '../../debug/adapter';
import { onDidChangeTraceStep } from '../trace/step-events';
import { CompiledDocuments, VERIFIED_SCHEME } from './compiled-documents';
import { StepFollower } from './follower';
import { REVEAL_COMMAND, SourcePresenter, solidity, type ShownSource } from './presenter';
import { TraceSourcing } from './trace-sourcing';
import { WorkspaceArtifacts } from './workspace-artifacts';

/** What the in-VS-Code tests observe. */
export interface SourceSteppingApi {
  /** Resolves once the editor shows the latest step. */
  settled(): Promise<void>;
  /** The marked document and range, if any. */
  shown(): ShownSource | undefined;
  /** The status bar text, if shown. */
  status(): string | undefined;
}

/** The feature's API for tests, and the sources it keeps (the debugger and the gas profile map traces with them too). */
export interface SourceStepping {
  api: SourceSteppingApi;
  sourcing: TraceSourcing;
  /** The document URI of a source not in the workspace, the same one the panel's steps open (see SourcePresenter.uriOf). */
  documentUri: SourcePresenter['uriOf'];
}

/** The status bar says where the debugger's focused frame is, as its Call Stack does. */
async function showFrame(presenter: SourcePresenter, item: vscode.DebugStackFrame): Promise<void> {
  const body = (await item.session.customRequest('stackTrace', { threadId: item.threadId })) as DebugProtocol.StackTraceResponse['body'];
  const frame = body.stackFrames.find((f) => f.id === item.frameId);
  // Moved on meanwhile: the newer item's own request says where.
  const now = vscode.debug.activeStackItem;
  const current = now instanceof vscode.DebugStackFrame && now.session.id === item.session.id && now.frameId === item.frameId;
  if (!frame?.source?.name || !current) return;
  presenter.presentFrame(frame.source.name, frame.line, frame.name);
}

export function registerSourceStepping(context: vscode.ExtensionContext, services: Services): SourceStepping {
  const compiled = new CompiledDocuments();
  const verified = new CompiledDocuments(VERIFIED_SCHEME);
  const presenter = new SourcePresenter(compiled, verified);
  const artifacts = new WorkspaceArtifacts(services.log);
  const sourcing = new TraceSourcing(services, artifacts, context.globalStorageUri);
  // While the debugger drives the trace, VS Code's own current-line highlight shows the source: no second editor,
  // only the status bar item follows. Counted from the start event: activeDebugSession is set only once the launch
  // is done, after its first steps.
  const sessions = new Set<vscode.DebugSession>();
  const debugging = () => sessions.size > 0;
  const follower = new StepFollower(services, sourcing, presenter, debugging);
  context.subscriptions.push(
    compiled,
    verified,
    presenter,
    artifacts,
    follower,
    onDidChangeTraceStep((change) => follower.onStep(change)),
    vscode.debug.onDidStartDebugSession((session) => {
      if (session.type !== DEBUG_TYPE) return;
      sessions.add(session);
      presenter.unmark();
    }),
    vscode.debug.onDidTerminateDebugSession((session) => sessions.delete(session)),
    vscode.debug.onDidChangeActiveStackItem((item) => {
      if (item instanceof vscode.DebugStackFrame && item.session.type === DEBUG_TYPE)
        showFrame(presenter, item).catch((err: unknown) =>
          services.log.warn(`Source status: ${err instanceof Error ? err.message : String(err)}`),
        );
    }),
    // Opened by the debugger before any step showed it: Solidity all the same (its title does not end in .sol), so F9 works.
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (document.uri.scheme === VERIFIED_SCHEME) void solidity(document);
    }),
  );
  services.registerCommand(REVEAL_COMMAND, () => presenter.reveal());
  return {
    api: { settled: () => follower.settled(), shown: () => presenter.shown(), status: () => presenter.statusText() },
    sourcing,
    documentUri: (source) => presenter.uriOf(source),
  };
}
