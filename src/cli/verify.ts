// `ledger-mirror verify`: verifies the workspace's deployed contracts (or one address) on a Sourcify server, for CI.
// Exit 0 when every contract is verified (perfect or partial; "ready" in a v2 dry run), 7 when verification ran
// and some contract failed, otherwise the shared exit codes.
import { resolve } from 'node:path';
import { discoverDeployments } from '../core/deployments/discover';
import { resolveEvmAddress } from '../core/deployments/evm-address';
import type { DeploymentRecord } from '../core/deployments/record';
import { EXIT, ApiError } from '../core/errors';
import { BuildIndex } from '../core/verify/builds';
import { resultLines, summariseReport } from '../core/verify/report-text';
import { isVerified } from '../core/verify/result';
import { prepareRecords } from '../core/verify/targets';
import { VerifyTransport } from '../core/verify/transport';
import { DEFAULT_VERIFY_URL, verifyContracts, verifyViaExplorer, type ProtocolSetting, type VerificationReport } from '../core/verify/verify';
import { COMMON_USAGE, endpointsFrom, parseCommandArgs, withHttp, type Command } from './args';
import { printJson, printLines } from './output';

const USAGE = `Usage: ledger-mirror verify --chain-id N (--address ADDR [--contract NAME] | --workspace DIR) [options]

  --verify-url URL     Sourcify server (default ${DEFAULT_VERIFY_URL})
  --chain-id N         chain to verify on (295 mainnet, 296 testnet, 297 previewnet, 298 local)
  --address ADDR       one contract: 0x… EVM address or Hedera 0.0.x id (resolved through the mirror)
  --contract NAME      the contract's name, when no deployment record in the workspace names it
  --workspace DIR      project folder with build output and deployment records (default: current folder);
                       without --address, every recorded deployment on --chain-id is verified
  --protocol P         auto (default: session API when the server has it, else v2) | session | v2
  --explorer NAME      import the source from this explorer instead (session API, e.g. etherscan); needs --address
  --api-key-env VAR    environment variable holding the explorer API key (never pass keys as arguments)
  --dry-run            check without storing the result
  --json               print the results as JSON

${COMMON_USAGE}`;

const invalid = (message: string) => new ApiError('invalid-input', message);

function chainIdOf(value: string | undefined): number {
  if (value === undefined) throw invalid(`--chain-id is required. ${USAGE.split('\n')[0]}`);
  if (!/^\d+$/.test(value)) throw invalid(`--chain-id needs a number, got "${value}"`);
  return Number(value);
}

function protocolOf(value: string | undefined): ProtocolSetting {
  const p = value ?? 'auto';
  if (p !== 'auto' && p !== 'session' && p !== 'v2') throw invalid(`--protocol must be auto, session or v2, got "${p}"`);
  return p;
}

function urlOf(value: string | undefined): string {
  const url = value ?? DEFAULT_VERIFY_URL;
  if (!/^https?:\/\//.test(url)) throw invalid(`--verify-url needs an http(s) URL, got "${url}"`);
  return url;
}

function apiKeyOf(envName: string | undefined): string | undefined {
  if (envName === undefined) return undefined;
  const key = process.env[envName];
  if (!key) throw invalid(`Environment variable ${envName} (from --api-key-env) is not set`);
  return key;
}

/** The records to verify: one address (its workspace record when there is one), or every record on the chain. */
function selectRecords(all: readonly DeploymentRecord[], chainId: number, address: string | undefined, contract: string | undefined): DeploymentRecord[] {
  const onChain = all.filter((r) => r.chainId === undefined || r.chainId === chainId);
  if (address === undefined) return onChain;
  const recorded = onChain.find((r) => r.address.toLowerCase() === address.toLowerCase());
  const name = contract ?? recorded?.name;
  return [{ ...(recorded ?? { origin: 'setting' as const }), address, chainId, ...(name ? { name } : {}) }];
}

function toJson(report: VerificationReport) {
  return {
    protocol: report.protocol,
    url: report.url,
    dryRun: report.dryRun,
    contracts: report.outcomes.map((o) => ({ ...o.result, origin: o.target.record.origin, ...(o.target.record.file ? { record: o.target.record.file } : {}) })),
  };
}

export const verifyCommand: Command = {
  summary: 'Verify deployed contracts on a Sourcify server (session API or v2); exit 7 when verification fails',
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
    });
    if (values.help) {
      printLines([USAGE]);
      return EXIT.ok;
    }
    if (positionals.length > 0) throw invalid(`Unexpected argument "${positionals[0]}". ${USAGE.split('\n')[0]}`);
    const chainId = chainIdOf(values['chain-id']);
    const url = urlOf(values['verify-url']);
    const protocol = protocolOf(values.protocol);
    const apiKey = apiKeyOf(values['api-key-env']);
    if (values.explorer !== undefined && values.address === undefined) throw invalid('--explorer imports one contract: give its --address');
    if (values.address === undefined && values.workspace === undefined) throw invalid(`Give --address or --workspace. ${USAGE.split('\n')[0]}`);
    const root = resolve(values.workspace ?? '.');
    const endpoints = endpointsFrom(values);

    const report = await withHttp(values, async (http) => {
      const transport = new VerifyTransport(http.transport);
      if (apiKey) transport.addSecret(apiKey);
      try {
        const { records } = await discoverDeployments(root, undefined);
        const selected = selectRecords(records, chainId, values.address, values.contract);
        if (selected.length === 0) throw new ApiError('not-found', `No deployment on chain ${chainId} is recorded in ${root} (hardhat-deploy, Ignition or Foundry)`);
        const prepared = await prepareRecords(selected, {
          root,
          builds: new BuildIndex(root),
          defaultChainId: chainId,
          resolveAddress: (a, signal) => resolveEvmAddress(http, endpoints.restUrl, a, signal),
        });
        if (values.explorer !== undefined) return await verifyViaExplorer(prepared[0], { url, explorer: values.explorer, apiKey, transport });
        return await verifyContracts(prepared, { url, protocol, dryRun: values['dry-run'] ?? false, transport });
      } finally {
        await transport.close();
      }
    });

    if (values.json) printJson(toJson(report));
    else printLines([summariseReport(report), ...report.outcomes.flatMap((o) => resultLines(o.result))]);
    return report.outcomes.every((o) => isVerified(o.result) || o.result.status === 'ready') ? EXIT.ok : EXIT.verificationFailed;
  },
};
