import { strict as assert } from 'node:assert';
import { decodeRevert, panicMeaning } from '../../../../src/core/trace/revert';

const word = (n: number | bigint): string => BigInt(n).toString(16).padStart(64, '0');
const errorData = (message: string): string => {
  const bytes = Buffer.from(message, 'utf8');
  return `0x08c379a0${word(32)}${word(bytes.length)}${bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0')}`;
};

describe('revert decoding', () => {
  it('decodes Error(string), including non-ASCII text and an empty message', () => {
    for (const message of ['Callee: amount must be zero', 'Überweisung fehlgeschlagen ✗', '', 'x'.repeat(100)]) {
      const data = errorData(message);
      assert.deepEqual(decodeRevert(data), { kind: 'Error', message, data });
    }
  });

  it('decodes Panic(uint256) with the meaning of every documented code', () => {
    const codes: [number, RegExp][] = [
      [0x00, /generic/],
      [0x01, /assert/],
      [0x11, /overflow/],
      [0x12, /division or modulo by zero/],
      [0x21, /enum/],
      [0x22, /storage byte array/],
      [0x31, /pop\(\) on an empty array/],
      [0x32, /out of bounds/],
      [0x41, /memory/],
      [0x51, /zero-initialized/],
      [0x99, /unknown panic code 0x99/],
    ];
    for (const [code, meaning] of codes) {
      const data = `0x4e487b71${word(code)}`;
      const decoded = decodeRevert(data);
      assert.deepEqual(decoded, { kind: 'Panic', code, message: panicMeaning(code), data });
      assert.match(panicMeaning(code), meaning);
    }
  });

  it('reports custom errors by selector with their raw arguments, lower-cased', () => {
    const data = `0xCF479181${word(5)}${word(100)}`;
    assert.deepEqual(decodeRevert(data), { kind: 'CustomError', selector: '0xcf479181', data: data.toLowerCase() });
    assert.deepEqual(decodeRevert('0x12345678'), { kind: 'CustomError', selector: '0x12345678', data: '0x12345678' });
  });

  it('falls back to raw bytes for malformed standard encodings', () => {
    const good = errorData('hello');
    for (const data of [
      good.slice(0, -64), // string runs past the data
      `0x08c379a0${word(2n ** 200n)}${word(5)}`, // absurd offset
      `0x08c379a0${word(32)}`, // no length word
      `0x4e487b71${word(1)}00`, // panic with extra bytes
      `0x4e487b71${'ff'.repeat(32)}`, // panic code beyond any meaning
      '0x08c379',
    ]) {
      assert.equal(decodeRevert(data)?.kind, 'Raw', data);
    }
  });

  it('returns null for no data and keeps non-hex text verbatim', () => {
    assert.equal(decodeRevert(null), null);
    assert.equal(decodeRevert(undefined), null);
    assert.equal(decodeRevert('0x'), null);
    assert.equal(decodeRevert(''), null);
    assert.deepEqual(decodeRevert('INSUFFICIENT_GAS'), { kind: 'Raw', data: 'INSUFFICIENT_GAS' });
    assert.deepEqual(decodeRevert('0xabc'), { kind: 'Raw', data: '0xabc' });
  });
});
