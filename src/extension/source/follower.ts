// Follows the trace panels' steps into the sources. Stepping never waits for this: a step only records what to
// show, and the editor catches up with the latest step once stepping pauses (PACING.quietMs), or once a second
// while a key is held, so holding F10 through a million steps costs a few editor updates, and no editor update
// lands in the frames the panel is drawing for the keys.
import * as vscode from 'vscode';
import type { SourceFiles } from '../../core/sourcemap/source-files';
import { locateStep } from '../../core/sourcemap/step-place';
import type { TraceSources } from '../../core/sourcemap/trace-sources';
import type { Trace } from '../../shared/trace-model';
import type { Services } from '../services';
import type { TraceStepChange } from '../trace/step-events';
import { LatestOnly, type Pacing } from './latest-only';
import type { SourcePresenter } from './presenter';
import type { TraceSourcing } from './trace-sourcing';

const PACING: Pacing = { quietMs: 100, maxWaitMs: 1000 };

interface Followed {
  panel: vscode.WebviewPanel;
  trace: Trace;
  step: number;
}

export class StepFollower implements vscode.Disposable {
  private readonly sources = new Map<vscode.WebviewPanel, { sources: TraceSources; files: SourceFiles }>();
  private readonly watched = new Set<vscode.WebviewPanel>();
  /** The step on screen. */
  private last: Followed | undefined;
  private readonly updates: LatestOnly<Followed>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    services: Services,
    private readonly sourcing: TraceSourcing,
    private readonly presenter: SourcePresenter,
    /** True while the debugger marks the source itself: it drives the status bar too then. */
    private readonly statusOnly: () => boolean = () => false,
  ) {
    this.updates = new LatestOnly(
      (target) => this.show(target),
      PACING,
      (err) => services.log.error('Source stepping failed:', err instanceof Error ? err : String(err)),
    );
    this.disposables.push(
      sourcing.onDidChange(() => {
        // Mapped against the old build: map again, and show the current step again (a compile may have fixed it).
        this.sources.clear();
        if (this.last) this.updates.push(this.last);
      }),
      services.onDidChangeEndpoints(() => this.sources.clear()),
    );
  }

  /** Called on every step: records it and returns at once. */
  onStep(change: TraceStepChange): void {
    const { panel, session } = change;
    if (!this.watched.has(panel)) {
      this.watched.add(panel);
      panel.onDidDispose(() => this.closed(panel));
    }
    this.updates.push({ panel, trace: session.trace, step: session.step });
  }

  /** Resolves once every step recorded so far is on screen. */
  settled(): Promise<void> {
    return this.updates.settled();
  }

  private async show(target: Followed): Promise<void> {
    const sources = await this.sourcesFor(target.panel, target.trace);
    if (!this.watched.has(target.panel)) return; // closed meanwhile
    if (!sources) {
      this.presenter.noArtifacts();
    } else {
      // A revert is placed where the debugger places it (the optimizer's shared revert routine maps elsewhere).
      const result = await locateStep(target.trace, sources.sources, sources.files, target.step);
      // A newer step of the same panel is queued: showing this one would only flash by.
      if (!this.watched.has(target.panel) || this.updates.queued?.panel === target.panel) return;
      // Decided after the await: a session that started meanwhile gets no second editor marked, and the status bar
      // follows the debugger's focused frame instead (the Call Stack's line, not the source map's raw range).
      if (!this.statusOnly()) await this.presenter.present(result);
    }
    if (this.watched.has(target.panel)) this.last = target;
    else this.presenter.clear();
  }

  private async sourcesFor(panel: vscode.WebviewPanel, trace: Trace): Promise<{ sources: TraceSources; files: SourceFiles } | undefined> {
    const known = this.sources.get(panel);
    if (known) return known;
    const { sources, files } = await this.sourcing.sourcesFor(trace, this.sourcing.codeLookup());
    if (!sources) return undefined;
    this.sources.set(panel, { sources, files });
    return { sources, files };
  }

  private closed(panel: vscode.WebviewPanel): void {
    this.watched.delete(panel);
    this.sources.delete(panel);
    this.updates.drop((target) => target.panel === panel);
    if (this.last?.panel === panel) {
      this.last = undefined;
      this.presenter.clear();
    }
  }

  dispose(): void {
    this.updates.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
