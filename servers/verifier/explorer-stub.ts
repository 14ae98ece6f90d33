// A local stand-in for an Etherscan-style explorer API (`GET /api?module=contract&action=getsourcecode`), so the
// reference verifier's import path runs without the internet. It can answer the failures clients must handle.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StdJsonInput } from '../../src/core/verify/std-json';
import type { EtherscanSource } from './explorer-import';

export interface ExplorerStubOptions {
  /** Verified contracts by address (any case). */
  contracts: Record<string, EtherscanSource>;
  /** When set, any other key is answered NOTOK "Invalid API Key". */
  validKeys?: string[];
  /** Keys answered NOTOK "Max rate limit reached". */
  rateLimitedKeys?: string[];
  /** Answer every request with this HTTP status instead. */
  httpStatus?: number;
  port?: number;
}

export interface ExplorerStub {
  url: string;
  /** API keys received, in order (tests check the key was forwarded). */
  receivedKeys: string[];
  close(): Promise<void>;
}

/** The `{{…}}`-wrapped standard-JSON form Etherscan returns for contracts verified from standard JSON. */
export function etherscanSourceFromStdJson(input: StdJsonInput, contractName: string, compilerVersion: string): EtherscanSource {
  return {
    SourceCode: `{${JSON.stringify(input)}}`,
    ContractName: contractName,
    CompilerVersion: `v${compilerVersion}`,
    OptimizationUsed: '0',
    Runs: '200',
    EVMVersion: 'Default',
  };
}

const notok = (result: string) => ({ status: '0', message: 'NOTOK', result });

export async function startExplorerStub(options: ExplorerStubOptions): Promise<ExplorerStub> {
  const receivedKeys: string[] = [];
  const byAddress = new Map(Object.entries(options.contracts).map(([a, c]) => [a.toLowerCase(), c]));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = url.searchParams.get('apikey') ?? '';
    receivedKeys.push(key);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (options.httpStatus) return send(options.httpStatus, { status: '0', message: 'NOTOK', result: 'error' });
    if (url.pathname !== '/api' || url.searchParams.get('action') !== 'getsourcecode') return send(404, notok('Unknown action'));
    if (options.rateLimitedKeys?.includes(key)) return send(200, notok('Max rate limit reached'));
    if (options.validKeys && !options.validKeys.includes(key)) return send(200, notok('Invalid API Key'));
    const entry = byAddress.get((url.searchParams.get('address') ?? '').toLowerCase());
    const unverified = { SourceCode: '', ContractName: '', CompilerVersion: '', OptimizationUsed: '', Runs: '', EVMVersion: '' };
    send(200, { status: '1', message: 'OK', result: [entry ?? unverified] });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    receivedKeys,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
