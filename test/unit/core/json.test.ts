import { strict as assert } from 'node:assert';
import { parseJson, parseUntrustedJson, SERVER_JSON_BOUNDS, stringifyJson } from '../../../src/core/json';

describe('json', () => {
  it('keeps integers beyond 2^53 exactly, as bigint', () => {
    const v = parseJson('{"expiry_timestamp":1234567890000010001,"max":9223372036854775807}') as Record<string, unknown>;
    assert.equal(v.expiry_timestamp, 1234567890000010001n);
    assert.equal(v.max, 9223372036854775807n);
  });

  it('parses safe integers and fractions as numbers', () => {
    assert.deepEqual(parseJson('[9007199254740991,-5,0,1.5,1e3]'), [9007199254740991, -5, 0, 1.5, 1000]);
  });

  it('round-trips every digit', () => {
    const text = '{"a":1234567890000010001,"b":[-9223372036854775808,12],"c":"1234567890000010001","d":null,"e":true}';
    assert.equal(stringifyJson(parseJson(text)), text);
  });

  it('indents like JSON.stringify', () => {
    assert.equal(stringifyJson({ a: [1n << 70n] }, 2), '{\n  "a": [\n    1180591620717411303424\n  ]\n}');
  });

  it('throws SyntaxError on malformed JSON', () => {
    assert.throws(() => parseJson('{"a":'), SyntaxError);
    assert.throws(() => parseJson('<html>'), SyntaxError);
  });

  it('refuses nesting beyond SERVER_JSON_BOUNDS before parsing, with either parser', () => {
    const { maxDepth } = SERVER_JSON_BOUNDS;
    const deep = '['.repeat(maxDepth + 1) + ']'.repeat(maxDepth + 1);
    assert.throws(() => parseJson(deep), /too large to parse: nested more than 512 levels deep/);
    assert.throws(() => parseUntrustedJson(deep), SyntaxError);
    assert.throws(
      () => parseUntrustedJson('['.repeat(8_000_000)),
      SyntaxError,
      'millions of levels end at once, without a stack overflow or a huge allocation',
    );
    assert.doesNotThrow(() => parseJson('['.repeat(maxDepth) + ']'.repeat(maxDepth)));
  });

  it('refuses millions of empty containers side by side', () => {
    assert.throws(() => parseUntrustedJson(`[${'{},'.repeat(1_000_001)}{}]`), /more than 1000000 arrays and objects/);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: '['.repeat(2000) + '\\"' + '{'.repeat(2000) });
    assert.deepEqual(parseUntrustedJson(text), JSON.parse(text));
    assert.deepEqual(parseJson(text), JSON.parse(text));
  });
});
