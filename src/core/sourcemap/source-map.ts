// Solidity's compressed bytecode source maps (docs.soliditylang.org, "Source Mappings"): one `s:l:f:j:m` entry per
// instruction, `;`-separated; an empty or missing field repeats the previous entry's value. Decoded once into typed
// arrays so a step's lookup never re-splits the string.

export interface SourceMapEntries {
  readonly count: number;
  /** Start byte offset in the source file. */
  readonly start: Int32Array;
  /** Length in bytes. */
  readonly length: Int32Array;
  /** Source index; -1 for code not tied to any source (compiler routines). */
  readonly file: Int32Array;
}

/** Decodes a compressed source map; throws an Error naming the entry when a field is not what solc writes. */
export function decodeSourceMap(text: string): SourceMapEntries {
  const items = text.length === 0 ? [] : text.split(';');
  const count = items.length;
  const start = new Int32Array(count);
  const length = new Int32Array(count);
  const file = new Int32Array(count);
  let s = 0;
  let l = 0;
  let f = -1;
  for (let i = 0; i < count; i++) {
    const fields = items[i].split(':');
    if (fields[0]) s = integer(fields[0], i, 'start');
    if (fields[1]) l = integer(fields[1], i, 'length');
    if (fields[2]) f = integer(fields[2], i, 'source index');
    // Jump kind (j) and modifier depth (m) are not needed to place a step.
    start[i] = s;
    length[i] = l;
    file[i] = f;
  }
  return { count, start, length, file };
}

function integer(field: string, entry: number, what: string): number {
  if (!/^-?\d+$/.test(field)) throw new Error(`Source map entry ${entry}: ${what} "${field}" is not an integer`);
  return Number(field);
}
