// package.json against the stepper's action table: every action is a palette command (category Ledger Mirror,
// shown only while a trace panel is active) and its key is bound only inside the trace panel.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { actionCommand, displayKey, actionTooltip, TRACE_ACTION_IDS, traceAction } from '../../../src/shared/trace-actions';
import { TRACE_VIEW_TYPE } from '../../../src/shared/trace-protocol';

interface Contributes {
  commands: Array<{ command: string; title: string; category?: string; icon?: string }>;
  keybindings: Array<{ command: string; key: string; mac?: string; when?: string }>;
  menus: { commandPalette: Array<{ command: string; when?: string }> };
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: Contributes; activationEvents: string[] };
const c = pkg.contributes;
const IN_PANEL = `activeWebviewPanelId == '${TRACE_VIEW_TYPE}'`;

describe('stepper: package.json contributions', () => {
  it('registers every action as a palette command titled as in the toolbar', () => {
    for (const id of TRACE_ACTION_IDS) {
      const cmd = c.commands.find((x) => x.command === actionCommand(id));
      assert.ok(cmd, `${actionCommand(id)} is not contributed`);
      assert.equal(cmd.title, traceAction(id).title);
      assert.equal(cmd.category, 'Ledger Mirror');
      assert.equal(cmd.icon, `$(${traceAction(id).icon})`);
      assert.deepEqual(
        c.menus.commandPalette.filter((m) => m.command === cmd.command).map((m) => m.when),
        ['ledgerMirror.traceActive'],
      );
    }
  });

  it('binds exactly the keys the tooltips show, only inside the trace panel', () => {
    const bound = c.keybindings.filter((k) => k.command.startsWith('ledgerMirror.trace.'));
    assert.deepEqual(
      bound.map((k) => [k.command, k.key]).sort(),
      TRACE_ACTION_IDS.flatMap((id) => (traceAction(id).key ? [[actionCommand(id), traceAction(id).key]] : [])).sort(),
    );
    for (const k of bound) {
      assert.equal(k.when, IN_PANEL);
      assert.equal(k.mac, k.key.includes('ctrl') ? k.key.replace('ctrl', 'cmd') : undefined);
    }
    assert.equal(new Set(bound.map((k) => k.key)).size, bound.length, 'a key is bound twice');
    assert.deepEqual(
      ['f10', 'f11', 'shift+f11'].map((k) => bound.find((b) => b.key === k)?.command),
      ['stepOver', 'stepInto', 'stepOut'].map((id) => `ledgerMirror.trace.${id}`),
    );
  });

  it('shows keys in tooltips the way VS Code writes them', () => {
    assert.equal(displayKey('alt+shift+f11'), 'Alt+Shift+F11');
    assert.equal(actionTooltip(traceAction('stepOut')), 'Step Out (Shift+F11)');
    assert.equal(actionTooltip(traceAction('first')), 'Go to First Step (Ctrl+Home, Home)');
  });

  it('contributes the open commands, the serializer activation and the cache setting', () => {
    for (const id of ['ledgerMirror.openTrace', 'ledgerMirror.openTraceFile', 'ledgerMirror.saveTrace'])
      assert.ok(
        c.commands.some((x) => x.command === id && x.category === 'Ledger Mirror'),
        id,
      );
    assert.equal(c.commands.find((x) => x.command === 'ledgerMirror.openTrace')?.title, 'Open Opcode Trace…');
    assert.ok(pkg.activationEvents.includes(`onWebviewPanel:${TRACE_VIEW_TYPE}`));
    const props = (pkg.contributes as unknown as { configuration: { properties: Record<string, { default: unknown }> } }).configuration
      .properties;
    assert.equal(props['ledgerMirror.trace.cacheSizeMB'].default, 512);
  });
});
