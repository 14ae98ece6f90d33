// package.json is the debugger's UI spec: the debug type with every launch argument documented, the command with a
// category and a scoped palette entry, breakpoints in Solidity, and the activation that F5 needs.
import { strict as assert } from 'node:assert';
import { VERIFIED_RUN_LIMITS } from '../../../../src/core/verified/verified-run';
import { readFileSync } from 'node:fs';

interface Debugger {
  type: string;
  languages: string[];
  configurationAttributes: { launch: { properties: Record<string, { description?: string; default?: unknown }> } };
  configurationSnippets: Array<{ label: string; body: Record<string, unknown> }>;
  initialConfigurations: Array<Record<string, unknown>>;
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  activationEvents: string[];
  scripts: Record<string, string>;
  contributes: {
    debuggers: Debugger[];
    breakpoints: Array<{ language: string }>;
    commands: Array<{ command: string; title: string; category?: string }>;
    menus: { commandPalette: Array<{ command: string; when?: string }> };
  };
};

describe('debugger: package.json contributions', () => {
  const dbg = pkg.contributes.debuggers.find((d) => d.type === 'ledger-mirror');

  it('documents every launch argument with the defaults the adapter uses', () => {
    assert.ok(dbg);
    const props = dbg.configurationAttributes.launch.properties;
    assert.deepEqual(Object.keys(props).sort(), [
      'buildOutput',
      'cwd',
      'fetchVerified',
      'memory',
      'mirrorUrl',
      'network',
      'stack',
      'stopOnEntry',
      'storage',
      'token',
      'traceFile',
      'transaction',
      'verifiedTimeout',
      'verifyUrl',
      'web3Url',
    ]);
    for (const [name, p] of Object.entries(props)) assert.ok(p.description && p.description.length > 20, `${name} is described`);
    assert.deepEqual(
      [
        props.stack.default,
        props.memory.default,
        props.storage.default,
        props.stopOnEntry.default,
        props.fetchVerified.default,
        props.verifiedTimeout.default,
      ],
      [true, false, false, true, true, VERIFIED_RUN_LIMITS.timeoutMs / 1000],
    );
  });

  it('offers snippets that name a trace, and an initial configuration whose empty transaction F5 completes', () => {
    assert.ok(dbg);
    for (const s of dbg.configurationSnippets) assert.ok('transaction' in s.body || 'traceFile' in s.body, s.label);
    // The attribute is there to fill in (#28 §2); left empty, F5 debugs the open trace panel or asks.
    assert.deepEqual(
      dbg.initialConfigurations.map((c) => [c.type, c.request, (c as { transaction?: unknown }).transaction]),
      [['ledger-mirror', 'launch', '']],
    );
  });

  it('allows breakpoints in Solidity and activates for F5', () => {
    assert.ok(pkg.contributes.breakpoints.some((b) => b.language === 'solidity'));
    assert.ok(dbg?.languages.includes('solidity'));
    assert.ok(pkg.activationEvents.includes('onDebugResolve:ledger-mirror'));
  });

  it('has a Debug Transaction… command with a category, scoped in the palette', () => {
    const cmd = pkg.contributes.commands.find((c) => c.command === 'ledgerMirror.debugTransaction');
    assert.equal(cmd?.title, 'Debug Transaction…');
    assert.equal(cmd?.category, 'Ledger Mirror');
    const entry = pkg.contributes.menus.commandPalette.find((m) => m.command === 'ledgerMirror.debugTransaction');
    assert.ok(entry?.when, 'palette entry is when-scoped');
  });

  it('benchmarks the debugger with npm run bench', () => {
    assert.match(pkg.scripts['bench:debug'], /bench\/debug\.ts/);
    assert.match(pkg.scripts.bench, /bench\/debug\.ts/);
  });
});
