// Verified contracts kept on disk by chain and address, so a reopened trace (and a second `trace` run of the CLI)
// asks the verification server nothing. The file holds the server's answer as received; it is parsed with the same
// bounds as a fresh answer each time it is read, so a file changed on disk is no more trusted than the server.
// The least recently used answers go first once the folder passes its budget.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import { evictToBudget, touch, writeAtomic } from '../disk-cache';

/** `$XDG_CACHE_HOME/ledger-mirror`, else `~/.cache/ledger-mirror`: the CLI's and the standalone adapter's own files. */
export function ledgerMirrorCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(homedir(), '.cache');
  return path.join(base, 'ledger-mirror');
}

/** `<ledgerMirrorCacheDir>/verified`: the CLI's cache of verified contracts. */
export function cliVerifiedCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(ledgerMirrorCacheDir(env), 'verified');
}

/** The budget of the CLI's and the stdio debug adapter's cache (the extension's is a share of its trace cache). */
export const CLI_VERIFIED_CACHE_BYTES = 64 * 1024 * 1024;

export class VerifiedCache {
  /** Answers of different servers are kept apart: one server's word is not another's. */
  private readonly serverTag: string;

  constructor(
    private readonly dir: string,
    /** The folder's budget in bytes (shared by every server's answers); 0 keeps nothing. */
    private readonly maxBytes: () => number,
    /** The verification server whose answers this cache keeps. */
    server?: string,
  ) {
    this.serverTag = server === undefined ? '' : `-${createHash('sha256').update(server).digest('hex').slice(0, 12)}`;
  }

  /** Chain ids are digits and addresses 0x + 40 hex (checked before any request), so the name is safe as it is. */
  private file(chainId: string, address: string): string {
    if (!/^\d{1,12}$/.test(chainId) || !/^0x[0-9a-f]{40}$/.test(address)) throw new Error(`Bad verified-cache key ${chainId}/${address}`);
    return path.join(this.dir, `${chainId}-${address}${this.serverTag}.json`);
  }

  /** The kept answer, or undefined. Reading marks it used. */
  async read(chainId: string, address: string): Promise<string | undefined> {
    const file = this.file(chainId, address);
    try {
      const text = await fs.readFile(file, 'utf8');
      await touch(file);
      return text;
    } catch {
      return undefined;
    }
  }

  /** Keeps an answer (written whole, then renamed, so a reader never sees half of one), then trims the folder. */
  async write(chainId: string, address: string, text: string): Promise<void> {
    const budget = this.maxBytes();
    if (budget <= 0 || Buffer.byteLength(text) > budget) return;
    const file = this.file(chainId, address);
    await fs.mkdir(this.dir, { recursive: true });
    await writeAtomic(file, text);
    await evictToBudget(this.dir, budget, { counts: (name) => name.endsWith('.json'), keep: path.basename(file) });
  }
}
