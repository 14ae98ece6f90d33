// package.json for the gas profile: Toggle Gas per Line is a Ledger Mirror command, in the palette only while a trace
// is open (the context key the gas feature sets).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { TOGGLE_GAS_LINES_COMMAND, TRACE_OPEN_CONTEXT } from '../../../src/extension/gas/ids';

interface Contributes {
  commands: Array<{ command: string; title: string; category?: string }>;
  menus: { commandPalette: Array<{ command: string; when?: string }> };
}
const c = (JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: Contributes }).contributes;

describe('gas profile: package.json contributions', () => {
  it('contributes Toggle Gas per Line, in the palette while a trace is open', () => {
    const cmd = c.commands.find((x) => x.command === TOGGLE_GAS_LINES_COMMAND);
    assert.ok(cmd);
    assert.equal(cmd.title, 'Toggle Gas per Line');
    assert.equal(cmd.category, 'Ledger Mirror');
    assert.deepEqual(
      c.menus.commandPalette.filter((m) => m.command === TOGGLE_GAS_LINES_COMMAND).map((m) => m.when),
      [TRACE_OPEN_CONTEXT],
    );
  });
});
