// The reference server's "repository" of stored matches, in memory. It reproduces the two rules clients notice:
// a perfect match short-circuits later attempts (with its storage timestamp), and a partial match over an existing
// partial match is refused.
import { randomUUID } from 'node:crypto';
import type { CompiledContract } from './compiler';
import { HttpError, errorBody } from './http';

export interface StoredMatch {
  status: 'perfect' | 'partial';
  verifiedAt: Date;
  matchId: string;
  name: string;
  compiledPath: string;
  /** The recompiled contract and the runtime code it was matched against. */
  compiled: CompiledContract;
  onchain: string;
}

export class Repository {
  private readonly matches = new Map<string, StoredMatch>();

  private key(chainId: string, address: string): string {
    return `${chainId}:${address.toLowerCase()}`;
  }

  get(chainId: string, address: string): StoredMatch | undefined {
    return this.matches.get(this.key(chainId, address));
  }

  /** Stores a match; throws the 500 sourcify 9c0dd549 raises for partial over partial. */
  store(chainId: string, address: string, match: Omit<StoredMatch, 'verifiedAt' | 'matchId'>): StoredMatch {
    const existing = this.get(chainId, address);
    if (existing?.status === 'partial' && match.status === 'partial') {
      throw new HttpError(
        500,
        errorBody(
          `The contract ${address} on chainId ${chainId} is already partially verified. The provided new source code also yielded a partial match and will not be stored unless it's a full match`,
        ),
      );
    }
    if (existing?.status === 'perfect') return existing;
    const stored = { ...match, verifiedAt: new Date(), matchId: randomUUID() };
    this.matches.set(this.key(chainId, address), stored);
    return stored;
  }
}
