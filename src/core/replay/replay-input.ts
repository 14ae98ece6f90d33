// What a replay runs on, as one validated shape: the transaction's call and block context, the state before it of
// every account it may reach, each contract's debug code, and the recorded answers of Hedera's system contracts.
// Everything here comes from the mirror, the trace or the workspace, so it is untrusted: every string is bounded
// before it is matched, and the counts are bounded by what one transaction can touch (trace/limits.ts).
import { z } from 'zod';
import { MAX_FRAMES, MAX_STORAGE_ENTRIES } from '../trace/limits';

/** EIP-170: deployed code is at most 24,576 bytes, on Hedera as on Ethereum. */
export const MAX_CODE_BYTES = 24_576;
/** Init code (EIP-3860's bound) and call data: a transaction's own input is bounded by Hedera's 128 KiB. */
export const MAX_DATA_BYTES = 128 * 1024;

const address = z
  .string()
  .max(42)
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected an EVM address (0x + 40 hex digits)')
  .transform((a) => a.toLowerCase());
const hexOf = (bytes: number, what: string) =>
  z
    .string()
    .max(2 + 2 * bytes, `${what} is longer than ${bytes} bytes`)
    .regex(/^0x([0-9a-fA-F]{2})*$/, `${what} must be 0x-prefixed hex, whole bytes`)
    .transform((h) => h.toLowerCase());
/** A 256-bit word: at most 64 hex digits, normalised to 64. */
const word = z
  .string()
  .max(66, 'a storage word is at most 32 bytes')
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'a storage word must be 0x-prefixed hex')
  .transform((h) => `0x${h.slice(2).toLowerCase().padStart(64, '0')}`);
const uint = z
  .string()
  .max(78)
  .regex(/^\d+$/, 'expected a non-negative decimal integer')
  .transform((s) => BigInt(s));

export const preStateAccountSchema = z.object({
  address,
  /** Runtime code as it ran (`0x` for an account without code). */
  code: hexOf(MAX_CODE_BYTES, 'code'),
  /** Weibars; absent when unknown: a replay that reads it (BALANCE, SELFBALANCE) is refused. */
  balance: uint.optional(),
  /** Slots whose value before the transaction is known; a replay that reads another one is refused. */
  storage: z.record(word, word).refine((s) => Object.keys(s).length <= MAX_STORAGE_ENTRIES, 'too many storage slots'),
});

/** A recorded answer of a Hedera system contract (0x167–0x16c), from `/actions`, in call order. */
export const systemAnswerSchema = z.object({
  to: address,
  input: hexOf(MAX_DATA_BYTES, 'system call input'),
  output: hexOf(MAX_DATA_BYTES, 'system call output'),
  reverted: z.boolean(),
});

export const replayInputSchema = z.object({
  from: address,
  to: address,
  input: hexOf(MAX_DATA_BYTES, 'input'),
  /** Weibars (the mirror's tinybars × 10^10). */
  value: uint,
  gasLimit: uint,
  blockNumber: uint,
  /** Seconds since the epoch. */
  timestamp: uint,
  accounts: z.array(preStateAccountSchema).max(MAX_FRAMES),
  /** Address → the debug build's runtime code to run instead of the code that ran. */
  debugCode: z.record(address, hexOf(MAX_CODE_BYTES, 'debug code')).refine((c) => Object.keys(c).length <= MAX_FRAMES),
  systemAnswers: z.array(systemAnswerSchema).max(MAX_FRAMES),
});

export type ReplayInput = z.input<typeof replayInputSchema>;
export type CheckedReplayInput = z.output<typeof replayInputSchema>;
export type PreStateAccount = z.input<typeof preStateAccountSchema>;

/** Validates `raw`, naming the first bad field. */
export function checkReplayInput(raw: unknown): CheckedReplayInput {
  const result = replayInputSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? issue.path.map(String).join('.') : '(input)';
  throw new ReplayRefused('bad-input', `The replay's input is invalid: ${field}: ${issue.message}`);
}

/** Step budget: 15M gas of real code runs about 5M steps at most (the cheapest ops cost 2–3 gas). */
export const DEFAULT_REPLAY_BUDGETS = { maxSteps: 5_000_000 };

/** Why a replay was refused: its input, a budget, or a behaviour the replay cannot prove. */
export type RefusalKind = 'bad-input' | 'budget' | 'unknown-state' | 'gas' | 'system-call' | 'divergent' | 'cancelled';

export class ReplayRefused extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'ReplayRefused';
  }
}
