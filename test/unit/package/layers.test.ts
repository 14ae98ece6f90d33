// The layer rules of .dependency-cruiser.cjs (run by `npm run lint`) fire: each forbidden edge and a cycle, written
// into a throw-away tree shaped like src/, is reported under its rule's name, and allowed edges are not.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const config = createRequire(__filename)('../../../.dependency-cruiser.cjs') as { forbidden: Array<{ name: string }> };

/** File → its imports, relative to the tree's root. */
const TREE: Record<string, string[]> = {
  'src/shared/vocabulary.ts': ['../core/low'],
  'src/webview/view.ts': ['../shared/vocabulary', '../core/low'],
  'src/core/low.ts': [],
  'src/core/up.ts': ['../extension/host', '../debug/adapter', '../cli/main', '../webview/view', '../shared/vocabulary'],
  'src/debug/adapter.ts': ['../core/low', '../extension/host', '../cli/main', '../webview/view', 'vscode'],
  'src/cli/main.ts': ['../core/low', '../extension/host', '../webview/view', 'vscode'],
  'src/extension/host.ts': ['../core/low', '../debug/adapter', '../cli/main', 'vscode'],
  'src/core/ring-a.ts': ['./ring-b'],
  'src/core/ring-b.ts': ['./ring-a'],
  'src/core/tooling.ts': ['../../servers/mirror/server', '../../test/helper', '../../bench/run', '../../scripts/start'],
  'servers/mirror/server.ts': [
    '../../src/core/low',
    '../../src/shared/vocabulary',
    '../../src/debug/adapter',
    '../../src/extension/host',
    '../../test/helper',
  ],
  'test/helper.ts': [],
  'bench/run.ts': [],
  'scripts/start.ts': [],
};

describe('import layers (dependency-cruiser rules)', function () {
  this.timeout(60_000);
  let root: string;
  let violations: Array<{ rule: string; from: string; to: string }>;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'lm-layers-'));
    for (const [file, imports] of Object.entries(TREE)) {
      mkdirSync(join(root, dirname(file)), { recursive: true });
      writeFileSync(
        join(root, file),
        imports.map((spec, i) => `import * as m${i} from '${spec}';\nvoid m${i};\n`).join('') + 'export const x = 1;\n',
      );
    }
    const { cruise } = (await import('dependency-cruiser')) as typeof import('dependency-cruiser');
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const result = await cruise(['src', 'servers', 'test', 'bench', 'scripts'], {
        validate: true,
        ruleSet: { forbidden: config.forbidden } as never,
        tsPreCompilationDeps: true,
      });
      const output = result.output as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
      violations = output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
    } finally {
      process.chdir(cwd);
    }
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const has = (rule: string, from: string, to: string) => violations.some((v) => v.rule === rule && v.from === from && v.to === to);

  it('every rule of the config fires on the tree', () => {
    const fired = new Set(violations.map((v) => v.rule));
    assert.deepEqual(
      config.forbidden.map((r) => r.name).filter((name) => !fired.has(name)),
      [],
    );
  });

  it('names the edges each layer rule forbids', () => {
    assert.ok(has('shared-imports-nothing', 'src/shared/vocabulary.ts', 'src/core/low.ts'));
    assert.ok(has('webview-imports-only-shared', 'src/webview/view.ts', 'src/core/low.ts'));
    for (const layer of ['extension', 'debug', 'cli', 'webview'])
      assert.ok(
        has(
          `core-not-${layer}`,
          'src/core/up.ts',
          `src/${layer}/${{ extension: 'host', debug: 'adapter', cli: 'main', webview: 'view' }[layer]}.ts`,
        ),
        layer,
      );
    assert.ok(has('debug-not-extension', 'src/debug/adapter.ts', 'src/extension/host.ts'));
    assert.ok(has('cli-not-extension', 'src/cli/main.ts', 'src/extension/host.ts'));
    assert.ok(has('extension-not-cli', 'src/extension/host.ts', 'src/cli/main.ts'));
    assert.ok(has('no-vscode-outside-extension', 'src/debug/adapter.ts', 'vscode'));
    assert.ok(has('no-vscode-outside-extension', 'src/cli/main.ts', 'vscode'));
    assert.ok(violations.some((v) => v.rule === 'no-cycle' && v.from === 'src/core/ring-a.ts'));
    for (const to of ['servers/mirror/server.ts', 'test/helper.ts', 'bench/run.ts', 'scripts/start.ts'])
      assert.ok(has('src-imports-no-tooling', 'src/core/tooling.ts', to), to);
    for (const to of ['src/debug/adapter.ts', 'src/extension/host.ts', 'test/helper.ts'])
      assert.ok(has('servers-import-only-core-shared', 'servers/mirror/server.ts', to), to);
  });

  it('lets the allowed edges through', () => {
    assert.ok(!violations.some((v) => v.from === 'src/webview/view.ts' && v.to === 'src/shared/vocabulary.ts'));
    assert.ok(!violations.some((v) => v.from === 'src/core/up.ts' && v.to === 'src/shared/vocabulary.ts'));
    assert.ok(
      !violations.some((v) => v.to === 'src/core/low.ts' && v.from !== 'src/shared/vocabulary.ts' && v.from !== 'src/webview/view.ts'),
    );
    assert.ok(!violations.some((v) => v.from === 'src/extension/host.ts' && v.to === 'vscode'));
    assert.ok(!violations.some((v) => v.from === 'src/extension/host.ts' && v.to === 'src/debug/adapter.ts'));
    assert.ok(!violations.some((v) => v.from === 'servers/mirror/server.ts' && /^src\/(core|shared)\//.test(v.to)));
  });
});
