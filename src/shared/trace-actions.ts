// Every stepper action once: its palette title, toolbar icon, key and what it does. The host registers one command
// per entry, the webview draws one toolbar button per entry, and a unit test checks package.json against this
// table, so a title, key or tooltip cannot drift from what the action really does.
import type { NavCommand } from './trace-model';

export type TraceActionRun =
  | { nav: NavCommand }
  /** Asks for a value (step number, pc, op name) in an input box, then navigates. */
  | { prompt: 'step' | 'pc' | 'op' }
  /** Repeats the last op search. */
  | { findAgain: 'forward' | 'backward' };

export interface TraceAction {
  title: string;
  /** Codicon name. */
  icon: string;
  /** Draw the icon mirrored: the backward form of a forward icon. */
  mirrored?: boolean;
  run: TraceActionRun;
  /**
   * Keybinding in package.json syntax, scoped to the trace panel; `ctrl` becomes `cmd` on macOS. Alt+letter keys
   * avoid the menu bar's mnemonics (F, E, S, V, G, R, T, H), which would open a menu as well.
   */
  key?: string;
  /** A key the webview handles itself (the step table's own keys), shown in tooltips. */
  tableKey?: string;
  /** Toolbar group; actions without one are palette-only. */
  group?: 'step' | 'frame' | 'jump' | 'find';
}

export const TRACE_ACTIONS = {
  stepBack: { title: 'Step Back', icon: 'arrow-up', run: { nav: { kind: 'step', delta: -1 } }, tableKey: 'Up', group: 'step' },
  stepForward: { title: 'Step Forward', icon: 'arrow-down', run: { nav: { kind: 'step', delta: 1 } }, tableKey: 'Down', group: 'step' },
  stepOverBack: {
    title: 'Step Over Backward',
    icon: 'debug-step-over',
    mirrored: true,
    run: { nav: { kind: 'over', backward: true } },
    key: 'alt+f10',
    group: 'frame',
  },
  stepIntoBack: {
    title: 'Step Into Backward',
    icon: 'debug-step-into',
    mirrored: true,
    run: { nav: { kind: 'into', backward: true } },
    key: 'alt+f11',
    group: 'frame',
  },
  stepOutBack: {
    title: 'Step Out Backward',
    icon: 'debug-step-out',
    mirrored: true,
    run: { nav: { kind: 'out', backward: true } },
    key: 'alt+shift+f11',
    group: 'frame',
  },
  stepOver: { title: 'Step Over', icon: 'debug-step-over', run: { nav: { kind: 'over' } }, key: 'f10', group: 'frame' },
  stepInto: { title: 'Step Into', icon: 'debug-step-into', run: { nav: { kind: 'into' } }, key: 'f11', group: 'frame' },
  stepOut: { title: 'Step Out', icon: 'debug-step-out', run: { nav: { kind: 'out' } }, key: 'shift+f11', group: 'frame' },
  prevCall: {
    title: 'Previous Call',
    icon: 'call-outgoing',
    mirrored: true,
    run: { nav: { kind: 'class', opClass: 'call', backward: true } },
    key: 'alt+shift+c',
    group: 'jump',
  },
  nextCall: { title: 'Next Call', icon: 'call-outgoing', run: { nav: { kind: 'class', opClass: 'call' } }, key: 'alt+c', group: 'jump' },
  prevSstore: {
    title: 'Previous SSTORE',
    icon: 'database',
    mirrored: true,
    run: { nav: { kind: 'class', opClass: 'sstore', backward: true } },
    key: 'alt+shift+w',
    group: 'jump',
  },
  nextSstore: { title: 'Next SSTORE', icon: 'database', run: { nav: { kind: 'class', opClass: 'sstore' } }, key: 'alt+w', group: 'jump' },
  prevLog: {
    title: 'Previous LOG',
    icon: 'output',
    mirrored: true,
    run: { nav: { kind: 'class', opClass: 'log', backward: true } },
    key: 'alt+shift+l',
    group: 'jump',
  },
  nextLog: { title: 'Next LOG', icon: 'output', run: { nav: { kind: 'class', opClass: 'log' } }, key: 'alt+l', group: 'jump' },
  prevRevert: {
    title: 'Previous Revert',
    icon: 'error',
    mirrored: true,
    run: { nav: { kind: 'class', opClass: 'revert', backward: true } },
    key: 'alt+shift+x',
    group: 'jump',
  },
  nextRevert: { title: 'Next Revert', icon: 'error', run: { nav: { kind: 'class', opClass: 'revert' } }, key: 'alt+x', group: 'jump' },
  first: {
    title: 'Go to First Step',
    icon: 'arrow-circle-up',
    run: { nav: { kind: 'first' } },
    key: 'ctrl+home',
    tableKey: 'Home',
    group: 'find',
  },
  last: {
    title: 'Go to Last Step',
    icon: 'arrow-circle-down',
    run: { nav: { kind: 'last' } },
    key: 'ctrl+end',
    tableKey: 'End',
    group: 'find',
  },
  gotoStep: { title: 'Go to Step…', icon: 'symbol-numeric', run: { prompt: 'step' }, key: 'ctrl+g', group: 'find' },
  gotoPc: { title: 'Go to PC…', icon: 'location', run: { prompt: 'pc' }, key: 'alt+p', group: 'find' },
  findOp: { title: 'Find Opcode…', icon: 'search', run: { prompt: 'op' }, key: 'ctrl+f', group: 'find' },
  findNext: { title: 'Find Next Opcode', icon: 'arrow-small-down', run: { findAgain: 'forward' }, key: 'f3' },
  findPrevious: { title: 'Find Previous Opcode', icon: 'arrow-small-up', run: { findAgain: 'backward' }, key: 'shift+f3' },
} satisfies Record<string, TraceAction>;

export type TraceActionId = keyof typeof TRACE_ACTIONS;

export const TRACE_ACTION_IDS = Object.keys(TRACE_ACTIONS) as TraceActionId[];

export const traceAction = (id: TraceActionId): TraceAction => TRACE_ACTIONS[id];

/** The command each action is registered under. */
export const actionCommand = (id: TraceActionId) => `ledgerMirror.trace.${id}`;

export const isTraceActionId = (v: unknown): v is TraceActionId => typeof v === 'string' && Object.hasOwn(TRACE_ACTIONS, v);

/** `alt+shift+f11` → `Alt+Shift+F11`, for tooltips and the README. */
export function displayKey(key: string): string {
  return key
    .split('+')
    .map((k) => (k.length === 1 ? k.toUpperCase() : k[0].toUpperCase() + k.slice(1)))
    .join('+');
}

/** The tooltip: title and whichever keys reach the action. */
export function actionTooltip(a: TraceAction): string {
  const keys = [a.key && displayKey(a.key), a.tableKey].filter(Boolean);
  return keys.length ? `${a.title} (${keys.join(', ')})` : a.title;
}
