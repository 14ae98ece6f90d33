// Where the reference verifier reads deployed code. Hedera chains read it from a mirror node's
// `GET /api/v1/contracts/{address}` (the reference mirror in dev/test); tests may also use an in-memory chain.

/** Runtime bytecode (0x hex) at `address`, `undefined` when nothing is deployed there; throws when unreachable. */
export type CodeSource = (address: string) => Promise<string | undefined>;

export interface ChainConfig {
  name: string;
  code: CodeSource;
  /** Etherscan-style API base (`…/api` is appended) for `/session/verify/etherscan`; Hedera chains have none. */
  explorerApiUrl?: string;
}

export type Chains = Record<string, ChainConfig>;

export const HEDERA_CHAIN_NAMES: Record<string, string> = {
  '295': 'Hedera Mainnet',
  '296': 'Hedera Testnet',
  '297': 'Hedera Previewnet',
  '298': 'Hedera Localnet',
};

/** Hedera chains 295–298 (as in hedera-sourcify's sourcify-chains.json), all reading code from one source. */
export function hederaChains(code: CodeSource): Chains {
  return Object.fromEntries(Object.entries(HEDERA_CHAIN_NAMES).map(([id, name]) => [id, { name, code }]));
}

/** Code through a mirror node's contract endpoint, which accepts an EVM address in place of `0.0.x`. */
export function mirrorCodeSource(mirrorUrl: string): CodeSource {
  const base = mirrorUrl.replace(/\/+$/, '');
  return async (address) => {
    const res = await fetch(`${base}/api/v1/contracts/${address}`);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`mirror answered ${res.status}`);
    const body = (await res.json()) as { runtime_bytecode?: string | null };
    const code = body.runtime_bytecode ?? undefined;
    return code && code !== '0x' ? code : undefined;
  };
}

/** Code through the mirror at `mirrorUrl`, or, without one, a chain where nothing is deployed. */
export const codeSourceFor = (mirrorUrl: string | undefined): CodeSource =>
  mirrorUrl ? mirrorCodeSource(mirrorUrl) : new MemoryChain().code;

/** A chain whose code is whatever a test deploys into it. */
export class MemoryChain {
  private readonly codeAt = new Map<string, string>();

  deploy(address: string, runtimeHex: string): void {
    this.codeAt.set(address.toLowerCase(), runtimeHex.startsWith('0x') ? runtimeHex : `0x${runtimeHex}`);
  }

  readonly code: CodeSource = async (address) => this.codeAt.get(address.toLowerCase());
}
