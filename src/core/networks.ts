export const NETWORK_NAMES = ['mainnet', 'testnet', 'previewnet', 'local', 'custom'] as const;
export type NetworkName = (typeof NETWORK_NAMES)[number];

/** Where one network's two mirror modules live: REST (tokens, contracts) and web3 (opcode traces). */
export interface Endpoints {
  network: NetworkName;
  restUrl: string;
  web3Url: string;
  chainId: number;
  /** HashScan network segment, or undefined where HashScan has no page (local, custom). */
  hashscan?: 'mainnet' | 'testnet' | 'previewnet';
}

const PUBLIC: Record<'mainnet' | 'testnet' | 'previewnet', { url: string; chainId: number }> = {
  mainnet: { url: 'https://mainnet.mirrornode.hedera.com', chainId: 295 },
  testnet: { url: 'https://testnet.mirrornode.hedera.com', chainId: 296 },
  previewnet: { url: 'https://previewnet.mirrornode.hedera.com', chainId: 297 },
};

export interface NetworkOverrides {
  /** Custom REST base URL (custom network), without `/api/v1`. */
  mirrorUrl?: string;
  /** Custom web3 base URL; defaults to the REST URL, since public deployments route both behind one host. */
  web3Url?: string;
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

export function isNetworkName(s: string): s is NetworkName {
  return (NETWORK_NAMES as readonly string[]).includes(s);
}

export function resolveNetwork(network: NetworkName, overrides: NetworkOverrides = {}): Endpoints {
  switch (network) {
    case 'local':
      return { network, restUrl: 'http://localhost:5551', web3Url: 'http://localhost:8545', chainId: 298 };
    case 'custom': {
      if (!overrides.mirrorUrl) throw new Error('The custom network needs a mirror URL (setting ledgerMirror.mirrorUrl or --mirror).');
      const restUrl = trimSlash(overrides.mirrorUrl);
      return { network, restUrl, web3Url: trimSlash(overrides.web3Url || restUrl), chainId: 298 };
    }
    default: {
      const p = PUBLIC[network];
      return { network, restUrl: p.url, web3Url: p.url, chainId: p.chainId, hashscan: network };
    }
  }
}
