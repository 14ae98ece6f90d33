// CHANGELOG.md keeps the Keep a Changelog shape: an Unreleased section first, then releases newest first with their
// dates, and the version package.json ships is one of them.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';

const changelog = readFileSync('CHANGELOG.md', 'utf8');
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const releases = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map((m) => ({ version: m[1], date: m[2] }));
const GROUPS = new Set(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']);

describe('CHANGELOG.md', () => {
  it('starts with [Unreleased], then dated releases, newest first', () => {
    assert.equal(releases[0]?.version, 'Unreleased');
    const released = releases.slice(1);
    assert.ok(released.length > 0, 'no release yet');
    for (const r of released) assert.match(r.date ?? '', /^\d{4}-\d{2}-\d{2}$/, `[${r.version}] has no date`);
    const dates = released.map((r) => r.date!);
    assert.deepEqual(dates, [...dates].sort().reverse(), 'releases are listed newest first');
  });

  it(`has a section for the version package.json ships (${version})`, () => {
    assert.ok(
      releases.some((r) => r.version === version),
      `no ## [${version}] - date section`,
    );
  });

  it('groups changes under the Keep a Changelog headings only', () => {
    for (const [, group] of changelog.matchAll(/^### (.+)$/gm)) assert.ok(GROUPS.has(group), `unknown group "${group}"`);
  });

  it('lists each unreleased change on one line, the way users read it (design notes go to the docs)', () => {
    const unreleased = changelog.slice(
      changelog.indexOf('## [Unreleased]'),
      changelog.indexOf('\n## [', changelog.indexOf('## [Unreleased]') + 1),
    );
    const continued = unreleased.split('\n').filter((line) => /^\s+\S/.test(line));
    assert.deepEqual(continued, [], 'an entry continues on another line');
  });
});
