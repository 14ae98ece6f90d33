// Where the extension's features (source stepping, the gas profile, the debugger) get a trace's sources: the
// workspace's build output, then, for code it does not match, the verification server's verified contracts —
// `ledgerMirror.verify.url` (in Restricted Mode VS Code gives only the user settings' value: package.json
// restrictedConfigurations) for the current network's chain, unless `ledgerMirror.sources.fetchVerified` is off.
// Answers are kept under the extension's global storage within a share of the trace cache's budget; one
// VerifiedSources per server and chain, so every panel and session shares one request per address.
import * as vscode from 'vscode';
import { MirrorClient } from '../../core/mirror/client';
import type { SourceFiles } from '../../core/sourcemap/source-files';
import { TraceSources, type CodeLookup, type VerifiedLookup } from '../../core/sourcemap/trace-sources';
import { VerifiedCache } from '../../core/verified/verified-cache';
import { addVerifiedAbis, VerifiedSources } from '../../core/verified/verified-sources';
import type { AbiRegistry } from '../../core/names/registry';
import { VerifyTransport } from '../../core/verify/transport';
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
    const verified = code && this.verifiedLookup();
    const sources =
      build.index.artifacts.length || verified ? new TraceSources(trace, build.index, build.files, code, verified) : undefined;
    return { sources, files: build.files };
  }

  /** Adds the ABIs of the verified contracts `trace` ran to `abis` (nothing when verified sources are off); true when it added any. */
  async addVerifiedNames(trace: Trace, abis: AbiRegistry): Promise<boolean> {
    const code = this.codeLookup();
    const verified = code && this.verifiedLookup();
    if (!verified) return false;
    const build = await this.artifacts.current();
    const byFrame = await addVerifiedAbis(trace, new TraceSources(trace, build.index, build.files, code, verified), abis);
    return byFrame.some((artifact) => artifact !== undefined);
  }

  /** Verified contracts by address from the settings' server, or undefined when turned off or not possible. */
  verifiedLookup(): VerifiedLookup | undefined {
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
      const cache = new VerifiedCache(
        vscode.Uri.joinPath(this.storage, 'verified').fsPath,
        () => Math.floor(cacheBytes() * SHARE_OF_TRACE_CACHE),
        settings.url,
      );
      this.verified = {
        key,
        http,
        sources: new VerifiedSources({ transport: new VerifyTransport(http.transport), url: settings.url, chainId, cache }),
      };
    }
    const { sources } = this.verified;
    return (address) => sources.artifact(address);
  }
}
