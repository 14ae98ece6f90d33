// What the decoder and the analysis need to know of each EVM op by name: the frames it opens or ends, its size in
// code, whether it moves pc, and the op classes navigation steps by.
import type { CallType, OpClass } from '../../shared/trace-model';

// What the analysis needs to know about op names. Names are matched as the server spells them (Besu and
// @ethereumjs use the same mnemonics); anything unknown is just an ordinary op.

const CALL_TYPES: ReadonlyMap<string, CallType> = new Map([
  ['CALL', 'CALL'],
  ['CALLCODE', 'CALLCODE'],
  ['DELEGATECALL', 'DELEGATECALL'],
  ['STATICCALL', 'STATICCALL'],
  ['CREATE', 'CREATE'],
  ['CREATE2', 'CREATE2'],
]);

/** The frame kind an op opens, or undefined when it opens none. */
export function callTypeOf(op: string): CallType | undefined {
  return CALL_TYPES.get(op);
}

/** Ops that end a frame normally; a frame whose last op is anything else halted exceptionally. */
const NORMAL_HALTS = new Set(['STOP', 'RETURN', 'SELFDESTRUCT', 'SUICIDE']);

export function isNormalHalt(op: string): boolean {
  return NORMAL_HALTS.has(op);
}

/** Ops whose pc after execution is not simply the next instruction, which pc-convention detection must ignore. */
const CONTROL_FLOW = new Set(['JUMP', 'JUMPI', 'STOP', 'RETURN', 'REVERT', 'INVALID', 'SELFDESTRUCT', 'SUICIDE', ...CALL_TYPES.keys()]);

export function isControlFlow(op: string): boolean {
  return CONTROL_FLOW.has(op);
}

/** Immediate bytes of PUSHn (0 for PUSH0 and every other op). */
export function pushSize(op: string): number {
  if (op.length < 5 || !op.startsWith('PUSH')) return 0;
  const n = Number(op.slice(4));
  return Number.isInteger(n) && n >= 0 && n <= 32 ? n : 0;
}

/** Bytes an instruction occupies in code. */
export function instructionSize(op: string): number {
  return 1 + pushSize(op);
}

const CLASS_OPS: Record<OpClass, (op: string) => boolean> = {
  call: (op) => op === 'CALL' || op === 'CALLCODE' || op === 'DELEGATECALL' || op === 'STATICCALL',
  create: (op) => op === 'CREATE' || op === 'CREATE2',
  storage: (op) => op === 'SSTORE' || op === 'SLOAD',
  sstore: (op) => op === 'SSTORE',
  log: (op) => /^LOG[0-4]$/.test(op),
  // The exit steps of frames that halted exceptionally are added by the analysis.
  revert: (op) => op === 'REVERT' || op === 'INVALID',
};

export const OP_CLASSES = Object.keys(CLASS_OPS) as OpClass[];

export function isInClass(op: string, opClass: OpClass): boolean {
  return CLASS_OPS[opClass](op);
}
