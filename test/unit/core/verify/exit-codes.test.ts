// The verification exit-code table as pure functions: which server answers mean which code, how a mixed run is
// summed up, and how a moved server and the links are worded.
import * as assert from 'node:assert/strict';
import { ApiError, EXIT } from '../../../../src/core/errors';
import { errorExitCode, failureOf, reportExitCode, resultExitCode } from '../../../../src/core/verify/exit-codes';
import { hashscanLink, isHederaChain, repositoryLink } from '../../../../src/core/verify/links';
import { movedServerMessage } from '../../../../src/core/verify/moved';
import type { ContractResult } from '../../../../src/core/verify/result';
import { normaliseSessionContract } from '../../../../src/core/verify/session-response';

const result = (over: Partial<ContractResult>): ContractResult => ({
  name: 'Storage',
  sourcePath: 'contracts/Storage.sol',
  status: 'error',
  alreadyVerified: false,
  files: { found: [], missing: [], invalid: [] },
  ...over,
});

const answered = (kind: ApiError['kind'], status: number, message: string, detail?: string) =>
  new ApiError(kind, message, { status, messages: [{ message, ...(detail ? { detail } : {}) }] });

describe('verification exit codes', () => {
  it('maps each result to one code: 0 verified or ready, 7 a mismatch, else its failure', () => {
    assert.deepEqual(
      [
        result({ status: 'perfect' }),
        result({ status: 'partial', alreadyVerified: true }),
        result({ status: 'ready' }),
        result({}),
        result({ failure: 'invalid-input' }),
        result({ failure: 'not-found' }),
        result({ failure: 'rate-limited' }),
        result({ failure: 'server' }),
        result({ failure: 'network' }),
      ].map(resultExitCode),
      [0, 0, 0, 7, 2, 3, 4, 5, 6],
    );
  });

  it('reads server answers: unsupported chains (both dialects) 3, other 400s 7 (a request went out), 5xx 5, 429 4', () => {
    assert.equal(errorExitCode(answered('not-found', 404, 'Chain 12345 not found', 'unsupported_chain')), EXIT.notFound);
    assert.equal(errorExitCode(answered('invalid-input', 400, 'Chain 12345 not supported for verification!')), EXIT.notFound);
    assert.equal(errorExitCode(answered('invalid-input', 400, 'There should be files in the <files> field')), EXIT.verificationFailed);
    assert.equal(errorExitCode(answered('server', 500, 'Something went wrong')), EXIT.server);
    assert.equal(errorExitCode(answered('bad-response', 200, 'Unexpected session response')), EXIT.server);
    assert.equal(errorExitCode(answered('rate-limited', 429, 'Too many requests')), EXIT.rateLimited);
    assert.equal(errorExitCode(new ApiError('timeout', 'Timed out')), EXIT.network);
  });

  it('keeps 2 for input refused before sending (no HTTP status) and the shared code for other kinds', () => {
    assert.equal(errorExitCode(new ApiError('invalid-input', 'bad --address')), EXIT.invalidInput);
    assert.equal(failureOf(new ApiError('invalid-input', 'bad --address')), 'invalid-input');
    assert.equal(errorExitCode(new ApiError('cancelled', 'Cancelled')), EXIT.other);
    assert.equal(errorExitCode(new Error('bug')), EXIT.other);
  });

  it('sums up a mixed run: a run cut short (network, server, rate limit) before a mismatch, a mismatch before local input problems', () => {
    const run = (...results: ContractResult[]) => reportExitCode({ outcomes: results.map((r) => ({ result: r })) });
    assert.equal(run(result({ status: 'perfect' }), result({ status: 'ready' })), EXIT.ok);
    assert.equal(run(result({}), result({ failure: 'server' })), EXIT.server);
    assert.equal(run(result({ failure: 'invalid-input' }), result({})), EXIT.verificationFailed);
    assert.equal(run(result({ failure: 'not-found' }), result({ failure: 'network' }), result({ failure: 'rate-limited' })), EXIT.network);
    assert.equal(run(), EXIT.ok);
  });

  it('reads "no contract deployed" in a session answer as not found (3), other session errors as a mismatch (7)', () => {
    const base = { verificationId: 'a', compiledPath: 'contracts/Storage.sol', name: 'Storage', status: 'error' };
    assert.equal(
      resultExitCode(normaliseSessionContract({ ...base, statusMessage: 'Chain #296 does not have a contract deployed at 0x00.' })),
      EXIT.notFound,
    );
    assert.equal(
      resultExitCode(normaliseSessionContract({ ...base, statusMessage: "The deployed and recompiled bytecode don't match." })),
      EXIT.verificationFailed,
    );
  });
});

describe('moved verification server', () => {
  const moved = (location: string, url: string) => new ApiError('moved', 'Moved', { status: 301, url, location });

  it('names the new base address (without the request path) and where to change it', () => {
    const err = moved('https://sourcify.dev/server/session/data', 'https://server-verify.hashscan.io/session/data');
    assert.equal(
      movedServerMessage(err, 'https://server-verify.hashscan.io', 'the setting ledgerMirror.verify.url'),
      'The verification server https://server-verify.hashscan.io has moved to https://sourcify.dev/server (HTTP 301). Nothing was sent there: sources and API keys go only to the server you chose. If you trust the new address, set the setting ledgerMirror.verify.url to https://sourcify.dev/server.',
    );
  });

  it('keeps a location that does not end with the request path, and ignores errors without a location', () => {
    assert.match(
      movedServerMessage(moved('https://new.example/', 'https://old.example/v2/verify/1/0x'), 'https://old.example', '--verify-url') ?? '',
      /moved to https:\/\/new\.example\/ /,
    );
    assert.match(
      movedServerMessage(
        moved('https://new.example/api/session/data?x=1', 'https://old.example/base/session/data?x=1'),
        'https://old.example/base/',
        '--verify-url',
      ) ?? '',
      /moved to https:\/\/new\.example\/api /,
    );
    assert.equal(movedServerMessage(new ApiError('server', 'boom', { status: 500 }), 'https://old.example', '--verify-url'), undefined);
  });
});

describe('links to a verified contract', () => {
  it('points at the repository page and, on Hedera public networks only, at HashScan', () => {
    const a = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    assert.equal(repositoryLink('https://repo.sourcify.dev/', '296', a), `https://repo.sourcify.dev/296/${a}`);
    assert.deepEqual(
      ['295', '296', '297', '298', '1'].map((c) => hashscanLink(c, a)),
      [
        `https://hashscan.io/mainnet/contract/${a}`,
        `https://hashscan.io/testnet/contract/${a}`,
        `https://hashscan.io/previewnet/contract/${a}`,
        undefined,
        undefined,
      ],
    );
    assert.deepEqual(['294', '295', '298', '299'].map(isHederaChain), [false, true, true, false]);
  });
});
