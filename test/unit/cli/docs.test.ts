// docs/cli.md shows each command's usage line as `--help` prints it (the first line of its USAGE, wrapped as the
// page likes), and names every option the command's help lists.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { COMMON_USAGE } from '../../../src/cli/args';
import { tokenCommand } from '../../../src/cli/token';
import { traceCommand } from '../../../src/cli/trace';
import { verifyCommand } from '../../../src/cli/verify';

const page = readFileSync('docs/cli.md', 'utf8');
const COMMANDS = { token: tokenCommand, trace: traceCommand, verify: verifyCommand };

/** The `## name` section of the page. */
const section = (name: string) => page.split(/^## /m).find((s) => s.startsWith(`${name}\n`)) ?? '';

/** The usage in the section's first sh block: its first line and the indented lines continuing it, as one line. */
function documentedUsage(name: string): string {
  const block = /```sh\n([\s\S]*?)```/.exec(section(name))?.[1] ?? '';
  const [first, ...rest] = block.split('\n');
  const continued = rest.slice(
    0,
    rest.findIndex((l) => !/^\s+\S/.test(l)),
  );
  return [first, ...continued]
    .map((l) => l.trim())
    .join(' ')
    .replace(/^node dist\/cli\.js /, 'ledger-mirror ');
}

const optionsOf = (usage: string) => [...new Set(usage.match(/(?<![\w-])--[a-z][a-z-]*/g) ?? [])];

describe('docs/cli.md: the usage the CLI prints', () => {
  for (const [name, command] of Object.entries(COMMANDS)) {
    it(`${name}: the usage line is the one --help prints`, () => {
      assert.equal(documentedUsage(name), command.usage.split('\n')[0].replace(/^Usage: /, ''));
    });

    it(`${name}: every option of its help is documented in its section`, () => {
      const own = optionsOf(command.usage.replace(COMMON_USAGE, ''));
      assert.ok(own.length > 0);
      assert.deepEqual(
        own.filter((option) => !section(name).includes(option)),
        [],
      );
    });
  }

  it('documents the common options', () => {
    assert.deepEqual(
      optionsOf(COMMON_USAGE).filter((option) => !page.includes(option)),
      [],
    );
  });
});
