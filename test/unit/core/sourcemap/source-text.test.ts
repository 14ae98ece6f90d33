import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { SourceText } from '../../../../src/core/sourcemap/source-text';

/** Byte offset (UTF-8) of the UTF-16 index `index` in `text`. */
const byteOffset = (text: string, index: number) => Buffer.byteLength(text.slice(0, index), 'utf8');

/** What VS Code reports for a string index: lines split at \r\n, \n or \r; the column counts UTF-16 units. */
function editorPosition(text: string, index: number): { line: number; character: number } {
  const before = text.slice(0, index);
  const lines = before.split(/\r\n|\n|\r/);
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

describe('source text: byte offsets → editor positions', () => {
  const source = [
    '// SPDX-License-Identifier: MIT',
    '/// Grüße, naïve café — ✓ 🚀 (2-, 3- and 4-byte UTF-8)',
    'contract Ünïcode {',
    '    string constant HELLO = "héllo 👋";',
    '    function f() external pure { require(false, "für 🚀"); }',
    '}',
  ].join('\n');
  const text = new SourceText(source);
  const at = (needle: string, line: number) => {
    const index = source.indexOf(needle);
    assert.ok(index >= 0);
    return { index, bytes: byteOffset(source, index), line };
  };

  it('places ASCII text after non-ASCII text on the same line at its UTF-16 column', () => {
    const { index, bytes, line } = at('require(false', 4);
    assert.deepEqual(text.position(bytes), { line, character: index - source.lastIndexOf('\n', index) - 1 });
    const afterEmoji = at('(2-, 3-', 1);
    // 🚀 is 4 bytes in UTF-8 but 2 UTF-16 units; ✓ is 3 bytes but 1 unit.
    assert.deepEqual(text.position(afterEmoji.bytes), { line: 1, character: '/// Grüße, naïve café — ✓ 🚀 '.length });
    assert.ok(afterEmoji.bytes > afterEmoji.index - source.lastIndexOf('\n', afterEmoji.index) - 1);
  });

  it('places the end of a range that ends after an emoji', () => {
    const start = source.indexOf('"für 🚀"');
    const endBytes = byteOffset(source, start + '"für 🚀"'.length);
    assert.deepEqual(text.position(endBytes), editorPosition(source, start + '"für 🚀"'.length));
  });

  it('counts \\r\\n, \\n and a lone \\r as line ends, as VS Code does', () => {
    const mixed = 'a\r\nbé\rc\nd';
    const t = new SourceText(mixed);
    for (let i = 0; i <= mixed.length; i++) {
      if (mixed[i - 1] === '\r' && mixed[i] === '\n') continue; // between \r and \n is not a position
      assert.deepEqual(t.position(byteOffset(mixed, i)), editorPosition(mixed, i), `index ${i}`);
    }
  });

  it('clamps offsets outside the text', () => {
    assert.deepEqual(text.position(-5), { line: 0, character: 0 });
    assert.deepEqual(text.position(10_000), editorPosition(source, source.length));
    assert.equal(text.byteLength, Buffer.byteLength(source));
  });

  it('agrees with the editor for any text and any character boundary', () => {
    const chars = fc.oneof(fc.constantFrom('\n', '\r\n', '\r', 'é', '✓', '🚀', '中', ' '), fc.string({ minLength: 1, maxLength: 1 }));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 60 }), fc.nat(), (parts, pick) => {
        const s = parts.join('');
        // Boundaries between the parts: never inside a surrogate pair; the inside of a \r\n is excluded below.
        const boundaries = [0];
        for (let i = 0, k = 0; k < parts.length; k++) boundaries.push((i += parts[k].length));
        const index = boundaries[pick % boundaries.length];
        fc.pre(!(s[index - 1] === '\r' && s[index] === '\n'));
        assert.deepEqual(new SourceText(s).position(byteOffset(s, index)), editorPosition(s, index));
      }),
      { numRuns: 300 },
    );
  });
});
