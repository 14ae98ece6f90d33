import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { safeJson, safeLine, safeText } from '../../../src/core/safe-text';

// Anything a terminal or a text renderer may act on: C0 (but newline and tab), DEL, C1, bidi and invisible marks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;

describe('safe text', () => {
  it('escapes ESC, OSC, CSI, C1 and bidi controls as visible escapes', () => {
    assert.equal(safeText('\x1b[31mred\x1b[0m'), '\\x1b[31mred\\x1b[0m');
    assert.equal(safeText('\x1b]0;pwned\x07title'), '\\x1b]0;pwned\\x07title');
    assert.equal(
      safeText('\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\'),
      '\\x1b]8;;https://evil.example\\x1b\\link\\x1b]8;;\\x1b\\',
    );
    assert.equal(safeText('\u009b2J'), '\\x9b2J');
    assert.equal(safeText('abc\u202edcba'), 'abc\\u202edcba');
    assert.equal(safeText('over\rwrite'), 'over\\x0dwrite');
    assert.equal(safeText('a\u2066b\u2069'), 'a\\u2066b\\u2069');
  });

  it('keeps newlines and tabs in messages, escapes them in one-line text', () => {
    assert.equal(safeText('one\n\ttwo'), 'one\n\ttwo');
    assert.equal(safeLine('one\n\ttwo'), 'one\\x0a\\x09two');
  });

  it('keeps every script, emoji and the joiners they need', () => {
    const text = 'Токен — トークン 🪙 👩‍👩‍👧 می‌خواهم ℏ';
    assert.equal(safeLine(text), text);
  });

  it('leaves nothing active, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        for (const f of [safeText, safeLine]) {
          const once = f(s);
          assert.ok(!ACTIVE.test(once), JSON.stringify(once));
          assert.equal(f(once), once);
        }
        assert.ok(!/[\n\t]/.test(safeLine(s)));
      }),
    );
  });

  it('safeJson writes C1 and bidi characters as \\u escapes and the JSON still parses to the same value', () => {
    const value = { name: 'a\u009b\u202e\x1b', n: [1, 'ok'] };
    const json = safeJson(JSON.stringify(value, null, 2));
    assert.ok(!ACTIVE.test(json));
    assert.ok(json.includes('\\u009b\\u202e\\u001b'));
    assert.deepEqual(JSON.parse(json), value);
    fc.assert(fc.property(fc.jsonValue(), (v) => assert.deepEqual(JSON.parse(safeJson(JSON.stringify(v))), JSON.parse(JSON.stringify(v)))));
  });
});
