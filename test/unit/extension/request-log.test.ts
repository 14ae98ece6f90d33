import { strict as assert } from 'node:assert';
import { describeRequest } from '../../../src/extension/request-log';

describe('request log line', () => {
  it('says method, URL, status, time and size', () => {
    assert.equal(
      describeRequest({ method: 'GET', url: 'https://m.example/api/v1/tokens/0.0.1', status: 200, ms: 35.4, bytes: 1234 }),
      'GET https://m.example/api/v1/tokens/0.0.1 → 200 in 35 ms (1234 bytes)',
    );
  });

  it('never shows URL credentials, even inside an error text', () => {
    const line = describeRequest({
      method: 'POST',
      url: 'https://u:pw@v.example/session/clear',
      status: 500,
      ms: 3,
      bytes: 0,
      error: 'proxy said http://bob:hunter2@v.example/x',
    });
    assert.equal(line, 'POST https://v.example/session/clear → 500 failed after 3 ms: proxy said http://v.example/x');
  });
});
