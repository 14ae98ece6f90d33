// The confinement rules on real files in a temp folder: a sentinel file outside the workspace must never come back.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { WorkspaceFolder } from '../../../../src/core/workspace/confined-fs';

const SENTINEL = 'SENTINEL-outside-the-workspace';

describe('workspace confinement', () => {
  let base: string;
  let root: string;
  let outside: string;
  let ws: WorkspaceFolder;

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'ledger-confine-'));
    root = join(base, 'project');
    outside = join(base, 'elsewhere');
    mkdirSync(join(root, 'contracts'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.sol'), SENTINEL);
    writeFileSync(join(root, 'contracts/A.sol'), 'contract A {}');
    ws = new WorkspaceFolder(root);
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const refusedAs = async (path: string, reason: string) => {
    const read = await ws.readText(path);
    assert.equal(read.ok, false, `${path} was read`);
    assert.equal(!read.ok && read.reason, reason);
    assert.ok(!JSON.stringify(read).includes(SENTINEL));
    return read;
  };

  it('reads regular files inside the folder, by relative or absolute path', async () => {
    assert.deepEqual(await ws.readText('contracts/A.sol'), { ok: true, file: join(root, 'contracts/A.sol'), text: 'contract A {}' });
    assert.equal((await ws.readText(join(root, 'contracts/A.sol'))).ok, true);
    assert.equal((await ws.readText('contracts/../contracts/A.sol')).ok, true, 'a `..` that stays inside is fine');
  });

  it('refuses `..` and absolute paths that leave the folder, saying so', async () => {
    const rel = await refusedAs(relative(root, join(outside, 'secret.sol')), 'outside');
    assert.match(!rel.ok ? rel.message : '', /secret\.sol: outside the workspace folder .*project; not read$/);
    await refusedAs(join(outside, 'secret.sol'), 'outside');
    await refusedAs('node_modules/../../elsewhere/secret.sol', 'outside');
    await refusedAs('/etc/passwd', 'outside');
  });

  it('refuses symlinks (to a file or through a folder) that leave the folder, and follows those that stay', async () => {
    symlinkSync(join(outside, 'secret.sol'), join(root, 'contracts/link.sol'));
    symlinkSync(outside, join(root, 'linked-dir'));
    symlinkSync(join(root, 'contracts/A.sol'), join(root, 'contracts/inside-link.sol'));
    await refusedAs('contracts/link.sol', 'outside');
    await refusedAs('linked-dir/secret.sol', 'outside');
    assert.equal((await ws.readText('contracts/inside-link.sol')).ok, true);
    assert.deepEqual(await ws.walkFiles(root, () => true), [join(root, 'contracts/A.sol')], 'walks do not follow symlinks');
    assert.deepEqual(await ws.listFiles(join(root, 'linked-dir')), []);
  });

  it('accepts a root given through a symlink, and absolute paths in either form', async () => {
    const alias = join(base, 'alias');
    symlinkSync(root, alias);
    const aliased = new WorkspaceFolder(alias);
    assert.equal((await aliased.readText('contracts/A.sol')).ok, true);
    assert.equal((await aliased.readText(join(root, 'contracts/A.sol'))).ok, true);
    assert.equal((await aliased.readText('../elsewhere/secret.sol')).ok, false);
  });

  it('refuses directories and files over the size budget; missing files are just missing', async () => {
    await refusedAs('contracts', 'not-a-file');
    writeFileSync(join(root, 'big.json'), 'x'.repeat(2048));
    const big = await ws.readText('big.json', 1024);
    assert.equal(!big.ok && big.reason, 'too-large');
    assert.match(!big.ok ? big.message : '', /big\.json: 2048 bytes, more than the 1024 bytes read from a workspace file; not read$/);
    await refusedAs('nope.sol', 'missing');
    assert.equal(await ws.optionalText('nope.sol'), undefined);
  });

  it('reports a refusal other than "missing" in the problem list, and a JSON bomb as not valid JSON', async () => {
    writeFileSync(join(root, 'bomb.json'), '['.repeat(10_000));
    const problems: string[] = [];
    assert.equal(await ws.optionalJson('bomb.json', problems), undefined);
    assert.equal(await ws.optionalJson('../elsewhere/secret.sol', problems), undefined);
    assert.equal(await ws.optionalJson('missing.json', problems), undefined);
    assert.equal(problems.length, 2);
    assert.match(problems[0], /bomb\.json: not valid JSON \(too large to parse: nested more than 2048 levels deep\)/);
    assert.match(problems[1], /secret\.sol: outside the workspace folder/);
  });

  it('names a file that is not JSON by the kind of problem, never quoting its bytes (#26)', async () => {
    for (const [file, text, kind] of [
      ['quoted.json', '"SECRET-MARKER" and more', /not valid JSON \(a syntax error( at character \d+)?\)$/],
      ['bare.json', 'SECRET-MARKER', /not valid JSON \(a syntax error( at character \d+)?\)$/],
      ['cut.json', '{"SECRET-MARKER": 1', /not valid JSON \((it ends early|a syntax error.*)\)$/],
    ] as const) {
      writeFileSync(join(root, file), text);
      const read = await ws.readJson(file);
      assert.ok(!read.ok);
      assert.match(read.message, kind);
      assert.ok(read.message.startsWith(join(root, file)), read.message);
      assert.doesNotMatch(read.message, /SECRET|'S'/);
    }
  });

  it('does not walk a folder outside the workspace, and says so', async () => {
    const problems: string[] = [];
    assert.deepEqual(await ws.walkFiles(outside, () => true, new Set(), problems), []);
    assert.match(problems[0], /elsewhere: outside the workspace folder/);
  });
});
