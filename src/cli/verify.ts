// `ledger-mirror verify`: verifies the workspace's deployed contracts (or one address) on a Sourcify server, for CI.
// The exit code follows one table for both protocols (core/verify/exit-codes): 0 verified, 7 only when the server
// judged a contract and it did not match, 2 only when nothing was sent, and the shared codes otherwise.
import { resolve } from 'node:path';
import { discoverDeployments } from '../core/deployments/discover';
import { isHederaId, resolveEvmAddress } from '../core/deployments/evm-address';
import type { DeploymentRecord } from '../core/deployments/record';
import { ApiError, EXIT } from '../core/errors';
import { MirrorClient } from '../core/mirror/client';
import { isEvmAddress } from '../core/verify/address';
import { BuildIndex } from '../core/verify/builds';
import { errorExitCode, reportExitCode } from '../core/verify/exit-codes';
import { DEFAULT_REPOSITORY_URL, hashscanLink, repositoryLink } from '../core/verify/links';
import { movedServerMessage } from '../core/verify/moved';
import { resultLines, summariseReport } from '../core/verify/report-text';
import { isVerified, type ContractResult } from '../core/verify/result';
import { prepareRecords } from '../core/verify/targets';
import { VerifyTransport } from '../core/verify/transport';
import { DEFAULT_POLL_TIMEOUT_S } from '../core/verify/v2-client';
import {
  DEFAULT_VERIFY_URL,
  hederaExplorerProblem,
  verifyContracts,
  verifyViaExplorer,
  type ProtocolSetting,
  type VerificationReport,
} from '../core/verify/verify';
import { COMMON_USAGE, endpointsFrom, parseCommandArgs, withHttp, type Command } from './args';
import { chainIdOf, httpUrlOf } from './server-options';
import { printError, printJson, printLines } from './output';

const USAGE = `Usage: ledger-mirror verify (--network NAME | --chain-id N) (--address ADDR [--contract C] | --workspace DIR) [options]

  --network NAME       mainnet | testnet | previewnet | local: sets the chain id (295–298) and the mirror
  --chain-id N         chain to verify on, when it is not one of the named networks (or to state it explicitly)
  --address ADDR       one contract: 0x… EVM address (EIP-55 checksum checked) or Hedera 0.0.x id
  --contract C         the contract at --address, as Name or path/File.sol:Name, when no deployment record names it
  --workspace DIR      project folder with build output and deployment records (default: current folder);
                       without --address, every recorded deployment on the chain is verified
  --verify-url URL     Sourcify server (default ${DEFAULT_VERIFY_URL}); the VS Code setting is ledgerMirror.verify.url
  --protocol P         auto (default: session API when the server has it, else v2) | session | v2
  --explorer NAME      import the verified source from this explorer (e.g. etherscan) instead; needs --address
  --api-key-env VAR    environment variable holding the explorer API key (never pass keys as arguments)
  --dry-run            check without storing the result
  --poll-timeout S     seconds to wait for an API v2 verification job (default ${DEFAULT_POLL_TIMEOUT_S})
  --repository-url URL where verified contracts are browsed (default ${DEFAULT_REPOSITORY_URL} with the default server)

Exit codes: 0 verified (perfect, partial, already verified, ready in a dry run); 2 invalid input, nothing sent;
3 chain not supported or contract not found; 4 rate limited; 5 server error; 6 network error;
7 the server judged a contract and it did not match (or refused the explorer import).

${COMMON_USAGE}`;

const invalid = (message: string) => new ApiError('invalid-input', message);
const usageLine = () => USAGE.split('\n')[0];

/** A 0x address must have 40 hex digits and, when mixed-case, a valid EIP-55 checksum; checked before any request. */
function addressOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const address = value.trim();
  if (isHederaId(address)) return address;
  if (!/^0x[0-9a-fA-F]{40}$/.test(address))
    throw invalid(`--address "${value}" is neither a 0x EVM address of 40 hex digits nor a Hedera id like 0.0.1234`);
  if (!isEvmAddress(address))
    throw invalid(`--address "${value}" has a bad EIP-55 checksum (mixed case that does not match); check it, or write it all lower-case`);
  return address;
}

function protocolOf(value: string | undefined): ProtocolSetting {
  const p = value ?? 'auto';
  if (p !== 'auto' && p !== 'session' && p !== 'v2') throw invalid(`--protocol must be auto, session or v2, got "${p}"`);
  return p;
}

function pollTimeoutOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_POLL_TIMEOUT_S * 1000;
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || seconds <= 0) throw invalid(`--poll-timeout needs a positive number of seconds, got "${value}"`);
  return seconds * 1000;
}

function apiKeyOf(envName: string | undefined): string | undefined {
  if (envName === undefined) return undefined;
  const key = process.env[envName];
  if (!key) throw invalid(`Environment variable ${envName} (from --api-key-env) is not set`);
  return key;
}

/**
 * The records to verify: one address (its workspace record when there is one), or every record on the chain. The
 * address comes in every form a record may use for it (a `0.0.x` id and its EVM address); the last one is verified.
 */
function selectRecords(
  all: readonly DeploymentRecord[],
  chainId: number,
  forms: readonly string[] | undefined,
  contract: string | undefined,
): DeploymentRecord[] {
  const onChain = all.filter((r) => r.chainId === undefined || r.chainId === chainId);
  if (forms === undefined) return onChain;
  const recorded = onChain.find((r) => forms.some((a) => a.toLowerCase() === r.address.toLowerCase()));
  const name = contract ?? recorded?.name;
  return [{ ...(recorded ?? { origin: 'setting' as const }), address: forms[forms.length - 1], chainId, ...(name ? { name } : {}) }];
}

/** Where a verified contract can be seen: the repository page, and HashScan's on Hedera's public networks. */
function linksFor(r: ContractResult, repositoryUrl: string | undefined): string[] {
  if (!isVerified(r) || !r.address || !r.chainId) return [];
  return [repositoryUrl && repositoryLink(repositoryUrl, r.chainId, r.address), hashscanLink(r.chainId, r.address)].filter(
    (l): l is string => Boolean(l),
  );
}

function toJson(report: VerificationReport, repositoryUrl: string | undefined) {
  return {
    protocol: report.protocol,
    url: report.url,
    dryRun: report.dryRun,
    contracts: report.outcomes.map((o) => ({
      ...o.result,
      links: linksFor(o.result, repositoryUrl),
      origin: o.target.record.origin,
      ...(o.target.record.file ? { record: o.target.record.file } : {}),
    })),
  };
}

export const verifyCommand: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseCommandArgs(argv, {
      'verify-url': { type: 'string' },
      'chain-id': { type: 'string' },
      address: { type: 'string' },
      contract: { type: 'string' },
      workspace: { type: 'string' },
      protocol: { type: 'string' },
      explorer: { type: 'string' },
      'api-key-env': { type: 'string' },
      'dry-run': { type: 'boolean' },
      'poll-timeout': { type: 'string' },
      'repository-url': { type: 'string' },
    });
    if (values.help) {
      printLines([USAGE]);
      return EXIT.ok;
    }
    if (positionals.length > 0) throw invalid(`Unexpected argument "${positionals[0]}". ${usageLine()}`);
    const endpoints = endpointsFrom(values);
    const chainId = chainIdOf(values['chain-id'], values.network, endpoints, usageLine());
    const address = addressOf(values.address);
    const url = httpUrlOf('verify-url', values['verify-url'] ?? DEFAULT_VERIFY_URL);
    const repositoryUrl =
      values['repository-url'] !== undefined
        ? httpUrlOf('repository-url', values['repository-url'])
        : url === DEFAULT_VERIFY_URL
          ? DEFAULT_REPOSITORY_URL
          : undefined;
    const protocol = protocolOf(values.protocol);
    const pollTimeoutMs = pollTimeoutOf(values['poll-timeout']);
    const apiKey = apiKeyOf(values['api-key-env']);
    const explorer = values.explorer;
    if (explorer !== undefined && address === undefined) throw invalid('--explorer imports one contract: give its --address');
    if (explorer !== undefined && values['dry-run'])
      throw invalid('--dry-run cannot be combined with --explorer: the server always stores an explorer import');
    if (explorer !== undefined) {
      const hedera = hederaExplorerProblem(String(chainId));
      if (hedera) throw invalid(hedera);
    }
    if (address === undefined && values.workspace === undefined) throw invalid(`Give --address or --workspace. ${usageLine()}`);
    const root = resolve(values.workspace ?? '.');

    let report: VerificationReport;
    try {
      report = await withHttp(values, async (http) => {
        const transport = new VerifyTransport(http.transport);
        try {
          const { records } = await discoverDeployments(root, undefined);
          // A 0.0.x id is resolved through the network's mirror first, so that a record holding its EVM address names it.
          const forms =
            address === undefined
              ? undefined
              : isHederaId(address)
                ? [address, await resolveEvmAddress(new MirrorClient(endpoints, http), address)]
                : [address];
          const selected = selectRecords(records, chainId, forms, values.contract);
          if (selected.length === 0)
            throw new ApiError(
              'not-found',
              `No deployment on chain ${chainId} is recorded in ${root} (hardhat-deploy, Ignition or Foundry); give --address and --contract`,
            );
          if (explorer === undefined && address !== undefined && !selected[0].name && !selected[0].metadata) {
            throw invalid(
              `No deployment record in ${root} names the contract at ${address}: give --contract path/File.sol:Name (or just Name)`,
            );
          }
          const prepared = await prepareRecords(selected, {
            root,
            builds: new BuildIndex(root),
            defaultChainId: chainId,
            resolveAddress: (a, signal) => resolveEvmAddress(new MirrorClient(endpoints, http), a, signal),
          });
          const poll = { timeoutMs: pollTimeoutMs };
          if (explorer !== undefined) return await verifyViaExplorer(prepared[0], { url, protocol, explorer, apiKey, transport, poll });
          return await verifyContracts(prepared, { url, protocol, dryRun: values['dry-run'] ?? false, transport, poll });
        } finally {
          await transport.close();
        }
      });
    } catch (err) {
      const moved = movedServerMessage(err, url, '--verify-url (ledgerMirror.verify.url in VS Code)');
      printError(moved && err instanceof ApiError ? new ApiError(err.kind, moved, { status: err.status, url: err.url }) : err);
      return errorExitCode(err);
    }

    if (values.json) printJson(toJson(report, repositoryUrl));
    else printLines([summariseReport(report), ...report.outcomes.flatMap((o) => resultLines(o.result, linksFor(o.result, repositoryUrl)))]);
    return reportExitCode(report);
  },
};
