// Verified contracts by address for one chain and server: the disk cache first, else one request per address however
// many frames ask at once. An address the server has not verified is remembered for the session (undefined); a
// failure is not here, so a later trace asks again (a trace's own run remembers it: verified-run.ts).
import { ApiError } from '../errors';
import { isEvmAddress } from '../verify/address';
import type { VerifyTransport } from '../verify/transport';
import type { ContractArtifact } from '../sourcemap/artifacts';
import type { VerifiedCache } from './verified-cache';
import { fetchVerifiedAnswer, type LookupLimits } from './verified-client';
import { parseVerifiedContract } from './verified-contract';
import { serverLabel, verifiedArtifact } from './verified-artifact';
import { parseUntrustedJson } from '../json';
import type { AbiRegistry } from '../names/registry';
import type { TraceSources } from '../sourcemap/trace-sources';
import type { Trace } from '../../shared/trace-model';

export interface VerifiedServer {
  transport: VerifyTransport;
  /** The verification server's base URL (Sourcify API v2). */
  url: string;
  chainId: string;
  cache: VerifiedCache | undefined;
}

/** Counts of what a session asked, for the CLI's report and the tests' "a second open sends nothing". */
export interface VerifiedStats {
  requests: number;
  cached: number;
}

/** Hedera's system accounts and contracts (0.0.1–0.0.1000: precompiles, 0x167…) have no verified code. */
const SYSTEM_RANGE = 1000n;

function isSystemAddress(address: string): boolean {
  return BigInt(address) <= SYSTEM_RANGE;
}

/** An address a verification server could have verified code at (not a system account, not malformed). */
export function isLookupAddress(address: string): boolean {
  return isEvmAddress(address) && !isSystemAddress(address);
}

export class VerifiedSources {
  private readonly known = new Map<string, Promise<ContractArtifact | undefined>>();
  readonly stats: VerifiedStats = { requests: 0, cached: 0 };

  constructor(private readonly server: VerifiedServer) {}

  /**
   * The verified contract at `address`, undefined when the server has none; throws ApiError on a failed or bad
   * answer. `limits` bound a request this call starts (a run's deadline and longest wait).
   */
  artifact(address: string, limits: LookupLimits = {}): Promise<ContractArtifact | undefined> {
    const key = address.toLowerCase();
    let found = this.known.get(key);
    if (!found) {
      this.known.set(key, (found = this.load(key, limits)));
      found.catch(() => this.known.delete(key));
    }
    return found;
  }

  private async load(address: string, limits: LookupLimits): Promise<ContractArtifact | undefined> {
    if (!isLookupAddress(address)) return undefined;
    const { cache, chainId } = this.server;
    const kept = await cache?.read(chainId, address);
    if (kept !== undefined) {
      try {
        const artifact = this.artifactOf(kept, address);
        this.stats.cached++;
        return artifact;
      } catch {
        // A damaged or tampered file is asked for again, and overwritten.
      }
    }
    this.stats.requests++;
    const text = await fetchVerifiedAnswer(this.server.transport, this.server.url, chainId, address, limits);
    if (text === undefined) return undefined;
    const artifact = this.artifactOf(text, address);
    await cache?.write(chainId, address, text).catch(() => undefined);
    return artifact;
  }

  private artifactOf(text: string, address: string): ContractArtifact {
    let body: unknown;
    try {
      body = parseUntrustedJson(text);
    } catch (err) {
      throw new ApiError(
        'bad-response',
        `The verification server's answer for ${address} on chain ${this.server.chainId} is not JSON (${err instanceof Error ? err.message : String(err)})`,
        { url: this.server.url },
      );
    }
    return verifiedArtifact(parseVerifiedContract(body, this.server.chainId, address, this.server.url), serverLabel(this.server.url));
  }
}

/**
 * Adds the ABIs of the verified contracts `sources` matched to `trace`'s frames to `abis`, so their calls, errors
 * and returns are named; returns the verified artifacts by frame index (undefined where a frame is not verified).
 */
export async function addVerifiedAbis(
  trace: Pick<Trace, 'frameCount'>,
  sources: Pick<TraceSources, 'frameMatch'>,
  abis: AbiRegistry,
): Promise<Array<ContractArtifact | undefined>> {
  const byFrame: Array<ContractArtifact | undefined> = [];
  const added = new Set<ContractArtifact>();
  for (let i = 0; i < trace.frameCount(); i++) {
    const artifact = (await sources.frameMatch(i)).match?.artifact;
    byFrame.push(artifact?.verified ? artifact : undefined);
    if (!artifact?.verified || added.has(artifact)) continue;
    added.add(artifact);
    abis.add(artifact.name, (artifact.metadata as { output: { abi: unknown } }).output.abi);
  }
  return byFrame;
}
