// Every DAP request's arguments are checked before the adapter acts on them, as responses from servers are: one zod
// schema per request (types, ranges and counts), each refusal one sentence naming the argument. The launch
// arguments' type is derived from their schema, and a unit test holds package.json's `configurationAttributes` to
// the same properties and types. What depends on the session (a step of this trace, a frame of this stack, the
// breakpoints already set) is checked where it is used.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { z } from 'zod';

/** The limits a client sees in the refusals (docs/debugger.md lists them for users). */
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
const LINE_MAX = 10_000_000;
const ID_MAX = Number.MAX_SAFE_INTEGER;
/** A path or URL in the launch configuration. */
const PATH_CHARS = 4096;

// Each builder's message follows the argument's name (see `refusal`); `iss.input` is the value refused.
type Issue = { input?: unknown };

function int(min: number, max: number) {
  const error = (iss: Issue) => `must be an integer from ${count(min)} to ${count(max)}, not ${shown(iss.input)}.`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

function text(max: number = REQUEST_LIMITS.textChars) {
  return z.string({ error: (iss: Issue) => `must be a string of at most ${count(max)} characters, not ${shown(iss.input)}.` }).max(max, {
    error: (iss: Issue) => `must be a string of at most ${count(max)} characters (it has ${count(String(iss.input).length)}).`,
  });
}

function list<T extends z.ZodType>(item: T, max: number, what = 'entries') {
  return z
    .array(item, { error: (iss: Issue) => `must be an array, not ${shown(iss.input)}.` })
    .max(max, { error: (iss: Issue) => `: at most ${count(max)} ${what}, not ${(iss.input as unknown[]).length}.` });
}

function seconds(max: number) {
  const error = (iss: Issue) => `must be a number of seconds above 0, at most ${count(max)}, not ${shown(iss.input)}.`;
  return z.number({ error }).positive({ error }).max(max, { error });
}

const flag = () => z.boolean({ error: (iss: Issue) => `must be true or false, not ${shown(iss.input)}.` });

/** An object whose unknown properties pass (DAP clients add their own). */
function object<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape, { error: (iss: Issue) => `must be an object, not ${shown(iss.input)}.` });
}

/** Condition, hit condition and log message of a breakpoint, with the properties of its kind. */
function breakpoint<T extends z.ZodRawShape>(shape: T) {
  return object({ condition: text().optional(), hitCondition: text().optional(), logMessage: text().optional(), ...shape });
}
const breakpoints = <T extends z.ZodRawShape>(shape: T) =>
  list(breakpoint(shape), REQUEST_LIMITS.breakpoints, 'breakpoints in one request');

/** The launch configuration: package.json's `debuggers[].configurationAttributes.launch` lists the same properties. */
export const LAUNCH_SCHEMA = object({
  /** Transaction id or hash. */
  transaction: text(PATH_CHARS).optional(),
  /** A saved opcodes response (JSON or gzip). */
  traceFile: text(PATH_CHARS).optional(),
  /** A network name; the host explains a name it does not know. */
  network: text(PATH_CHARS).optional(),
  mirrorUrl: text(PATH_CHARS).optional(),
  web3Url: text(PATH_CHARS).optional(),
  stack: flag().optional(),
  memory: flag().optional(),
  storage: flag().optional(),
  /** Folders whose compiler output maps the code to Solidity. */
  buildOutput: z
    .union([z.string().max(PATH_CHARS), z.array(z.string().max(PATH_CHARS)).max(REQUEST_LIMITS.buildOutputFolders)], {
      error: `must be a folder or a list of at most ${REQUEST_LIMITS.buildOutputFolders} folders.`,
    })
    .optional(),
  /** The verification server (Sourcify API v2) asked for code the build output does not match; stdio adapter only. */
  verifyUrl: text(PATH_CHARS).optional(),
  /** false: never ask a verification server; stdio adapter only (VS Code has ledgerMirror.sources.fetchVerified). */
  fetchVerified: flag().optional(),
  /** Seconds for all verified-source lookups of the trace together (default 20); stdio adapter only. */
  verifiedTimeout: seconds(600).optional(),
  stopOnEntry: flag().optional(),
  /** The workspace folder: the trace file and build output are read only inside it (relative paths start there). */
  cwd: text(PATH_CHARS).optional(),
  /** Server mode: the token in the adapter's token file (docs/debugger.md). */
  token: text(1024).optional(),
  /** Inside VS Code: the cache key of an open trace panel to debug (the Debug button). */
  traceKey: text(PATH_CHARS).optional(),
});

/** The launch arguments, as the schema admits them. */
export type LaunchArguments = DebugProtocol.LaunchRequestArguments & z.infer<typeof LAUNCH_SCHEMA>;

const source = object({ sourceReference: int(0, ID_MAX).optional() });
const threadMove = object({ granularity: z.enum(['statement', 'line', 'instruction']).optional() });
const frame = object({ frameId: int(0, ID_MAX) });

/** Each checked request's schema; `undefined` arguments are checked as `{}` where DAP makes them optional. */
const SCHEMAS: Record<string, { schema: z.ZodType; optional?: boolean; what?: string }> = {
  initialize: { schema: object({}) },
  launch: { schema: LAUNCH_SCHEMA, what: 'The launch configuration' },
  ...Object.fromEntries(
    ['continue', 'reverseContinue', 'next', 'stepIn', 'stepOut', 'stepBack'].map((c) => [c, { schema: threadMove, optional: true }]),
  ),
  setBreakpoints: {
    schema: object({
      source,
      lines: list(z.unknown(), REQUEST_LIMITS.breakpoints, 'breakpoints in one request').optional(),
      breakpoints: breakpoints({ line: int(0, LINE_MAX), column: int(0, LINE_MAX).optional() }).optional(),
    }),
  },
  setFunctionBreakpoints: { schema: object({ breakpoints: breakpoints({ name: text() }) }) },
  setInstructionBreakpoints: {
    schema: object({ breakpoints: breakpoints({ instructionReference: text(64), offset: int(-INT32, INT32 - 1).optional() }) }),
  },
  setDataBreakpoints: {
    schema: object({
      breakpoints: breakpoints({
        /** `account:slot:offset:size` (see the adapter's dataBreakpointInfo): well under 256 characters. */
        dataId: text(256),
        accessType: z.enum(['read', 'write', 'readWrite']).optional(),
      }),
    }),
  },
  setExceptionBreakpoints: {
    schema: object({
      filters: list(text(64), 16),
      filterOptions: list(object({ filterId: text(64), condition: text().optional() }), 16).optional(),
    }),
  },
  disassemble: {
    schema: object({
      memoryReference: text(64),
      offset: int(-INT32, INT32 - 1).optional(),
      instructionOffset: int(-INT32, INT32 - 1).optional(),
      instructionCount: int(1, REQUEST_LIMITS.instructionCount),
      resolveSymbols: flag().optional(),
    }),
  },
  readMemory: {
    schema: object({ memoryReference: text(64), offset: int(-INT32, INT32 - 1).optional(), count: int(0, REQUEST_LIMITS.readMemoryBytes) }),
  },
  evaluate: { schema: object({ expression: text(), frameId: int(0, ID_MAX).optional() }) },
  gotoTargets: { schema: object({ source, line: int(0, LINE_MAX) }) },
  stackTrace: { schema: object({ startFrame: int(0, ID_MAX).optional(), levels: int(0, ID_MAX).optional() }), optional: true },
  scopes: { schema: frame },
  restartFrame: { schema: frame },
  variables: {
    schema: object({
      variablesReference: int(0, ID_MAX),
      filter: z.enum(['indexed', 'named']).optional(),
      start: int(0, ID_MAX).optional(),
      count: int(0, ID_MAX).optional(),
    }),
  },
  source: { schema: object({ sourceReference: int(0, ID_MAX).optional(), source: source.optional() }), optional: true },
};

/** `breakpoints[3].line` from zod's path. */
function argumentName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('');
}

/** One sentence: the argument's name, then what it must be. */
function refusal(issue: z.core.$ZodIssue, what: string): string {
  const name = issue.path.length ? argumentName(issue.path) : what;
  if (issue.code === 'invalid_value') {
    const values = issue.values.map((v) => JSON.stringify(v));
    return `${name} must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)}, not ${shown(issue.input)}.`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined && issue.path.length) return `${name} is required.`;
  return issue.message.startsWith(':') ? `${name}${issue.message}` : `${name} ${issue.message}`;
}

/** Throws a RequestError naming the first argument of `command` that is not acceptable. */
export function checkArguments(command: string, raw: unknown): void {
  const checked = SCHEMAS[command];
  if (!checked) return;
  const parsed = checked.schema.safeParse(raw === undefined && checked.optional ? {} : raw, { reportInput: true });
  if (!parsed.success) throw new RequestError(refusal(parsed.error.issues[0]!, checked.what ?? 'arguments'));
}
