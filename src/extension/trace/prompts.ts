// What the Go to Step / Go to PC / Find Opcode boxes accept, checked as the user types. Pure, for the unit suite.
import type { NavCommand } from '../../shared/trace-model';

export type PromptKind = 'step' | 'pc' | 'op';

/** The navigation a typed value asks for, or the message explaining what to type instead. */
export function parsePrompt(kind: PromptKind, text: string, length: number): NavCommand | string {
  const s = text.trim();
  if (kind === 'op') {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(s)) return 'Type an opcode name such as SSTORE, CALL or PUSH1';
    return { kind: 'op', name: s.toUpperCase() };
  }
  const n = /^0x[0-9a-f]+$/i.test(s) ? parseInt(s, 16) : /^\d+$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n)) return kind === 'step' ? 'Type a step number' : 'Type a pc, decimal or 0x-hex';
  if (kind === 'step') return n < length ? { kind: 'goto', step: n } : `The trace has steps 0 to ${length - 1}`;
  return { kind: 'pc', pc: n };
}
