// The mirror node's recorded responses, read from disk (no sockets): the token spec-test files the reference mirror
// also serves (one copy, servers/mirror/data/tokens) and the opcodes error bodies. Shared by the unit and
// integration tiers.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_DIR } from '../../servers/mirror/datasets';
import { parseJson } from '../../src/core/json';

/** The token spec-test files (`GET /api/v1/tokens/{id}`), as the reference mirror reads them. */
export const TOKEN_SPECS = SPEC_DIR;
/** Real token bodies recorded by hashgraph/hedera-forking, as the reference mirror also serves them. */
export const CAPTURED_TOKENS = join(__dirname, '../data/mirror/tokens/hedera-forking');
/** Error bodies of `GET /api/v1/contracts/results/{id}/opcodes`. */
export const OPCODES_DATA = join(__dirname, '../data/mirror/opcodes');

/** JSON text without insignificant whitespace (strings untouched): compares documents digit for digit. */
export function minifyJson(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*")|\s+/g, (_m, str: string | undefined) => str ?? '');
}

export interface SpecCase {
  file: string;
  /** Request path and query, as the spec test sends it. */
  url: string;
  status: number;
  /** The recorded response, parsed losslessly. */
  body: unknown;
}

interface SpecFile {
  url?: string;
  urls?: string[];
  responseStatus?: number;
  responseJson?: unknown;
  tests?: { urls: string[]; responseStatus: number; responseJson: unknown }[];
}

/** Every (url, status, response) of the token spec-test files. */
export function tokenSpecCases(): SpecCase[] {
  return readdirSync(TOKEN_SPECS)
    .filter((f) => f.endsWith('.json') && f !== 'responseHeaders.json')
    .flatMap((file) => {
      const spec = parseJson(readFileSync(join(TOKEN_SPECS, file), 'utf8')) as SpecFile;
      const groups = spec.tests ?? [
        { urls: spec.urls ?? [spec.url ?? ''], responseStatus: spec.responseStatus ?? 0, responseJson: spec.responseJson },
      ];
      return groups.flatMap((g) => g.urls.map((url) => ({ file, url, status: g.responseStatus, body: g.responseJson })));
    });
}
