// What the Marketplace and Open VSX show besides the README: the repository, where to report bugs, the homepage,
// and a 128×128 PNG icon; `npm run package` no longer tells vsce to overlook a missing repository.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  icon?: string;
  repository?: { type: string; url: string };
  bugs?: { url: string };
  homepage?: string;
};

describe('package.json: the Marketplace listing', () => {
  it('names the repository, the issue tracker and the homepage', () => {
    assert.equal(pkg.repository?.type, 'git');
    const repo = /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+?(?=\.git$)/.exec(pkg.repository?.url ?? '')?.[0];
    assert.ok(repo, pkg.repository?.url);
    assert.equal(pkg.bugs?.url, `${repo}/issues`);
    assert.ok(pkg.homepage?.startsWith(repo));
  });

  it('has a 128×128 PNG icon, shipped in media/', () => {
    assert.match(pkg.icon ?? '', /^media\/[\w-]+\.png$/);
    const png = readFileSync(pkg.icon!);
    assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'PNG signature');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128], 'IHDR width and height');
  });

  it('packages without --allow-missing-repository', () => {
    assert.doesNotMatch(readFileSync('scripts/vscode-real/build.ts', 'utf8'), /--allow-missing-repository/);
  });
});
