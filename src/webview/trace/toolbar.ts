// Toolbar: one button per stepper action, grouped, with the key in the tooltip and the label for screen readers.
import { actionTooltip, TRACE_ACTION_IDS, traceAction, type TraceAction, type TraceActionId } from '../../shared/trace-actions';
import { h, icon } from './dom';

const GROUPS: Array<{ id: NonNullable<TraceAction['group']>; label: string }> = [
  { id: 'step', label: 'Step' },
  { id: 'frame', label: 'Step by frame' },
  { id: 'jump', label: 'Jump to' },
  { id: 'find', label: 'Go to and find' },
];

/** The Debug button: hands the trace to VS Code's debugger (Solidity-level stepping, breakpoints, variables). */
function debugGroup(debug: () => void): HTMLElement {
  const label = 'Debug this trace (Solidity-level stepping, breakpoints, call stack and variables)';
  const button = h(
    'button',
    { type: 'button', class: 'tb-button', title: label, 'aria-label': label, 'data-action': 'debug' },
    icon('debug-alt'),
  );
  button.addEventListener('click', debug);
  return h('div', { class: 'tb-group', role: 'group', 'aria-label': 'Debugger' }, button);
}

export function buildToolbar(run: (action: TraceActionId) => void, debug: () => void): HTMLElement {
  const groups = GROUPS.map((g) => {
    const buttons = TRACE_ACTION_IDS.filter((id) => traceAction(id).group === g.id).map((id) => {
      const a = traceAction(id);
      const button = h(
        'button',
        { type: 'button', class: 'tb-button', title: actionTooltip(a), 'aria-label': actionTooltip(a), 'data-action': id },
        icon(a.icon, a.mirrored),
      );
      button.addEventListener('click', () => run(id));
      return button;
    });
    return h('div', { class: 'tb-group', role: 'group', 'aria-label': g.label }, ...buttons);
  });
  return h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Stepper' }, ...groups, debugGroup(debug));
}
