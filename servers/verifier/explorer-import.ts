// `/session/verify/etherscan`'s import half (sourcify 9c0dd549 etherscan.common.ts): fetch the verified source from an
// Etherscan-style API, rebuild the standard JSON from whichever of the three SourceCode shapes came back, compile it,
// and hand back the sources plus the recompiled metadata as session files. Error statuses and texts as upstream.
import type { StdJsonInput } from '../../src/core/verify/std-json';
import { VERIFY_OUTPUT_SELECTION } from '../../src/core/verify/std-json';
import type { InputFile } from './checked-contracts';
import { compileStdJson, CompilerError, type CompiledContract } from './compiler';
import { HttpError, badRequest, errorBody } from './http';

export interface EtherscanSource {
  SourceCode: string;
  ContractName: string;
  CompilerVersion: string;
  OptimizationUsed: string;
  Runs: string;
  EVMVersion: string;
}

interface EtherscanResponse {
  status: string;
  message: string;
  result: EtherscanSource[] | string;
}

function stdJsonFrom(src: EtherscanSource): StdJsonInput {
  const code = src.SourceCode;
  if (code.startsWith('{{')) return JSON.parse(code.slice(1, -1)) as StdJsonInput;
  const settings: Record<string, unknown> = {
    optimizer: { enabled: src.OptimizationUsed === '1', runs: Number(src.Runs) || 200 },
    ...(src.EVMVersion && src.EVMVersion.toLowerCase() !== 'default' ? { evmVersion: src.EVMVersion } : {}),
  };
  if (code.startsWith('{')) return { language: 'Solidity', sources: JSON.parse(code) as StdJsonInput['sources'], settings };
  return { language: 'Solidity', sources: { [`${src.ContractName}.sol`]: { content: code } }, settings };
}

async function fetchSource(apiUrl: string, address: string, apiKey: string): Promise<EtherscanSource> {
  const url = `${apiUrl.replace(/\/+$/, '')}/api?module=contract&action=getsourcecode&address=${address}&apikey=`;
  let res: Response;
  try {
    res = await fetch(url + encodeURIComponent(apiKey));
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code ?? 'unknown';
    throw new HttpError(502, errorBody(`Request to ${url}XXX failed with code ${code}`));
  }
  if (!res.ok) throw badRequest(`Error in Etherscan API response. Status code: ${res.status}`);
  const body = (await res.json()) as EtherscanResponse;
  if (body.message === 'NOTOK') {
    const result = String(body.result);
    if (result.includes('Max rate limit reached')) throw new HttpError(429, errorBody('Etherscan API rate limit reached, try later'));
    throw new HttpError(502, errorBody(`Error in Etherscan API response. Result message: ${result}`));
  }
  const entry = Array.isArray(body.result) ? body.result[0] : undefined;
  if (!entry || entry.SourceCode === '') throw new HttpError(404, errorBody('This contract is not verified on Etherscan'));
  return entry;
}

export interface ExplorerContract {
  input: StdJsonInput;
  /** Where the contract is in the compilation output. */
  path: string;
  name: string;
  compiled: CompiledContract;
}

/** The explorer's verified source of `address`, recompiled; errors with Sourcify's statuses and texts (session dialect). */
export async function importContract(apiUrl: string, address: string, apiKey: string): Promise<ExplorerContract> {
  const src = await fetchSource(apiUrl, address, apiKey);
  const input = stdJsonFrom(src);
  input.settings = { ...input.settings, outputSelection: VERIFY_OUTPUT_SELECTION };
  let compiled;
  try {
    compiled = compileStdJson(input, src.CompilerVersion);
  } catch (err) {
    if (err instanceof CompilerError) throw new HttpError(500, errorBody(err.message));
    throw err;
  }
  const path = Object.keys(compiled).find((p) => compiled[p][src.ContractName]);
  if (path === undefined) throw badRequest('This contract was verified with errors on Etherscan');
  return { input, path, name: src.ContractName, compiled: compiled[path][src.ContractName] };
}

/** The files an Etherscan import adds to the session: every source plus `metadata.json` of the named contract. */
export async function importFromExplorer(apiUrl: string, address: string, apiKey: string): Promise<InputFile[]> {
  const { input, compiled } = await importContract(apiUrl, address, apiKey);
  return [
    ...Object.entries(input.sources).map(([name, s]) => ({ name, content: s.content })),
    { name: 'metadata.json', content: compiled.metadata },
  ];
}
