// EVM opcode bytes and the names trace servers give them, to check a trace's ops against compiled code when no
// address says which code ran (creations, traces without stacks). Cancun instruction set, as Hedera runs it.

const NAMED: ReadonlyArray<readonly [number, string]> = [
  [0x00, 'STOP'],
  [0x01, 'ADD'],
  [0x02, 'MUL'],
  [0x03, 'SUB'],
  [0x04, 'DIV'],
  [0x05, 'SDIV'],
  [0x06, 'MOD'],
  [0x07, 'SMOD'],
  [0x08, 'ADDMOD'],
  [0x09, 'MULMOD'],
  [0x0a, 'EXP'],
  [0x0b, 'SIGNEXTEND'],
  [0x10, 'LT'],
  [0x11, 'GT'],
  [0x12, 'SLT'],
  [0x13, 'SGT'],
  [0x14, 'EQ'],
  [0x15, 'ISZERO'],
  [0x16, 'AND'],
  [0x17, 'OR'],
  [0x18, 'XOR'],
  [0x19, 'NOT'],
  [0x1a, 'BYTE'],
  [0x1b, 'SHL'],
  [0x1c, 'SHR'],
  [0x1d, 'SAR'],
  [0x20, 'KECCAK256'],
  [0x30, 'ADDRESS'],
  [0x31, 'BALANCE'],
  [0x32, 'ORIGIN'],
  [0x33, 'CALLER'],
  [0x34, 'CALLVALUE'],
  [0x35, 'CALLDATALOAD'],
  [0x36, 'CALLDATASIZE'],
  [0x37, 'CALLDATACOPY'],
  [0x38, 'CODESIZE'],
  [0x39, 'CODECOPY'],
  [0x3a, 'GASPRICE'],
  [0x3b, 'EXTCODESIZE'],
  [0x3c, 'EXTCODECOPY'],
  [0x3d, 'RETURNDATASIZE'],
  [0x3e, 'RETURNDATACOPY'],
  [0x3f, 'EXTCODEHASH'],
  [0x40, 'BLOCKHASH'],
  [0x41, 'COINBASE'],
  [0x42, 'TIMESTAMP'],
  [0x43, 'NUMBER'],
  [0x44, 'PREVRANDAO'],
  [0x45, 'GASLIMIT'],
  [0x46, 'CHAINID'],
  [0x47, 'SELFBALANCE'],
  [0x48, 'BASEFEE'],
  [0x49, 'BLOBHASH'],
  [0x4a, 'BLOBBASEFEE'],
  [0x50, 'POP'],
  [0x51, 'MLOAD'],
  [0x52, 'MSTORE'],
  [0x53, 'MSTORE8'],
  [0x54, 'SLOAD'],
  [0x55, 'SSTORE'],
  [0x56, 'JUMP'],
  [0x57, 'JUMPI'],
  [0x58, 'PC'],
  [0x59, 'MSIZE'],
  [0x5a, 'GAS'],
  [0x5b, 'JUMPDEST'],
  [0x5c, 'TLOAD'],
  [0x5d, 'TSTORE'],
  [0x5e, 'MCOPY'],
  [0x5f, 'PUSH0'],
  [0xf0, 'CREATE'],
  [0xf1, 'CALL'],
  [0xf2, 'CALLCODE'],
  [0xf3, 'RETURN'],
  [0xf4, 'DELEGATECALL'],
  [0xf5, 'CREATE2'],
  [0xfa, 'STATICCALL'],
  [0xfd, 'REVERT'],
  [0xfe, 'INVALID'],
  [0xff, 'SELFDESTRUCT'],
];

/** Older or client-specific spellings of the same instruction. */
const ALIASES: Readonly<Record<string, string>> = { SHA3: 'KECCAK256', DIFFICULTY: 'PREVRANDAO', SUICIDE: 'SELFDESTRUCT' };

const NAMES: ReadonlyArray<string | undefined> = (() => {
  const names: Array<string | undefined> = new Array(256).fill(undefined);
  for (const [byte, name] of NAMED) names[byte] = name;
  for (let n = 1; n <= 32; n++) names[0x5f + n] = `PUSH${n}`;
  for (let n = 1; n <= 16; n++) {
    names[0x7f + n] = `DUP${n}`;
    names[0x8f + n] = `SWAP${n}`;
  }
  for (let n = 0; n <= 4; n++) names[0xa0 + n] = `LOG${n}`;
  return names;
})();

/** The canonical name of an opcode byte, or undefined for a byte no instruction uses. */
export function opcodeName(byte: number): string | undefined {
  return NAMES[byte];
}

const KNOWN_NAMES: ReadonlySet<string> = new Set(NAMES.filter((n): n is string => n !== undefined));

/** Whether a trace's op name is one `opcodeName` gives (in any spelling `canonicalOpName` knows). */
export function isOpcodeName(op: string): boolean {
  return KNOWN_NAMES.has(canonicalOpName(op));
}

/** A trace's op name in the spelling `opcodeName` uses. */
export function canonicalOpName(op: string): string {
  return ALIASES[op] ?? op;
}

/** Immediate bytes that follow an opcode byte (PUSH1..PUSH32), 0 for every other byte. */
export function immediateSize(byte: number): number {
  return byte >= 0x60 && byte <= 0x7f ? byte - 0x5f : 0;
}
