// The dev loop in one keypress: .vscode/launch.json runs the extension (built first), the adapter on a port and the
// unit tests; the tasks it names exist and run the package scripts they say.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';

/** launch.json and tasks.json as VS Code reads them; ours have whole-line comments only. */
const jsonc = (file: string) => JSON.parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>;

interface Launch {
  name: string;
  type: string;
  program?: string;
  args?: string[];
  preLaunchTask?: string;
  debugWebviews?: boolean;
}
interface Task {
  label: string;
  type: string;
  script: string;
  isBackground?: boolean;
}
const launchJson = jsonc('.vscode/launch.json');
const launches = (launchJson.configurations as Launch[]) ?? [];
const tasks = (jsonc('.vscode/tasks.json').tasks as Task[]) ?? [];
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const launch = (name: string) => {
  const found = launches.find((l) => l.name === name);
  assert.ok(found, `.vscode/launch.json has no "${name}"`);
  return found;
};
const inWorkspace = (path: string) => path.replace('${workspaceFolder}/', '');

describe('.vscode: the dev loop', () => {
  it('"Run Extension" opens an Extension Development Host on this folder, after the build task', () => {
    const run = launch('Run Extension');
    assert.equal(run.type, 'extensionHost');
    assert.ok(run.args?.includes('--extensionDevelopmentPath=${workspaceFolder}'));
    const task = tasks.find((t) => t.label === run.preLaunchTask);
    assert.ok(task, `no task "${run.preLaunchTask}"`);
    assert.equal(task.script, 'build');
    assert.equal(task.isBackground ?? false, false, 'the launch waits for the build to end');
  });

  it('"Run Extension" opens the sample workspace, with the webviews\' developer tools attached', () => {
    const run = launch('Run Extension');
    assert.ok(run.args?.includes('${workspaceFolder}/test/vscode/workspace'));
    assert.ok(existsSync('test/vscode/workspace/.vscode/settings.json'));
    assert.equal(run.debugWebviews, true);
  });

  it('"Extension + Adapter" starts both, and stops both', () => {
    const compounds = (launchJson.compounds as Array<{ name: string; configurations: string[]; stopAll?: boolean }>) ?? [];
    const both = compounds.find((c) => c.name === 'Extension + Adapter');
    assert.ok(both, 'no compound "Extension + Adapter"');
    assert.deepEqual(both.configurations, ['Run Extension', 'Debug Adapter (server)']);
    for (const name of both.configurations) launch(name);
    assert.equal(both.stopAll, true);
  });

  it("formats on save with the project's Prettier, the formatter `npm run lint` checks", () => {
    const settings = jsonc('.vscode/settings.json');
    assert.equal(settings['editor.formatOnSave'], true);
    assert.equal(settings['editor.defaultFormatter'], 'esbenp.prettier-vscode');
    assert.ok((jsonc('.vscode/extensions.json').recommendations as string[]).includes('esbenp.prettier-vscode'));
  });

  it('"Debug Adapter (server)" runs the built adapter on a port, after the build', () => {
    const adapter = launch('Debug Adapter (server)');
    assert.equal(adapter.type, 'node');
    assert.equal(inWorkspace(adapter.program ?? ''), 'dist/debug-adapter.js');
    assert.match(readFileSync('esbuild.mjs', 'utf8'), /outfile: 'dist\/debug-adapter\.js'/);
    assert.ok(
      adapter.args?.some((a) => /^--server=\d+$/.test(a)),
      'the adapter is told a port',
    );
    assert.equal(tasks.find((t) => t.label === adapter.preLaunchTask)?.script, 'build');
  });

  it('"Unit tests" runs mocha with the unit tier\'s setup', () => {
    const unit = launch('Unit tests');
    assert.ok(existsSync(inWorkspace(unit.program ?? '')), `${unit.program} does not exist`);
    assert.ok(unit.args?.join(' ').includes('--config test/unit/.mocharc.json'));
  });

  it('every task runs a package script; the watch task is a background task on `npm run watch`', () => {
    for (const task of tasks) assert.ok(scripts[task.script], `task "${task.label}" runs a missing script ${task.script}`);
    const watch = tasks.find((t) => t.script === 'watch');
    assert.ok(watch?.isBackground, 'the watch task is a background task');
    assert.match(scripts.watch, /esbuild\.mjs --watch/);
  });
});
