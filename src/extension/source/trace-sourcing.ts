// Where the extension's features (source stepping, the gas profile, the debugger) get a trace's sources: the
// workspace's build output, then, for code it does not match, the verification server's verified contracts —
// `ledgerMirror.verify.url` (in Restricted Mode VS Code gives only the user settings' value: package.json
// restrictedConfigurations) for the current network's chain, unless `ledgerMirror.sources.fetchVerified` is off.
// Answers are kept under the extension's global storage within a share of the trace cache's budget; one
// VerifiedSources per server and chain, so every panel and session shares one request per address, and one
// VerifiedRun per trace (core/sourcemap/source-lookup.ts), so the panel, source stepping, the gas view and the
// debugger of one trace share its budget of lookups.
import * as vscode from 'vscode';
import { MirrorClient } from '../../core/mirror/client';
import type { SourceFiles } from '../../core/sourcemap/source-files';
import { sourceLookup, verifiedSources } from '../../core/sourcemap/source-lookup';
import type { CodeLookup, TraceSources, VerifiedLookup } from '../../core/sourcemap/trace-sources';
import { VerifiedRun } from '../../core/verified/verified-run';
import { addVerifiedAbis, type VerifiedSources } from '../../core/verified/verified-sources';
import type { AbiRegistry } from '../../core/names/registry';
import type { HttpClient } from '../../core/http';
import type { Trace } from '../../shared/trace-model';
import type { Services } from '../services';
import { cacheBytes } from '../trace/index';
import { readVerifySettings, verifyUrlProblem } from '../verify/settings';
import type { WorkspaceArtifacts } from './workspace-artifacts';

export const FETCH_VERIFIED_SETTING = 'ledgerMirror.sources.fetchVerified';
/** Verified answers are small beside traces: a tenth of the trace cache's disk budget. */
const SHARE_OF_TRACE_CACHE = 0.1;

export class TraceSourcing {
  private verified: { key: string; http: HttpClient; sources: VerifiedSources } | undefined;
  /** Each trace's run of verified lookups, on the server it began with. */
  private readonly runs = new WeakMap<Trace, { sources: VerifiedSources; run: VerifiedRun }>();
  /** Fires after the build output changed. */
  readonly onDidChange: vscode.Event<void>;

  constructor(
    private readonly services: Services,
    readonly artifacts: WorkspaceArtifacts,
    private readonly storage: vscode.Uri,
  ) {
    this.onDidChange = artifacts.onDidChange;
  }

  /** Code by address from the current network's mirror; none for a trace read from a file or with no mirror set. */
  codeLookup(fromFile = false): CodeLookup | undefined {
    const endpoints = this.services.endpoints();
    if (!endpoints.ok || fromFile) return undefined;
    // The endpoints are the trace's; the transport is asked for each time, as a changed timeout replaces it.
    return (address) => new MirrorClient(endpoints.value, this.services.http()).contractCode(address);
  }

  /** The trace's sources (undefined when neither the workspace nor a verification server can give any). */
  async sourcesFor(trace: Trace, code: CodeLookup | undefined): Promise<{ sources: TraceSources | undefined; files: SourceFiles }> {
    const build = await this.artifacts.current();
    const { sources, files } = sourceLookup(trace, build, code, code && this.verifiedRun(trace));
    return { sources, files };
  }

  /** Adds the ABIs of the verified contracts `trace` ran to `abis` (nothing when verified sources are off); true when it added any. */
  async addVerifiedNames(trace: Trace, abis: AbiRegistry): Promise<boolean> {
    const code = this.codeLookup();
    const run = code && this.verifiedRun(trace);
    if (!run) return false;
    const { sources } = sourceLookup(trace, await this.artifacts.current(), code, run);
    if (!sources) return false;
    const byFrame = await addVerifiedAbis(trace, sources, abis);
    return byFrame.some((artifact) => artifact !== undefined);
  }

  /** `trace`'s run of verified lookups (one per address, at most 64, within a deadline); undefined when turned off. */
  verifiedRun(trace: Trace): VerifiedRun | undefined {
    const server = this.verifiedServer();
    if (!server) return undefined;
    const known = this.runs.get(trace);
    if (known?.sources === server) return known.run;
    const run = new VerifiedRun(server, { onNote: (note) => this.services.log.info(`Names are partial: ${note}.`) });
    this.runs.set(trace, { sources: server, run });
    return run;
  }

  /** Verified contracts by address from the settings' server (one contract, outside any trace). */
  verifiedLookup(): VerifiedLookup | undefined {
    const server = this.verifiedServer();
    return server && ((address) => server.artifact(address));
  }

  /** The settings' verification server for the current chain, or undefined when turned off or not possible. */
  private verifiedServer(): VerifiedSources | undefined {
    if (vscode.workspace.getConfiguration().get<boolean>(FETCH_VERIFIED_SETTING, true) === false) return undefined;
    const endpoints = this.services.endpoints();
    const settings = readVerifySettings();
    const problem = verifyUrlProblem(settings);
    if (!endpoints.ok) return undefined;
    if (problem) {
      this.services.log.warn(`Verified sources: ${problem}`);
      return undefined;
    }
    const chainId = String(endpoints.value.chainId);
    const key = `${settings.url} ${chainId}`;
    const http = this.services.http();
    if (this.verified?.key !== key || this.verified.http !== http) {
      const sources = verifiedSources(http.transport, {
        url: settings.url,
        chainId,
        cacheDir: vscode.Uri.joinPath(this.storage, 'verified').fsPath,
        cacheBytes: () => Math.floor(cacheBytes() * SHARE_OF_TRACE_CACHE),
      });
      this.verified = { key, http, sources };
    }
    return this.verified.sources;
  }
}
