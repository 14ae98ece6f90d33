import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import { formatBytes, requestError } from '../../../../src/core/net/classify';

const at = { method: 'GET', url: 'http://mirror.example/x' };
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('transport failure classification', () => {
  it('formats sizes in the units people read', () => {
    assert.equal(formatBytes(1), '1 byte');
    assert.equal(formatBytes(512), '512 bytes');
    assert.equal(formatBytes(1536), '1.5 KB');
    assert.equal(formatBytes(5 * 1024 * 1024), '5.0 MB');
    assert.equal(formatBytes(300 * 1024 * 1024), '300 MB');
    assert.equal(formatBytes(2 * 1024 ** 3), '2.0 GB');
  });

  it('tells connect failures, timeouts, cut bodies, corrupt gzip and cancellation apart', () => {
    assert.equal(requestError(coded('ECONNREFUSED'), at).kind, 'network');
    assert.equal(requestError(coded('UND_ERR_CONNECT_TIMEOUT'), at).kind, 'timeout');
    assert.equal(requestError(coded('UND_ERR_HEADERS_TIMEOUT'), at).kind, 'timeout');
    assert.equal(requestError(coded('UND_ERR_BODY_TIMEOUT'), { ...at, bodyBytes: 10 }).kind, 'timeout');
    assert.equal(requestError(coded('Z_DATA_ERROR', 'incorrect header check'), { ...at, bodyBytes: 10 }).kind, 'bad-response');
    const controller = new AbortController();
    controller.abort();
    assert.equal(requestError(coded('UND_ERR_ABORTED'), { ...at, signal: controller.signal }).kind, 'cancelled');
  });

  it('names the time budget a time-out ran under, so the user knows which setting to raise', () => {
    const timeouts = { connectMs: 10_000, headersMs: 1_000, bodyMs: 30_000 };
    assert.equal(
      requestError(coded('UND_ERR_CONNECT_TIMEOUT'), { ...at, timeouts }).message,
      'Timed out connecting after 10 s (GET http://mirror.example/x)',
    );
    assert.equal(
      requestError(coded('UND_ERR_HEADERS_TIMEOUT'), { ...at, timeouts }).message,
      'Timed out waiting for the response after 1 s (GET http://mirror.example/x)',
    );
    assert.equal(
      requestError(coded('UND_ERR_BODY_TIMEOUT'), { ...at, bodyBytes: 10, timeouts }).message,
      'Timed out reading the response body (the server stopped sending) for 30 s (GET http://mirror.example/x)',
    );
  });

  it('says how much arrived when the connection closed mid-body', () => {
    const err = requestError(coded('UND_ERR_SOCKET', 'other side closed'), {
      ...at,
      bodyBytes: 3 * 1024 * 1024,
      expectedBytes: 10 * 1024 * 1024,
    });
    assert.equal(err.kind, 'truncated');
    assert.equal(
      err.message,
      'The server closed the connection after 3.0 MB of 10 MB: the response is incomplete (GET http://mirror.example/x)',
    );
  });

  it('a socket error before the body is a network error', () => {
    assert.equal(requestError(coded('UND_ERR_SOCKET', 'other side closed'), at).kind, 'network');
  });

  it('passes ApiErrors through and redacts text taken from the failure', () => {
    const own = new ApiError('too-large', 'x');
    assert.equal(requestError(own, at), own);
    const err = requestError(coded('EPROTO', 'bad http://u:pw@h/ key-1234'), { ...at, redact: (t) => t.replace('key-1234', '«redacted»') });
    assert.doesNotMatch(err.message, /key-1234/);
  });
});
