// One wording for decoded revert and return data, used by the panel header, the Revert/Return panel and the host's
// messages, so a reason reads the same everywhere.
import type { DecodedRevert } from './trace-model';

/** `Error("…")`, `Panic(0x11): arithmetic overflow`, `custom error 0x…`, or the raw data. */
export function describeRevert(r: DecodedRevert): string {
  switch (r.kind) {
    case 'Error':
      return `Error(${JSON.stringify(r.message)})`;
    case 'Panic':
      return `Panic(0x${r.code.toString(16)}): ${r.message}`;
    case 'CustomError':
      return `custom error ${r.selector}${r.data.length > 10 ? ` with ${(r.data.length - 10) / 2} bytes of arguments` : ''}`;
    case 'Raw':
      return r.data === '0x' || r.data === '' ? '(no data)' : r.data;
  }
}
