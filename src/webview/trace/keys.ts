// The stepper's keys inside the webview. The step table's own keys (arrows, PageUp/PageDown, Home/End) work when
// it has focus; the contributed keybindings that are frame moves (F10/F11/Shift+F11, their Alt forms, Ctrl+Home/End)
// work anywhere in the panel outside a text field. Each one handled here stops there: VS Code forwards a webview's
// keydowns that reach its window to the workbench, which would otherwise run the same command through the host
// as well. Keys the webview does not handle (Alt+C, Ctrl+G, …) still go to the workbench's keybindings.
import { isFrameMove } from '../../shared/frame-moves';
import { TRACE_ACTION_IDS, traceAction, type TraceActionId } from '../../shared/trace-actions';
import { keyHandled, keyPressed } from './timing';

export interface KeyTarget {
  /** Runs an action; `count` repeats a step (a page). */
  run(action: TraceActionId, count?: number): void;
  /** Whether the step table has focus (its own keys apply). */
  tableFocused(): boolean;
  /** Rows a page moves. */
  pageRows(): number;
}

interface KeyMove {
  /** The kind reported with the timing marks. */
  kind: string;
  action: TraceActionId;
  page?: boolean;
}

const isMac = /Mac|iPhone|iPad/.test(navigator.platform);

/** Modifiers and key of a package.json key (`alt+shift+f11`) as `KeyboardEvent` would report them. */
function chordOf(key: string): string {
  const parts = key.toLowerCase().split('+');
  const main = parts.pop() ?? '';
  const has = (m: string) => parts.includes(m);
  return chord(has('ctrl'), has('alt'), has('shift'), main);
}

const chord = (ctrl: boolean, alt: boolean, shift: boolean, key: string) =>
  `${ctrl ? 'c' : ''}${alt ? 'a' : ''}${shift ? 's' : ''}:${key.toLowerCase()}`;

/** The contributed keys the webview answers itself: the frame moves. */
const PANEL_KEYS = new Map<string, KeyMove>(
  TRACE_ACTION_IDS.flatMap((id): Array<[string, KeyMove]> => {
    const a = traceAction(id);
    return a.key && 'nav' in a.run && isFrameMove(a.run.nav) ? [[chordOf(a.key), { kind: id, action: id }]] : [];
  }),
);

/** The step table's own keys. */
const TABLE_KEYS = new Map<string, KeyMove>([
  [chord(false, false, false, 'ArrowDown'), { kind: 'stepForward', action: 'stepForward' }],
  [chord(false, false, false, 'ArrowUp'), { kind: 'stepBack', action: 'stepBack' }],
  [chord(false, false, false, 'PageDown'), { kind: 'pageDown', action: 'stepForward', page: true }],
  [chord(false, false, false, 'PageUp'), { kind: 'pageUp', action: 'stepBack', page: true }],
  [chord(false, false, false, 'Home'), { kind: 'first', action: 'first' }],
  [chord(false, false, false, 'End'), { kind: 'last', action: 'last' }],
]);

function isTextField(el: Element | null): boolean {
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || (el instanceof HTMLElement && el.isContentEditable);
}

export function listenForKeys(target: KeyTarget): void {
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || isTextField(document.activeElement)) return;
    const ctrl = isMac ? e.metaKey : e.ctrlKey;
    if (isMac ? e.ctrlKey : e.metaKey) return;
    const pressed = chord(ctrl, e.altKey, e.shiftKey, e.key);
    const move = PANEL_KEYS.get(pressed) ?? (target.tableFocused() ? TABLE_KEYS.get(pressed) : undefined);
    if (!move) return;
    e.preventDefault();
    e.stopPropagation();
    keyPressed(move.kind, e);
    try {
      target.run(move.action, move.page ? target.pageRows() : undefined);
    } finally {
      keyHandled();
    }
  });
}
