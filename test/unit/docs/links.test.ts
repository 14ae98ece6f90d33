// The README (also the extension's page in VS Code) and the docs/ pages it links to: every relative link and image
// leads to a file that exists, a heading that exists, and a file the VSIX ships, so the page works offline too.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { shipped } from '../../../scripts/vscode-real/build';
import { headingAnchors, linkTargets, relativeLink } from './markdown';

const pages = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** vsce stores these as readme.md, changelog.md and LICENSE.txt, so a relative link to them breaks once installed. */
const RENAMED_IN_VSIX = /^(?:README\.md|CHANGELOG\.md|LICENSE)$/;
const FEATURE_PAGES = [
  'tokens',
  'trace-stepper',
  'debugger',
  'verification',
  'names-and-gas',
  'cli',
  'settings',
  'limits-and-safety',
  'troubleshooting',
];

describe('README and docs/: links', () => {
  it('has one docs page per feature, each linked from the README', () => {
    const fromReadme = new Set(linkTargets('README.md').map((t) => relativeLink(t)?.path));
    for (const page of FEATURE_PAGES) {
      assert.ok(existsSync(`docs/${page}.md`), `docs/${page}.md is missing`);
      assert.ok(fromReadme.has(`docs/${page}.md`), `README does not link docs/${page}.md`);
    }
  });

  for (const page of pages) {
    it(`${page}: every relative link leads to a file (and heading) the VSIX ships`, () => {
      const links = linkTargets(page).flatMap((t) => relativeLink(t) ?? []);
      assert.ok(page !== 'README.md' || links.length > 0, 'no links found in the README');
      for (const { path, anchor } of links) {
        const file = normalize(join(dirname(page), decodeURIComponent(path)));
        assert.ok(existsSync(file) && statSync(file).isFile(), `${page} links ${path}, which is not a file`);
        assert.ok(shipped.test(file.split('\\').join('/')), `${page} links ${file}, which the VSIX does not ship (.vscodeignore)`);
        assert.ok(
          !RENAMED_IN_VSIX.test(file),
          `${page} links ${file}, which vsce renames in the VSIX (the link breaks on the extension's page)`,
        );
        if (anchor && file.endsWith('.md')) assert.ok(headingAnchors(file).has(anchor), `${page} links ${path}#${anchor}: no such heading`);
      }
    });

    it(`${page}: every same-page anchor names a heading of the page`, () => {
      for (const target of linkTargets(page).filter((t) => t.startsWith('#'))) {
        assert.ok(headingAnchors(page).has(target.slice(1)), `${page} links ${target}: no such heading`);
      }
    });
  }

  it('keeps the README short enough to read as a landing page (at most 250 lines)', () => {
    const lines = readFileSync('README.md', 'utf8').split('\n').length;
    assert.ok(lines <= 250, `README.md has ${lines} lines`);
  });
});
