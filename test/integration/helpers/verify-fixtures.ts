// Shared setup for the verification tests: a small two-file project compiled with the bundled solc, a temporary
// workspace laid out like a Hardhat + hardhat-deploy project, and the reference verifier holding the deployed code.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { hederaChains, MemoryChain } from '../../../servers/verifier/chains';
import { buildProject, type ProjectBuild } from '../../../servers/verifier/project-build';
import { startVerifier, type VerifierHandle, type VerifierOptions } from '../../../servers/verifier/server';
import { discoverDeployments } from '../../../src/core/deployments/discover';
import { checksumAddress } from '../../../src/core/verify/address';
import { BuildIndex } from '../../../src/core/verify/builds';
import type { PreparedContract } from '../../../src/core/verify/prepare';
import { prepareRecords } from '../../../src/core/verify/targets';
import { VerifyTransport } from '../../../src/core/verify/transport';
import { verifyContracts, type VerificationReport, type VerifyOptions } from '../../../src/core/verify/verify';

export const DATA = join(__dirname, '../../data/sourcify');

export const CALLEE = `// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Doubles numbers for Caller.
contract Callee {
    function double(uint256 x) external pure returns (uint256) {
        return 2 * x;
    }
}
`;

export const CALLER = `// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "./Callee.sol";

contract Caller {
    Callee public immutable callee;

    constructor(Callee target) {
        callee = target;
    }

    function callDouble(uint256 x) external view returns (uint256) {
        return callee.double(x) + 1;
    }
}
`;

export const STORAGE = readFileSync(join(DATA, 'storage/Storage.sol'), 'utf8');

export const SOURCES = { 'contracts/Callee.sol': CALLEE, 'contracts/Caller.sol': CALLER, 'contracts/Storage.sol': STORAGE };

export const ADDR = {
  callee: '0x00000000000000000000000000000000000003e8',
  caller: '0x00000000000000000000000000000000000003E9',
  storage: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  empty: '0x000000000000000000000000000000000000dEaD',
};

let cached: ProjectBuild | undefined;

/** The sample project, compiled once per test process. */
export function sampleBuild(): ProjectBuild {
  cached ??= buildProject(SOURCES);
  return cached;
}

/** Runtime code as deployed: immutable slots hold `value` (32-byte word), where the compiler output has zeros. */
export function deployedRuntime(runtime: string, refs: Record<string, Array<{ start: number; length: number }>>, value: string): string {
  let out = runtime;
  const word = value.replace(/^0x/, '').padStart(64, '0');
  for (const slots of Object.values(refs))
    for (const { start, length } of slots) out = out.slice(0, start * 2) + word.slice(64 - length * 2) + out.slice((start + length) * 2);
  return out;
}

/** A chain holding Callee, Caller (pointing at Callee) and Storage at ADDR. */
export function sampleChain(build = sampleBuild()): MemoryChain {
  const chain = new MemoryChain();
  chain.deploy(ADDR.callee, build.contract('Callee').runtime);
  const caller = build.contract('Caller');
  chain.deploy(ADDR.caller, deployedRuntime(caller.runtime, caller.immutableReferences, ADDR.callee));
  chain.deploy(ADDR.storage, build.contract('Storage').runtime);
  return chain;
}

export async function sampleVerifier(options: VerifierOptions = {}, chain = sampleChain()): Promise<VerifierHandle> {
  return startVerifier({ chains: hederaChains(chain.code), v2JobDelayMs: 20, ...options });
}

export interface Workspace {
  root: string;
  write(rel: string, content: string): void;
  remove(rel: string): void;
  path(rel: string): string;
  dispose(): void;
}

/**
 * A temporary project: the sources, `artifacts/build-info/<id>.json`, and hardhat-deploy records
 * `deployments/testnet/<Name>.json` (chain 296) for `records`.
 */
export function makeWorkspace(
  records: Record<string, { address: string; transactionHash?: string }> = {},
  build = sampleBuild(),
): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'ledger-verify-'));
  const write = (rel: string, content: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  };
  for (const [path, { content }] of Object.entries(build.input.sources)) write(path, content);
  const info = build.buildInfo();
  write(`artifacts/build-info/${String(info.id)}.json`, JSON.stringify(info));
  if (Object.keys(records).length) write('deployments/testnet/.chainId', '296');
  for (const [name, r] of Object.entries(records))
    write(`deployments/testnet/${name}.json`, JSON.stringify({ address: r.address, abi: [], transactionHash: r.transactionHash }, null, 2));
  return {
    root,
    write,
    remove: (rel) => rmSync(join(root, rel), { force: true }),
    path: (rel) => join(root, rel),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The workspace's recorded deployments, prepared the way the extension and CLI prepare them. */
export async function prepareWorkspace(ws: Workspace, settingValue?: unknown): Promise<PreparedContract[]> {
  const { records } = await discoverDeployments(ws.root, settingValue);
  return prepareRecords(records, {
    root: ws.root,
    builds: new BuildIndex(ws.root),
    defaultChainId: 296,
    resolveAddress: async (a) => checksumAddress(a),
  });
}

/** Runs a verification with a fresh transport, closed afterwards. */
export async function verifyWith(prepared: PreparedContract[], o: Omit<VerifyOptions, 'transport'>): Promise<VerificationReport> {
  const transport = new VerifyTransport();
  try {
    return await verifyContracts(prepared, { ...o, transport });
  } finally {
    await transport.close();
  }
}

export const resultOf = (report: VerificationReport, name: string) => {
  const hit = report.outcomes.find((o) => o.result.name === name || o.target.record.name === name);
  assert.ok(hit, `no result for ${name}`);
  return hit.result;
};

export const resultAt = (report: VerificationReport, address: string) => {
  const hit = report.outcomes.find((o) => o.target.address.toLowerCase() === address.toLowerCase());
  assert.ok(hit, `no result for ${address}`);
  return hit.result;
};
