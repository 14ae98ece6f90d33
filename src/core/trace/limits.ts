// Every bound the trace decoder enforces, in one place. Each comes from what the EVM (or Hedera's gas limit) allows
// a real trace to contain, with room to spare, so a trace beyond one is not a trace of a real execution: it is
// refused with a typed error naming the step and the byte offset, before it can cost more than a few MB.
// docs/limits-and-safety.md ("Trace limits") lists these; keep the two in step.
import { BODY_LIMITS } from '../net/limits';

/**
 * Hedera's gas limit for one transaction (`contracts.maxGasPerSec`, 15M on every public network). The memory and
 * storage bounds below are what this much gas can pay for.
 */
export const HEDERA_MAX_TRANSACTION_GAS = 15_000_000;

/**
 * Call depth: the EVM refuses a call from the 1024th nested frame, so depth runs 0–1024 as the mirror (Besu) counts
 * (root 0) and 1–1025 as geth counts (root 1): 1025 accepts both.
 */
export const MAX_CALL_DEPTH = 1025;

/**
 * Call frames in one trace, the root included: opening one takes a call, which costs at least 100 gas (a warm
 * CALL/STATICCALL/DELEGATECALL since Berlin; more before), so 15M gas opens at most 150,000.
 */
export const MAX_FRAMES = HEDERA_MAX_TRANSACTION_GAS / 100;

/** The EVM stack holds at most 1024 items (a push beyond is a stack overflow: the frame fails). */
export const MAX_STACK_ITEMS = 1024;

/** A stack item, memory word or storage key/value is one 256-bit word: at most 64 hex digits. */
export const MAX_WORD_HEX_DIGITS = 64;

/** Gas to grow memory to `words` 32-byte words (Yellow Paper's C_mem: 3 per word plus words² / 512). */
export function memoryExpansionGas(words: number): number {
  return 3 * words + Math.floor((words * words) / 512);
}

/** The most words a transaction can pay for: memory expansion is paid from its gas, in each frame. */
function affordableMemoryWords(gas: number): number {
  // The inverse of memoryExpansionGas, then corrected for the floor.
  let words = Math.floor((-1536 + Math.sqrt(1536 * 1536 + 4 * 512 * gas)) / 2);
  while (memoryExpansionGas(words + 1) <= gas) words++;
  while (memoryExpansionGas(words) > gas) words--;
  return words;
}

/** Memory words in one step's `memory`: 86,870 words (~2.8 MB) cost all of 15M gas. */
export const MAX_MEMORY_WORDS = affordableMemoryWords(HEDERA_MAX_TRANSACTION_GAS);

/**
 * Entries in one step's `storage`: a slot is listed once the transaction touched it, and the first touch of a slot
 * costs at least 800 gas on every fork Hedera has run (SLOAD since Istanbul; 2,100 cold since Berlin), so 15M gas
 * touches at most 18,750 slots.
 */
export const MAX_STORAGE_ENTRIES = Math.floor(HEDERA_MAX_TRANSACTION_GAS / 800);

/**
 * A `reason` or the envelope's `return_value`: revert and return data are a slice of memory, so at most the memory
 * bound in hex (plus `0x`). Text reasons from system contracts are far shorter.
 */
export const MAX_DATA_HEX_CHARS = 2 + 2 * 32 * MAX_MEMORY_WORDS;

/**
 * All `reason`s of one trace together: a real one has a reason on the REVERT step of each reverted frame, mostly a
 * few hundred bytes. Reasons are strings, copied (not transferred) from the worker to the host, so they get their own
 * small budget.
 */
export const MAX_REASONS_TOTAL_BYTES = 32 * 1024 * 1024;

/** An op name: the longest EVM mnemonic has 14 letters (RETURNDATACOPY); 32 leaves room for unknown ones. */
export const MAX_OP_NAME_BYTES = 32;

/** Distinct op names in one trace: the EVM has fewer than 256 opcodes; ids are stored in 16 bits. */
export const MAX_OP_NAMES = 1 << 16;

/**
 * Bytes one step (or one top-level field) may span, whitespace included: the decoder buffers a unit until it is
 * complete. The largest real step (full memory, full storage, a full-memory reason, a full stack) is ~15 MB as
 * compact JSON, ~18 MB pretty-printed.
 */
export const MAX_UNIT_BYTES = 32 * 1024 * 1024;

/** Nesting of an unknown field's value, which is skipped unread: the mirror's JSON writer itself stops at 100. */
export const MAX_SKIPPED_NESTING = 100;

/**
 * Consecutive whitespace at the end of what has arrived (between steps, or where a step waits for its next token):
 * pretty-printers write a newline and some indentation, never megabytes; a body of nothing but spaces would
 * otherwise stream forever (and fill the disk when saved). Inside a complete step it counts toward MAX_UNIT_BYTES.
 */
export const MAX_WHITESPACE_RUN = 64 * 1024;

/**
 * `gas` and `gas_cost` are uint64 in the EVM but kept as doubles, which are exact up to 2^53 − 1 (9.007e15, far
 * above any transaction's gas): larger values are refused rather than rounded.
 */
export const MAX_GAS = Number.MAX_SAFE_INTEGER;

/** `pc`: code is at most 24 KB (EIP-170) and init code 48 KB; a non-negative 32-bit integer is ample. */
export const MAX_PC = 0x7fffffff;

/**
 * Bytes of decoded columns (steps, stacks, memory and storage snapshots, interned words) one trace may hold. A real
 * 15M-gas trace has at most ~5M steps (~250 MB with stacks); this also bounds what the worker hands back.
 */
export const MAX_DECODED_BYTES = 384 * 1024 * 1024;

/**
 * Bytes of raw body written to disk for one trace (`--out`, and Save Trace… of a file): the transport's budget for
 * a trace body (2 GB), so whatever could be read can be saved, and no more.
 */
export const MAX_SAVED_BODY_BYTES = BODY_LIMITS.trace;

/** The decoding worker's V8 heap (frames, op names, reasons and the decoder's own objects live there). */
export const WORKER_HEAP_MB = 256;
