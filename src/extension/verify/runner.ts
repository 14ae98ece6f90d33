// Runs verifications for the extension: finds the workspace's deployments, prepares them, talks to the server and
// publishes each outcome to the view and the Problems panel. Commands and verify-on-save differ only in how they
// choose contracts and report progress.
import * as vscode from 'vscode';
import { discoverDeployments, recordKey } from '../../core/deployments/discover';
import { checkedEvmAddress, isHederaId, resolveEvmAddress } from '../../core/deployments/evm-address';
import type { DeploymentRecord } from '../../core/deployments/record';
import { ApiError } from '../../core/errors';
import { checksumAddress } from '../../core/verify/address';
import { BuildIndex } from '../../core/verify/builds';
import { planDiagnostics, runFailedDiagnostics } from '../../core/verify/diagnostics-plan';
import type { ContractOutcome, PreparedContract } from '../../core/verify/prepare';
import { isVerified } from '../../core/verify/result';
import { hashscanLink } from '../../core/verify/links';
import { movedServerMessage } from '../../core/verify/moved';
import { prepareRecords } from '../../core/verify/targets';
import { VerifyTransport } from '../../core/verify/transport';
import { verifyContracts, verifyViaExplorer, type Protocol, type VerificationReport } from '../../core/verify/verify';
import type { Services } from '../services';
import type { VerificationDiagnostics } from './diagnostics';
import { contractLink, readVerifySettings, VERIFY_SECTION, verifyUrlProblem, type VerifySettings } from './settings';
import type { VerificationTree } from './view';
import { safeText } from '../../core/safe-text';

/** A discovered record and the workspace folder it belongs to (settings records: the first folder). */
export interface FoundRecord {
  root: string | undefined;
  record: DeploymentRecord;
}

const FALLBACK_CHAIN = 296;

/** A moved server's error, reworded to name the new location and the setting to change; any other error as it is. */
function movedServer(err: unknown, url: string): unknown {
  const message = movedServerMessage(err, url, `the setting ${VERIFY_SECTION}.url`);
  return message && err instanceof ApiError ? new ApiError(err.kind, message, { status: err.status, url: err.url, cause: err }) : err;
}

export const outcomeKey = (o: Pick<ContractOutcome, 'target'>) => `${o.target.chainId}:${o.target.address.toLowerCase()}`;

export class VerificationRunner {
  private readonly builds = new Map<string, BuildIndex>();
  private readonly protocols = new Map<string, Protocol>();

  constructor(
    private readonly services: Services,
    private readonly tree: VerificationTree,
    private readonly diagnostics: VerificationDiagnostics,
  ) {}

  /** Every deployment the workspace records, settings first; bad setting entries are logged and shown once. */
  async discover(): Promise<FoundRecord[]> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const seen = new Set<string>();
    const out: FoundRecord[] = [];
    for (const folder of folders.length ? folders : [undefined]) {
      const setting = vscode.workspace.getConfiguration(VERIFY_SECTION, folder?.uri).get<unknown>('contracts', []);
      const { records, problems } = await discoverDeployments(folder?.uri.fsPath, setting);
      for (const p of problems) this.services.log.warn(p);
      if (problems.length) void vscode.window.showWarningMessage(safeText(problems.join('\n')));
      for (const record of records) {
        if (seen.has(recordKey(record))) continue;
        seen.add(recordKey(record));
        out.push({ root: folder?.uri.fsPath, record });
      }
    }
    return out;
  }

  /** The chain a record is verified on: its own, else the selected network's. */
  chainIdOf(record: DeploymentRecord): string {
    return String(record.chainId ?? this.defaultChainId());
  }

  private defaultChainId(): number {
    const endpoints = this.services.endpoints();
    return endpoints.ok ? endpoints.value.chainId : FALLBACK_CHAIN;
  }

  private async resolveAddress(address: string, signal?: AbortSignal): Promise<string> {
    if (!isHederaId(address)) return checkedEvmAddress(address);
    const endpoints = this.services.endpoints();
    if (!endpoints.ok) throw new ApiError('invalid-input', `${address} needs the mirror to find its EVM address: ${endpoints.message}`);
    return resolveEvmAddress(this.services.mirror(), address, signal);
  }

  async prepare(found: readonly FoundRecord[], signal?: AbortSignal): Promise<PreparedContract[]> {
    const out: PreparedContract[] = [];
    for (const root of new Set(found.map((f) => f.root))) {
      const records = found.filter((f) => f.root === root).map((f) => f.record);
      if (root === undefined) {
        for (const record of records) {
          const address = isHederaId(record.address) ? record.address : checksumAddress(record.address);
          out.push({
            target: { record, address, chainId: String(record.chainId ?? this.defaultChainId()) },
            sources: [],
            problem: 'Open the project folder: its build output is needed to verify.',
            failure: 'invalid-input',
          });
        }
        continue;
      }
      let builds = this.builds.get(root);
      if (!builds) this.builds.set(root, (builds = new BuildIndex(root)));
      out.push(
        ...(await prepareRecords(records, {
          root,
          builds,
          defaultChainId: this.defaultChainId(),
          resolveAddress: (a, s) => this.resolveAddress(a, s),
          signal,
        })),
      );
    }
    return out;
  }

  private transport(): VerifyTransport {
    return new VerifyTransport(this.services.http().transport);
  }

  private settingsOrThrow() {
    const settings = readVerifySettings();
    const problem = verifyUrlProblem(settings);
    if (problem) throw new ApiError('invalid-input', problem);
    return settings;
  }

  async verify(prepared: readonly PreparedContract[], opts: { dryRun: boolean; signal?: AbortSignal }): Promise<VerificationReport> {
    return this.withServer((settings, transport) => {
      const poll = { timeoutMs: settings.pollTimeoutMs };
      return verifyContracts(prepared, {
        url: settings.url,
        protocol: settings.protocol,
        dryRun: opts.dryRun,
        transport,
        signal: opts.signal,
        poll,
        protocolCache: this.protocols,
      });
    });
  }

  async viaExplorer(prepared: PreparedContract, apiKey: string | undefined, signal?: AbortSignal): Promise<VerificationReport> {
    return this.withServer((settings, transport) =>
      verifyViaExplorer(prepared, {
        url: settings.url,
        protocol: settings.protocol,
        explorer: settings.explorer,
        apiKey,
        transport,
        signal,
        poll: { timeoutMs: settings.pollTimeoutMs },
        protocolCache: this.protocols,
      }),
    );
  }

  /** One transport per run, closed after it; a moved server is named with the setting to change; the report is published. */
  private async withServer(
    run: (settings: VerifySettings, transport: VerifyTransport) => Promise<VerificationReport>,
  ): Promise<VerificationReport> {
    const settings = this.settingsOrThrow();
    const transport = this.transport();
    try {
      const report = await run(settings, transport);
      this.publish(report);
      return report;
    } catch (err) {
      throw movedServer(err, settings.url);
    } finally {
      await transport.close();
    }
  }

  /** A run that failed as a whole (unreachable server…): a warning on each record, replacing older problems. */
  publishRunFailure(prepared: readonly PreparedContract[], message: string): void {
    for (const p of prepared) this.diagnostics.setContract(outcomeKey(p), runFailedDiagnostics([p.target.record], message));
  }

  private publish(report: VerificationReport): void {
    const settings = readVerifySettings();
    const at = new Date();
    const shown = report.outcomes.map((outcome) => {
      const key = outcomeKey(outcome);
      const plans = planDiagnostics(outcome);
      this.diagnostics.setContract(key, plans);
      const verified = isVerified(outcome.result);
      const link = verified ? contractLink(settings, outcome.target.chainId, outcome.target.address) : undefined;
      const hashscan = verified ? hashscanLink(outcome.target.chainId, outcome.target.address) : undefined;
      return {
        key,
        outcome,
        plans,
        dryRun: report.dryRun,
        protocol: report.protocol,
        at,
        ...(link ? { link } : {}),
        ...(hashscan ? { hashscan } : {}),
      };
    });
    this.tree.show(shown);
    this.services.log.info(
      `Verification (${report.protocol}${report.dryRun ? ', dry run' : ''}, ${report.url}): ${report.outcomes.map((o) => `${o.result.name} ${o.target.address} ${o.result.status}${o.result.message ? ` (${o.result.message})` : ''}`).join('; ')}`,
    );
  }
}
