import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseHashscanTransactionUrl, parseTraceInput } from '../../../../src/core/links/hashscan-url';

const HEX = 'cd'.repeat(32);
const ID = '0.0.1234-1700000000-000000001';

describe('HashScan transaction URLs', () => {
  const accepted: [string, string, 'id' | 'hash', string][] = [
    [`https://hashscan.io/testnet/transaction/1700000000.000000001?tid=${ID}`, 'testnet', 'id', ID],
    [`https://hashscan.io/testnet/transaction/1700000000.000000001?tid=0.0.1234%401700000000.1`, 'testnet', 'id', ID],
    [`https://hashscan.io/mainnet/transaction/0x${HEX}`, 'mainnet', 'hash', `0x${HEX}`],
    [`https://hashscan.io/mainnet/transaction/${HEX.toUpperCase()}`, 'mainnet', 'hash', `0x${HEX}`],
    [`https://hashscan.io/previewnet/transaction/${HEX}${'ef'.repeat(16)}`, 'previewnet', 'hash', `0x${HEX}`],
    [`https://hashscan.io/testnet/transaction/${ID}`, 'testnet', 'id', ID],
    [`https://hashscan.io/testnet/transaction/0.0.1234@1700000000.000000001`, 'testnet', 'id', ID],
    [`https://hashscan.io/testnet/transaction/0.0.1234%401700000000.000000001/`, 'testnet', 'id', ID],
    [`https://www.hashscan.io/testnet/transaction/${ID}#details`, 'testnet', 'id', ID],
    [`http://hashscan.io/testnet/transaction/${ID}`, 'testnet', 'id', ID],
    [`HTTPS://HASHSCAN.IO/testnet/transaction/${ID}`, 'testnet', 'id', ID],
    [`hashscan.io/testnet/transaction/${ID}`, 'testnet', 'id', ID],
    [`  https://hashscan.io/testnet/transaction/${ID}?tid=${ID}&p=1  \n`, 'testnet', 'id', ID],
    // HashScan's own tid wins over nothing: the path hash is the transaction, tid only confirms ids.
    [`https://hashscan.io/mainnet/transaction/0x${HEX}?tid=${ID}`, 'mainnet', 'hash', `0x${HEX}`],
  ];
  for (const [url, network, kind, value] of accepted) {
    it(`reads ${url.trim()}`, () => {
      assert.deepEqual(parseHashscanTransactionUrl(url), { ok: true, value: { network, transaction: { kind, value } } });
      assert.deepEqual(parseTraceInput(url), { ok: true, value: { network, transaction: { kind, value } } });
    });
  }

  const rejected: [string, string, RegExp][] = [
    ['a timestamp page without tid', 'https://hashscan.io/testnet/transaction/1700000000.000000001', /only by its consensus timestamp/],
    ['a bad tid', 'https://hashscan.io/testnet/transaction/1700000000.000000001?tid=0.0.x', /tid is not a transaction id/],
    ['two tids', `https://hashscan.io/testnet/transaction/1700000000.000000001?tid=${ID}&tid=${ID}`, /more than one transaction id/],
    [
      'a path and tid that disagree',
      `https://hashscan.io/testnet/transaction/${ID}?tid=0.0.1234-1700000000-000000002`,
      /two different transactions/,
    ],
    ['another host', `https://hashscan.io.evil.example/testnet/transaction/${ID}`, /Only https:\/\/hashscan\.io/],
    ['a lookalike host', `https://evil.example/hashscan.io/testnet/transaction/${ID}`, /Only https:\/\/hashscan\.io/],
    ['credentials before the host', `https://hashscan.io@evil.example/testnet/transaction/${ID}`, /Only https:\/\/hashscan\.io/],
    ['user info on the host', `https://user:pw@hashscan.io/testnet/transaction/${ID}`, /Only https:\/\/hashscan\.io/],
    ['a port', `https://hashscan.io:8443/testnet/transaction/${ID}`, /Only https:\/\/hashscan\.io/],
    ['a javascript: URL', 'javascript:alert(1)', /not javascript: URLs/],
    ['a file: URL', 'file:///etc/passwd', /not file: URLs/],
    ['an unknown network', `https://hashscan.io/devnet/transaction/${ID}`, /network "devnet" is not one of mainnet, testnet, previewnet/],
    ['a token page', 'https://hashscan.io/testnet/token/0.0.1234', /Not a HashScan transaction page/],
    ['extra path segments', `https://hashscan.io/testnet/transaction/${ID}/extra`, /Not a HashScan transaction page/],
    ['a missing transaction', 'https://hashscan.io/testnet/transaction/', /Not a HashScan transaction page/],
    ['garbage in the path', 'https://hashscan.io/testnet/transaction/hello', /does not name a transaction/],
    ['a broken percent escape', 'https://hashscan.io/testnet/transaction/%E0%A4%A', /not validly encoded/],
    ['an overlong URL', `https://hashscan.io/testnet/transaction/${ID}?x=${'a'.repeat(2000)}`, /longer than 1024/],
    ['an unparsable URL', 'https://', /Not a valid URL/],
  ];
  for (const [what, url, message] of rejected) {
    it(`rejects ${what}`, () => {
      const parsed = parseTraceInput(url);
      assert.equal(parsed.ok, false);
      if (!parsed.ok) assert.match(parsed.message, message);
    });
  }

  it('escapes control characters from the URL in its messages', () => {
    const parsed = parseTraceInput(`https://hashscan.io/${encodeURIComponent('x\u202e')}\u001b/transaction/${ID}`);
    assert.equal(parsed.ok, false);
    if (!parsed.ok) assert.ok(![...parsed.message].some((c) => c < ' ' || c === '\u202e'));
  });

  it('still takes plain ids and hashes, without a network', () => {
    assert.deepEqual(parseTraceInput(` 0.0.1234@1700000000.1 `), { ok: true, value: { transaction: { kind: 'id', value: ID } } });
    assert.deepEqual(parseTraceInput(HEX), { ok: true, value: { transaction: { kind: 'hash', value: `0x${HEX}` } } });
  });

  it('says every form it accepts when the text is none of them, and keeps range errors specific', () => {
    const parsed = parseTraceInput('hello');
    assert.ok(!parsed.ok && /transaction id .* hash .* HashScan transaction URL/.test(parsed.message));
    const range = parseTraceInput('0.0.274877906944-1-1');
    assert.ok(!range.ok && /out of range/.test(range.message));
  });

  it('never throws, whatever is pasted', () => {
    // URLs built from the parts the parser looks at (scheme, host, network, page, transaction, tid, fragment), each
    // also arbitrary: fc.webUrl() spent seconds generating domain names the parser refuses on the first test.
    const part = (...usual: string[]) => fc.oneof(fc.constantFrom(...usual), fc.string());
    const url = fc
      .tuple(
        part('https://', 'http://', 'ftp://', 'javascript:', ''),
        part('hashscan.io', 'www.hashscan.io', 'HashScan.io', 'example.com', 'user:pass@hashscan.io', 'hashscan.io:443'),
        part('/mainnet', '/testnet', '/previewnet', '/', '//'),
        part('/transaction/', '/tx/', '/contract/', '/'),
        part('0.0.1234-1700000000-000000001', '0.0.1234@1700000000.000000001', `0x${'ab'.repeat(32)}`, '1700000000.000000001', '%E0%A4%A'),
        part('', '?tid=0.0.1234-1700000000-000000001', '?tid=x&tid=y', '?tid='),
        part('', '#top', '#'),
      )
      .map((pieces) => pieces.join(''));
    fc.assert(fc.property(fc.oneof(fc.string(), url), (s) => void parseTraceInput(s)));
  });
});
