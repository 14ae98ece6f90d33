import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { buildTraceLink, parseTraceLink, traceLinkQuery, type TraceLink } from '../../../../src/core/links/trace-link';
import { NETWORK_NAMES } from '../../../../src/core/networks';

const HASH = '0x' + 'ab'.repeat(32);
const ID = '0.0.1234-1700000000-000000001';

/** What VS Code hands the handler: `Uri.parse(link)` keeps the path and the query apart. */
function parseLink(link: string) {
  const url = new URL(link);
  return parseTraceLink(url.pathname, url.search.slice(1));
}

describe('trace links', () => {
  it('builds the documented vscode:// link', () => {
    assert.equal(
      buildTraceLink({ transaction: ID, network: 'testnet', step: 42 }),
      `vscode://ledger-mirror.ledger-mirror/trace?tx=${ID}&network=testnet&step=42`,
    );
    assert.equal(
      buildTraceLink({ transaction: HASH, step: 0 }, 'code-oss'),
      `code-oss://ledger-mirror.ledger-mirror/trace?tx=${HASH}&step=0`,
    );
  });

  it('parses what it builds, for every network, any step and both transaction forms', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(ID, HASH),
        fc.option(fc.constantFrom(...NETWORK_NAMES), { nil: undefined }),
        fc.nat(999_999_999),
        (transaction, network, step) => {
          const link: TraceLink = { transaction, ...(network ? { network } : {}), step };
          assert.deepEqual(parseLink(buildTraceLink(link)), { ok: true, value: link });
        },
      ),
    );
  });

  it('canonicalises the transaction and defaults the step to 0', () => {
    assert.deepEqual(parseTraceLink('/trace', `tx=${encodeURIComponent('0.0.1234@1700000000.1')}&network=mainnet`), {
      ok: true,
      value: { transaction: '0.0.1234-1700000000-000000001', network: 'mainnet', step: 0 },
    });
    assert.deepEqual(parseTraceLink('/trace/', `tx=${'AB'.repeat(32)}&step=7`), { ok: true, value: { transaction: HASH, step: 7 } });
  });

  it('takes a HashScan transaction URL as tx, as the Open Opcode Trace box does, with the network it names', () => {
    const url = encodeURIComponent(`https://hashscan.io/previewnet/transaction/1700000000.000000001?tid=${ID}`);
    assert.deepEqual(parseTraceLink('/trace', `tx=${url}&step=3`), {
      ok: true,
      value: { transaction: ID, network: 'previewnet', step: 3 },
    });
    assert.deepEqual(parseTraceLink('/trace', `tx=${url}&network=previewnet`), {
      ok: true,
      value: { transaction: ID, network: 'previewnet', step: 0 },
    });
  });

  const rejected: [string, string, string, RegExp][] = [
    [
      'a HashScan URL on another network than network=',
      '/trace',
      `tx=${encodeURIComponent(`https://hashscan.io/mainnet/transaction/${ID}`)}&network=testnet`,
      /HashScan URL on mainnet but network=testnet/,
    ],
    [
      'a HashScan URL naming only a consensus timestamp',
      '/trace',
      `tx=${encodeURIComponent('https://hashscan.io/testnet/transaction/1700000000.000000001')}`,
      /consensus timestamp/,
    ],
    ['no transaction', '/trace', 'step=1', /names no transaction/],
    ['an empty transaction', '/trace', 'tx=&step=1', /names no transaction/],
    ['a malformed transaction', '/trace', 'tx=0.0.1234&step=1', /tx="0\.0\.1234" is not a transaction\. Expected a transaction id/],
    ['an out-of-range payer', '/trace', 'tx=0.0.274877906944-1-1', /out of range/],
    ['an unknown network', '/trace', `tx=${ID}&network=devnet`, /unknown network "devnet"; expected one of mainnet, testnet/],
    ['a negative step', '/trace', `tx=${ID}&step=-1`, /step="-1" is not a step number/],
    ['a fractional step', '/trace', `tx=${ID}&step=1.5`, /not a step number/],
    ['a hex step', '/trace', `tx=${ID}&step=0x10`, /not a step number/],
    ['a huge step', '/trace', `tx=${ID}&step=99999999999999999999`, /not a step number/],
    ['an empty step', '/trace', `tx=${ID}&step=`, /not a step number/],
    ['a repeated parameter', '/trace', `tx=${ID}&tx=${HASH}`, /tx is given more than once/],
    ['an unknown parameter', '/trace', `tx=${ID}&memory=true`, /unknown parameter "memory"/],
    ['another path', '/token', `tx=${ID}`, /unknown path "\/token"/],
    ['an overlong query', '/trace', `tx=${ID}&step=1${'&'.repeat(2000)}`, /longer than 1024/],
  ];
  for (const [what, path, query, message] of rejected) {
    it(`rejects ${what} with a message that says so`, () => {
      const parsed = parseTraceLink(path, query);
      assert.equal(parsed.ok, false);
      if (!parsed.ok) {
        assert.match(parsed.message, /^This trace link cannot be opened: /);
        assert.match(parsed.message, message);
      }
    });
  }

  it('escapes control and bidi characters from the link in its message', () => {
    const parsed = parseTraceLink('/trace', `tx=${ID}&network=${encodeURIComponent('x\u001b]0;pwned\u0007\u202e')}`);
    assert.equal(parsed.ok, false);
    if (!parsed.ok) {
      assert.ok(![...parsed.message].some((c) => c < ' ' || c === '\u202e'));
      assert.match(parsed.message, /x\\x1b\]0;pwned\\x07\\u202e/);
    }
  });

  it('never throws and never accepts a step it did not read as digits, whatever the query', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (path, query) => {
        const parsed = parseTraceLink(path, query);
        if (parsed.ok) assert.ok(Number.isSafeInteger(parsed.value.step) && parsed.value.step >= 0);
      }),
    );
  });

  it('writes the query with the network left out when it is undefined', () => {
    assert.equal(traceLinkQuery({ transaction: ID, step: 3 }), `tx=${ID}&step=3`);
  });
});
