// The gas profile of each open trace, computed in the host when its panel first asks (the webview asks after its first
// paint, so opening never waits for it): call frames at once, then, with the workspace's build output, Solidity
// functions and lines through the debugger's index of the trace (Program.cached: the debugger reuses it).
import * as vscode from 'vscode';
import { GasNotExactError, profileGas, type GasProfile, type ProfileOptions } from '../../core/gas/profile';
import { profileView } from '../../core/gas/view';
import type { TraceSession } from '../../core/session/session';
import { ColumnarTrace } from '../../core/trace/trace';
import { Program } from '../../core/sourcemap/program';
import type { GasProfileView } from '../../shared/gas-profile';
import type { Services } from '../services';
import type { TraceSourcing } from '../source/trace-sourcing';

export interface ProfileState {
  profile: GasProfile;
  view: GasProfileView;
  /** Why functions or lines are missing, as plain text; null when they are there. */
  note: string | null;
  /** The trace's gas cannot be summed exactly: no option set profiles it, so it is not tried again. */
  refused?: true;
}

interface Entry {
  state: ProfileState | undefined;
  /** Bumped by every computation, so a slower earlier one never overwrites a later one. */
  run: number;
  /** Stops recomputing when the session is named again (its call frames' labels come from the names). */
  unname: () => void;
}

export class GasProfiles implements vscode.Disposable {
  private readonly entries = new Map<TraceSession, Entry>();
  private readonly changed = new vscode.EventEmitter<TraceSession>();
  /** Fires when a session's profile is first ready or improves (functions and lines arrived, the build changed, it was named again). */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly services: Services,
    private readonly sourcing: TraceSourcing,
  ) {
    this.disposables.push(sourcing.onDidChange(() => this.entries.forEach((entry, session) => void this.compute(session, entry))));
  }

  /** The profile so far: undefined until the first pass has run, which this starts. */
  get(session: TraceSession): ProfileState | undefined {
    let entry = this.entries.get(session);
    if (!entry) {
      const created: Entry = { state: undefined, run: 0, unname: session.onDidRename(() => void this.compute(session, created)) };
      this.entries.set(session, (entry = created));
      void this.compute(session, entry);
    }
    return entry.state;
  }

  /** Forgets a closed trace. */
  drop(session: TraceSession): void {
    const entry = this.entries.get(session);
    if (entry) {
      entry.run++;
      entry.unname();
    }
    this.entries.delete(session);
  }

  private set(session: TraceSession, entry: Entry, profile: GasProfile, note: string | null): void {
    entry.state = { profile, view: profileView(profile), note };
    this.changed.fire(session);
  }

  /** Profiles `trace` with `note`; a trace whose gas cannot be summed exactly gets an empty profile saying why. */
  private profile(session: TraceSession, entry: Entry, trace: ColumnarTrace, options: ProfileOptions, note: string | null): void {
    try {
      this.set(session, entry, profileGas(trace, options), note);
    } catch (err) {
      if (!(err instanceof GasNotExactError)) throw err;
      const profile: GasProfile = { total: 0, nodes: [], lines: [], withSources: false };
      entry.state = { profile, view: profileView(profile), note: `No gas profile: ${err.message}.`, refused: true };
      this.changed.fire(session);
    }
  }

  private async compute(session: TraceSession, entry: Entry): Promise<void> {
    const run = ++entry.run;
    const trace = session.trace;
    if (!(trace instanceof ColumnarTrace)) return;
    const frameLabel = (frame: number) => session.names.functionName(frame);
    // Let the panel paint and answer its first requests before a pass over the whole trace.
    await new Promise((resolve) => setImmediate(resolve));
    if (entry.run !== run) return;
    if (!entry.state)
      this.profile(session, entry, trace, { frameLabel }, 'Looking for the Solidity functions and lines in the build output…');
    if (entry.state?.refused) return;
    try {
      const { sources, files } = await this.sourcing.sourcesFor(trace, this.sourcing.codeLookup(session.meta.network === 'file'));
      if (entry.run !== run) return;
      if (!sources) {
        this.profile(
          session,
          entry,
          trace,
          { frameLabel },
          'Call frames only: the workspace has no build output with source maps (compile the contracts for functions and lines).',
        );
        return;
      }
      const program = await Program.cached(trace, sources, files);
      if (entry.run !== run) return;
      const matched = program.frameCode.some((f) => f.code !== undefined);
      this.profile(
        session,
        entry,
        trace,
        { functions: program, frameLabel },
        matched
          ? null
          : 'Call frames only: neither the build output in the workspace nor a verified contract matches the code this trace ran.',
      );
    } catch (err) {
      if (entry.run !== run) return;
      const message = err instanceof Error ? err.message : String(err);
      this.services.log.warn(`Gas profile: functions and lines unavailable: ${message}`);
      const note = 'Call frames only: the build output could not be read (see the Ledger Mirror log).';
      if (entry.state) this.set(session, entry, entry.state.profile, note);
      else this.profile(session, entry, trace, { frameLabel }, note);
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
