// The reference mirror and the reference verifier together, with some of the mirror's contracts verified through
// Sourcify API v2 (`POST /v2/verify/{chainId}/{address}`, then the job polled): the setup of the verified-sources
// tests, where a trace's contracts are known to the verification server and not to the workspace.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACTS_DIR } from '../../../servers/mirror/evm/compile';
import { longZeroAddress } from '../../../servers/mirror/evm/ids';
import { startVerifier, type VerifierHandle, type VerifierOptions } from '../../../servers/verifier/server';
import { submitV2 } from '../../../servers/verifier/submit-v2';
import { startReference, type ReferenceMirror } from './reference-mirror';

/** The chain the reference mirror stands for (Hedera localnet). */
export const CHAIN_ID = '298';

/** The mirror's contracts by deployment number (servers/mirror/evm/cases.ts DEPLOYMENTS, from 0.0.1001). */
export const MIRROR_ADDRESS = {
  Calculator: longZeroAddress(1001),
  Callee: longZeroAddress(1002),
  Caller: longZeroAddress(1003),
  Vault: longZeroAddress(1004),
  MathLib: longZeroAddress(1008),
  LibUser: longZeroAddress(1009),
} as const;

/** The mirror's compiler settings (servers/mirror/evm/compile.ts): the same settings give the same metadata. */
const SETTINGS = { evmVersion: 'cancun', optimizer: { enabled: false, runs: 200 }, outputSelection: { '*': { '*': ['metadata'] } } };

/** The standard-JSON input of the mirror's `files`, each text passed through `edit` (to make a partial match). */
export async function mirrorInput(files: readonly string[], edit: (text: string) => string = (t) => t): Promise<Record<string, unknown>> {
  const sources: Record<string, { content: string }> = {};
  for (const file of files) sources[`contracts/${file}`] = { content: edit(await readFile(join(CONTRACTS_DIR, file), 'utf8')) };
  return { language: 'Solidity', sources, settings: SETTINGS };
}

/** Verifies `contract` (in `contracts/<file>`) at `address` through API v2 and waits for the job's match. */
export function verifyOnReference(
  verifierUrl: string,
  address: string,
  file: string,
  contract: string,
  input: Record<string, unknown>,
): Promise<string> {
  return submitV2(verifierUrl, CHAIN_ID, address, `contracts/${file}:${contract}`, input);
}

export interface VerifiedReference {
  ref: ReferenceMirror;
  verifier: VerifierHandle;
  /** An empty build output folder: nothing in the workspace matches. */
  emptyBuild: string;
  /** A fresh $XDG_CACHE_HOME for the CLI and the stdio adapter (removed on close). */
  cacheHome: string;
  /** Requests the verifier received for the lookup of verified contracts. */
  lookups(): string[];
  close(): Promise<void>;
}

/** The reference mirror and a verifier reading its chain, as `npm start` has them (Grants verified), and Caller and Callee verified exactly. */
export async function startVerifiedReference(options: VerifierOptions = {}): Promise<VerifiedReference> {
  const ref = await startReference('post-op');
  const verifier = await startVerifier({ mirrorUrl: ref.mirror.url, v2JobDelayMs: 5, ...options });
  if (options.v2Api !== false) {
    for (const c of ref.provider.external) await submitV2(verifier.url, CHAIN_ID, c.address, c.identifier, c.input);
    const input = await mirrorInput(['Callee.sol', 'Caller.sol']);
    assert.equal(await verifyOnReference(verifier.url, MIRROR_ADDRESS.Callee, 'Callee.sol', 'Callee', input), 'exact_match');
    assert.equal(await verifyOnReference(verifier.url, MIRROR_ADDRESS.Caller, 'Caller.sol', 'Caller', input), 'exact_match');
  }
  const [emptyBuild, cacheHome] = await Promise.all([
    mkdtemp(join(tmpdir(), 'ledger-empty-build-')),
    mkdtemp(join(tmpdir(), 'ledger-xdg-cache-')),
  ]);
  return {
    ref,
    verifier,
    emptyBuild,
    cacheHome,
    lookups: () => verifier.requests.filter((r) => r.startsWith('GET /v2/contract/')),
    close: async () => {
      await verifier.close();
      await ref.close();
      for (const dir of [emptyBuild, cacheHome]) await rm(dir, { recursive: true, force: true });
    },
  };
}
