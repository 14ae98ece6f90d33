// Where a verified contract can be seen: Sourcify's repository page and, on Hedera's public networks, HashScan's
// contract page. Shared by the CLI's success line and the Verification view.

/** sourcify.dev's repository, which serves `<chainId>/<address>` pages. */
export const DEFAULT_REPOSITORY_URL = 'https://repo.sourcify.dev';

const HASHSCAN_NETWORK: Readonly<Record<string, string>> = { '295': 'mainnet', '296': 'testnet', '297': 'previewnet' };
const HEDERA_CHAINS: ReadonlySet<string> = new Set(['295', '296', '297', '298']);

/** Hedera mainnet, testnet, previewnet and local node (295–298). */
export const isHederaChain = (chainId: string | number) => HEDERA_CHAINS.has(String(chainId));

export function repositoryLink(repositoryUrl: string, chainId: string, address: string): string {
  return `${repositoryUrl.replace(/\/+$/, '')}/${chainId}/${address}`;
}

/** HashScan's page for the contract, or undefined off Hedera's public networks (HashScan has no local node). */
export function hashscanLink(chainId: string, address: string): string | undefined {
  const network = HASHSCAN_NETWORK[chainId];
  return network && `https://hashscan.io/${network}/contract/${address}`;
}
