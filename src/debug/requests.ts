// Every DAP request's arguments are checked before the adapter acts on them, as responses from servers are: types,
// ranges and counts, each refused with one sentence naming the argument. What depends on the session (a step of this
// trace, a frame of this stack, the breakpoints already set) is checked where it is used.

/** The limits a client sees in the refusals (README: Debugging a transaction, Limits). */
export const REQUEST_LIMITS = {
  /** The largest contract (24 KB) has at most 24,576 instructions. */
  instructionCount: 25_000,
  /** Memory at one step is at most ~2.8 MB (15M gas; see core/trace/limits.ts). */
  readMemoryBytes: 16 * 1024 * 1024,
  /** Breakpoints in one request, and in all (lines of every source, functions and instructions). */
  breakpoints: 1_000,
  /** A condition, hit condition, log message, function name or expression. */
  textChars: 1_000,
  /** Folders in `buildOutput`. */
  buildOutputFolders: 64,
} as const;

export class RequestError extends Error {}

const count = (n: number) => n.toLocaleString('en-US');
const shown = (v: unknown) =>
  typeof v === 'string'
    ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
    : typeof v === 'object' && v !== null
      ? Array.isArray(v)
        ? 'an array'
        : 'an object'
      : String(v);
const INT32 = 2 ** 31;

type Args = Record<string, unknown>;

function object(value: unknown, what: string): Args {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RequestError(`${what} must be an object, not ${shown(value)}.`);
  return value as Args;
}

function int(args: Args, key: string, min: number, max: number, optional = true, path = key): void {
  const v = args[key];
  if (v === undefined && optional) return;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new RequestError(`${path} must be an integer from ${count(min)} to ${count(max)}, not ${shown(v)}.`);
}

function text(args: Args, key: string, max: number = REQUEST_LIMITS.textChars, optional = true, path = key): void {
  const v = args[key];
  if (v === undefined && optional) return;
  if (typeof v !== 'string' || v.length > max)
    throw new RequestError(
      `${path} must be a string of at most ${count(max)} characters${typeof v === 'string' ? ` (it has ${count(v.length)})` : `, not ${shown(v)}`}.`,
    );
}

function list(args: Args, key: string, max: number, optional = true): unknown[] {
  const v = args[key];
  if (v === undefined && optional) return [];
  if (!Array.isArray(v)) throw new RequestError(`${key} must be an array, not ${shown(v)}.`);
  if (v.length > max)
    throw new RequestError(
      `${key}: at most ${count(max)} ${key === 'breakpoints' ? 'breakpoints in one request' : 'entries'}, not ${v.length}.`,
    );
  return v;
}

function flag(args: Args, key: string): void {
  if (args[key] !== undefined && typeof args[key] !== 'boolean')
    throw new RequestError(`${key} must be true or false, not ${shown(args[key])}.`);
}

/** Line, column, condition, hit condition and log message of each breakpoint in `breakpoints`. */
function conditions(items: unknown[], extra: (bp: Args, path: string) => void): void {
  items.forEach((item, i) => {
    const path = `breakpoints[${i}]`;
    const bp = object(item, path);
    for (const key of ['condition', 'hitCondition', 'logMessage']) text(bp, key, REQUEST_LIMITS.textChars, true, `${path}.${key}`);
    extra(bp, path);
  });
}

const LINE_MAX = 10_000_000;
const STRING_ARGS = ['transaction', 'traceFile', 'network', 'mirrorUrl', 'web3Url', 'traceKey'];
const THREAD_MOVES = new Set(['continue', 'reverseContinue', 'next', 'stepIn', 'stepOut', 'stepBack']);

/** Throws a RequestError naming the first argument of `command` that is not acceptable. */
export function checkArguments(command: string, raw: unknown): void {
  if (THREAD_MOVES.has(command)) {
    const args = object(raw ?? {}, 'arguments');
    if (args.granularity !== undefined && !['statement', 'line', 'instruction'].includes(args.granularity as string))
      throw new RequestError(`granularity must be "statement", "line" or "instruction", not ${shown(args.granularity)}.`);
    return;
  }
  switch (command) {
    case 'initialize':
      return void object(raw, 'arguments');
    case 'launch': {
      const args = object(raw, 'The launch configuration');
      for (const key of STRING_ARGS) text(args, key, 4096);
      for (const key of ['stack', 'memory', 'storage', 'stopOnEntry']) flag(args, key);
      const folders = args.buildOutput;
      if (
        folders !== undefined &&
        typeof folders !== 'string' &&
        !(
          Array.isArray(folders) &&
          folders.length <= REQUEST_LIMITS.buildOutputFolders &&
          folders.every((f) => typeof f === 'string' && f.length <= 4096)
        )
      )
        throw new RequestError(`buildOutput must be a folder or a list of at most ${REQUEST_LIMITS.buildOutputFolders} folders.`);
      return;
    }
    case 'setBreakpoints': {
      const args = object(raw, 'arguments');
      object(args.source, 'source');
      list(args, 'lines', REQUEST_LIMITS.breakpoints);
      conditions(list(args, 'breakpoints', REQUEST_LIMITS.breakpoints), (bp, path) => {
        int(bp, 'line', 0, LINE_MAX, false, `${path}.line`);
        int(bp, 'column', 0, LINE_MAX, true, `${path}.column`);
      });
      return;
    }
    case 'setFunctionBreakpoints':
      return conditions(list(object(raw, 'arguments'), 'breakpoints', REQUEST_LIMITS.breakpoints, false), (bp, path) =>
        text(bp, 'name', REQUEST_LIMITS.textChars, false, `${path}.name`),
      );
    case 'setInstructionBreakpoints':
      return conditions(list(object(raw, 'arguments'), 'breakpoints', REQUEST_LIMITS.breakpoints, false), (bp, path) => {
        text(bp, 'instructionReference', 64, false, `${path}.instructionReference`);
        int(bp, 'offset', -INT32, INT32 - 1, true, `${path}.offset`);
      });
    case 'setExceptionBreakpoints': {
      const args = object(raw, 'arguments');
      list(args, 'filters', 16, false).forEach((f, i) => text({ f }, 'f', 64, false, `filters[${i}]`));
      list(args, 'filterOptions', 16).forEach((o, i) => {
        const option = object(o, `filterOptions[${i}]`);
        text(option, 'filterId', 64, false, `filterOptions[${i}].filterId`);
        text(option, 'condition', REQUEST_LIMITS.textChars, true, `filterOptions[${i}].condition`);
      });
      return;
    }
    case 'disassemble': {
      const args = object(raw, 'arguments');
      text(args, 'memoryReference', 64, false);
      int(args, 'offset', -INT32, INT32 - 1);
      int(args, 'instructionOffset', -INT32, INT32 - 1);
      int(args, 'instructionCount', 1, REQUEST_LIMITS.instructionCount, false);
      flag(args, 'resolveSymbols');
      return;
    }
    case 'readMemory': {
      const args = object(raw, 'arguments');
      text(args, 'memoryReference', 64, false);
      int(args, 'offset', -INT32, INT32 - 1);
      int(args, 'count', 0, REQUEST_LIMITS.readMemoryBytes, false);
      return;
    }
    case 'evaluate': {
      const args = object(raw, 'arguments');
      text(args, 'expression', REQUEST_LIMITS.textChars, false);
      int(args, 'frameId', 0, Number.MAX_SAFE_INTEGER);
      return;
    }
    case 'gotoTargets': {
      const args = object(raw, 'arguments');
      object(args.source, 'source');
      int(args, 'line', 0, LINE_MAX, false);
      return;
    }
    case 'stackTrace': {
      const args = object(raw ?? {}, 'arguments');
      int(args, 'startFrame', 0, Number.MAX_SAFE_INTEGER);
      int(args, 'levels', 0, Number.MAX_SAFE_INTEGER);
      return;
    }
    case 'scopes':
      return int(object(raw, 'arguments'), 'frameId', 0, Number.MAX_SAFE_INTEGER, false);
    case 'variables': {
      const args = object(raw, 'arguments');
      int(args, 'variablesReference', 0, Number.MAX_SAFE_INTEGER, false);
      if (args.filter !== undefined && args.filter !== 'indexed' && args.filter !== 'named')
        throw new RequestError(`filter must be "indexed" or "named", not ${shown(args.filter)}.`);
      int(args, 'start', 0, Number.MAX_SAFE_INTEGER);
      int(args, 'count', 0, Number.MAX_SAFE_INTEGER);
      return;
    }
    case 'restartFrame':
      return int(object(raw, 'arguments'), 'frameId', 0, Number.MAX_SAFE_INTEGER, false);
    case 'source': {
      const args = object(raw ?? {}, 'arguments');
      int(args, 'sourceReference', 0, Number.MAX_SAFE_INTEGER);
      if (args.source !== undefined)
        int(object(args.source, 'source'), 'sourceReference', 0, Number.MAX_SAFE_INTEGER, true, 'source.sourceReference');
      return;
    }
  }
}
