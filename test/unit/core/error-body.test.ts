import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatServerMessages, parseErrorBody } from '../../../src/core/error-body';
import { OPCODES_DATA, tokenSpecCases } from '../../helpers/mirror-data';

const opcodesDir = OPCODES_DATA;
const errorFiles = readdirSync(opcodesDir).filter((f) => f.endsWith('.json') && !f.startsWith('relay-'));

describe('parseErrorBody', () => {
  for (const file of errorFiles) {
    it(`reads every message of opcodes/${file}`, () => {
      const body = readFileSync(join(opcodesDir, file), 'utf8');
      const expected = (JSON.parse(body) as { _status: { messages: { message: string; detail?: string; data?: string }[] } })._status
        .messages;
      const messages = parseErrorBody(body);
      assert.equal(messages.length, expected.length);
      messages.forEach((m, i) => {
        assert.equal(m.message, expected[i].message);
        // "" means "nothing to say", so it is dropped rather than shown
        assert.equal(m.detail, expected[i].detail || undefined);
        assert.equal(m.data, expected[i].data || undefined);
      });
    });
  }

  for (const c of tokenSpecCases().filter((c) => c.status >= 400)) {
    it(`reads the ${c.status} of tokens/${c.file} (${c.url})`, () => {
      const expected = (c.body as { _status: { messages: { message: string }[] } })._status.messages;
      assert.deepEqual(parseErrorBody(JSON.stringify(c.body)), expected);
    });
  }

  it('reads the real INSUFFICIENT_TX_FEE body, whose detail and data are ""', () => {
    const body = readFileSync(join(opcodesDir, 'real-400-INSUFFICIENT_TX_FEE-issue-12928.json'), 'utf8');
    assert.deepEqual(parseErrorBody(body), [{ message: 'INSUFFICIENT_TX_FEE' }]);
  });

  it('reads the v0.150+ 406 shape without _status', () => {
    const body = '{"message":"Not Acceptable","detail":"Accept-Encoding: gzip header is required"}';
    assert.deepEqual(parseErrorBody(body), [{ message: 'Not Acceptable', detail: 'Accept-Encoding: gzip header is required' }]);
  });

  it('accepts null detail and data (the spec marks them nullable)', () => {
    assert.deepEqual(parseErrorBody('{"_status":{"messages":[{"message":"Bad Request","detail":null,"data":null}]}}'), [
      { message: 'Bad Request' },
    ]);
  });

  it('reports a non-JSON body with its first bytes', () => {
    const [m] = parseErrorBody('<html><body>502 Bad Gateway</body></html>');
    assert.equal(m.message, 'response body is not JSON: "<html><body>502 Bad Gateway</body></html>"');
  });

  it('cuts a long non-JSON body', () => {
    const [m] = parseErrorBody('x'.repeat(10_000));
    assert.ok(m.message.length < 200, m.message);
    assert.match(m.message, /^response body is not JSON: "x+…"$/);
  });

  it('reports JSON in an unknown shape instead of dropping it', () => {
    assert.deepEqual(parseErrorBody('{"error":"nope"}'), [{ message: 'unrecognised error body: "{\\"error\\":\\"nope\\"}"' }]);
  });

  it('gives no messages for an empty body', () => {
    assert.deepEqual(parseErrorBody(''), []);
  });

  it('formats messages on one line, detail after message', () => {
    const line = formatServerMessages([
      { message: 'Not Found', detail: 'Transaction not found: x' },
      { message: 'Invalid parameter: timestamp' },
    ]);
    assert.equal(line, 'Not Found: Transaction not found: x; Invalid parameter: timestamp');
  });
});
