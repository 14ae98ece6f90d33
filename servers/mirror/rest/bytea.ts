// How the mirror's spec-test harness turns setup values into `bytea` columns. The fixtures depend on these quirks:
// a token key written as the string "4a5a…x" is stored as its ASCII bytes, `[1, 2, 3]` as the Postgres array
// literal `{"1","2","3"}`, and "2\000" as the bytes 0x32 0x00 (the empty-KeyList sentinel).

/** node-postgres prepareValue + Postgres bytea text input: the path token key columns take. */
export function byteaFromPgParameter(value: unknown): Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return value;
  return byteaFromText(pgText(value));
}

/** The harness's valueToBuffer (token metadata): hex with optional 0x, otherwise base64; arrays are bytes. */
export function byteaFromValue(value: unknown): Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    return /^(0x)?[0-9A-Fa-f]+$/.test(value) ? Buffer.from(value.replace(/^0x/, '').padStart(2, '0'), 'hex') : Buffer.from(value, 'base64');
  }
  if (Array.isArray(value)) return Buffer.from(value.map(Number));
  throw new Error(`Unsupported binary value in setup data: ${String(value)}`);
}

/** addEntity's key handling: a string is hex (Node's lenient decoder), an array is bytes. */
export function byteaFromEntityKey(value: unknown): Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return Buffer.from(value, 'hex');
  if (Array.isArray(value)) return Buffer.from(value.map(Number));
  throw new Error(`Unsupported entity key in setup data: ${String(value)}`);
}

function pgText(value: unknown): string {
  if (Array.isArray(value)) return pgArrayLiteral(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function pgArrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return pgArrayLiteral(item);
    return `"${pgText(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** Postgres bytea input: `\x` hex format, otherwise escape format (`\\` and `\ooo` octal escapes). */
export function byteaFromText(text: string): Uint8Array {
  if (text.startsWith('\\x')) {
    const hex = text.slice(2);
    if (!/^([0-9A-Fa-f]{2})*$/.test(hex)) throw new Error(`invalid input syntax for type bytea: ${text}`);
    return Buffer.from(hex, 'hex');
  }
  const bytes: number[] = [];
  for (let i = 0; i < text.length;) {
    if (text[i] !== '\\') {
      const codePoint = text.codePointAt(i) ?? 0;
      const char = String.fromCodePoint(codePoint);
      bytes.push(...Buffer.from(char, 'utf8'));
      i += char.length;
    } else if (text[i + 1] === '\\') {
      bytes.push(0x5c);
      i += 2;
    } else if (/^[0-3][0-7]{2}$/.test(text.slice(i + 1, i + 4))) {
      bytes.push(parseInt(text.slice(i + 1, i + 4), 8));
      i += 4;
    } else {
      throw new Error(`invalid input syntax for type bytea: ${text}`);
    }
  }
  return Uint8Array.from(bytes);
}
