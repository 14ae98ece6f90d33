// Where verification problems land: a missing source on the import that pulls it in (the core promise),
// a changed source also at the top of that file, a failed or partial match on the deployment record.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VerifierHandle } from '../../../../servers/verifier/server';
import { rangeOf } from '../../../../src/core/deployments/record';
import { planDiagnostics, type PlannedDiagnostic } from '../../../../src/core/verify/diagnostics-plan';
import { importsOf, resolveImport } from '../../../../src/core/verify/imports';
import { asMetadata } from '../../../../src/core/verify/metadata';
import type { ContractOutcome } from '../../../../src/core/verify/prepare';
import {
  ADDR,
  CALLEE,
  CALLER,
  DATA,
  makeWorkspace,
  prepareWorkspace,
  sampleVerifier,
  verifyWith,
  type Workspace,
} from '../../helpers/verify-fixtures';

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle));
const place = (d: PlannedDiagnostic) =>
  `${d.file.split('/').slice(-2).join('/')}:${d.range.start.line}:${d.range.start.character}-${d.range.end.character}`;

describe('import parsing', () => {
  it('resolves relative imports against the importer and others through the longest remapping', () => {
    assert.equal(resolveImport('./Callee.sol', 'contracts/Caller.sol'), 'contracts/Callee.sol');
    assert.equal(resolveImport('../lib/A.sol', 'project:/contracts/x/B.sol'), 'project:/contracts/lib/A.sol');
    assert.equal(resolveImport('contracts/ParentContract.sol', 'contracts/ChildContract.sol'), 'contracts/ParentContract.sol');
    const remaps = ['@oz/=node_modules/@openzeppelin/', '@oz/contracts/=lib/oz/contracts/', 'other:@oz/=wrong/'];
    assert.equal(resolveImport('@oz/contracts/token/ERC20.sol', 'contracts/T.sol', remaps), 'lib/oz/contracts/token/ERC20.sol');
    assert.equal(resolveImport('@oz/x.sol', 'other/T.sol', remaps), 'wrong/x.sol');
  });

  it('finds every import statement with its exact range, also in a half-edited file', () => {
    const text = 'pragma solidity ^0.8.0;\nimport "./A.sol";\nimport {B as C} from "../b/B.sol";\ncontract X { function f( {\n';
    assert.deepEqual(
      importsOf(text, 'src/X.sol').map((i) => [i.resolved, i.range.start.line, i.range.start.character, i.range.end.character]),
      [
        ['src/A.sol', 1, 0, 17],
        ['b/B.sol', 2, 0, 34],
      ],
    );
  });

  it('does not hand the parser a file nesting 300 parentheses deep (minutes of parsing on the extension host): its imports go unlocated', () => {
    const text = `import "./A.sol";\ncontract X { function f() public pure returns (uint) { return ${'('.repeat(300)}1${')'.repeat(300)}; } }\n`;
    assert.deepEqual(importsOf(text, 'src/X.sol'), []);
  });
});

describe('diagnostics plan', () => {
  let v: VerifierHandle;
  let ws: Workspace;
  const outcomes = async (dryRun = true): Promise<ContractOutcome[]> =>
    (await verifyWith(await prepareWorkspace(ws), { url: v.url, protocol: 'session', dryRun })).outcomes;
  const callerOutcome = async () => (await outcomes()).find((o) => o.result.name === 'Caller')!;

  beforeEach(async () => {
    v = await sampleVerifier();
    ws = makeWorkspace({ Caller: { address: ADDR.caller } });
  });
  afterEach(async () => {
    await v.close();
    ws.dispose();
  });

  it('plans nothing for a perfect match', async () => {
    assert.deepEqual(planDiagnostics(await callerOutcome()), []);
  });

  it('puts a missing source on the import line that pulls it in, as an error with the expected hash', async () => {
    ws.remove('contracts/Callee.sol');
    const [d, ...rest] = planDiagnostics(await callerOutcome());
    assert.deepEqual(rest, []);
    assert.equal(place(d), `contracts/Caller.sol:${lineOf(CALLER, 'import "./Callee.sol"')}:0-22`);
    assert.deepEqual([d.kind, d.severity, d.sourcePath], ['missing-source', 'error', 'contracts/Callee.sol']);
    assert.match(d.expectedKeccak256 ?? '', /^0x[0-9a-f]{64}$/);
    assert.match(d.message, /^contracts\/Callee\.sol is missing: Caller at 0x0+3E9 \(chain 296\) was compiled with it/i);
  });

  it('puts a changed source on the import line and at the top of the file itself, with an "open" target', async () => {
    ws.write('contracts/Callee.sol', CALLEE.replace('2 * x', 'x << 1'));
    const ds = planDiagnostics(await callerOutcome());
    assert.deepEqual(ds.map(place), [`contracts/Caller.sol:${lineOf(CALLER, 'import')}:0-22`, 'contracts/Callee.sol:0:0-38']);
    assert.ok(ds.every((d) => d.kind === 'changed-source' && /differs from the version deployed as Caller/.test(d.message)));
    assert.equal(ds[0].openFile, ws.path('contracts/Callee.sol'));
  });

  it('falls back to the deployment record when no workspace file imports the missing source', async () => {
    ws.remove('contracts/Callee.sol');
    ws.remove('contracts/Caller.sol');
    const ds = planDiagnostics(await callerOutcome());
    const at = rangeOf(readFileSync(ws.path('deployments/testnet/Caller.json'), 'utf8'), ADDR.caller)!;
    const onRecord = `testnet/Caller.json:${at.start.line}:${at.start.character}-${at.end.character}`;
    assert.deepEqual(ds.map(place), [onRecord, onRecord]);
    assert.deepEqual(ds.map((d) => d.sourcePath).sort(), ['contracts/Callee.sol', 'contracts/Caller.sol']);
  });

  it('puts a failed match on the record address as an error, and a partial match as a warning', async () => {
    ws.write('deployments/testnet/Caller.json', JSON.stringify({ address: ADDR.callee }, null, 2));
    const [failed] = planDiagnostics(await callerOutcome());
    assert.deepEqual([failed.kind, failed.severity, failed.range.start.line], ['verification-failed', 'error', 1]);
    assert.match(failed.message, /bytecode don't match/);

    const partial = {
      ...(await callerOutcome()),
      result: { ...(await callerOutcome()).result, status: 'partial' as const, message: undefined },
    };
    const [warn] = planDiagnostics(partial);
    assert.deepEqual([warn.kind, warn.severity], ['partial-match', 'warning']);
  });

  it("places the Sourcify child/parent set's missing parent on ChildContract's import", async () => {
    const meta = asMetadata(readFileSync(join(DATA, 'child-parent/child-contract.meta.object.json'), 'utf8'))!;
    const child = readFileSync(join(DATA, 'child-parent/ChildContract.sol'), 'utf8');
    ws.write('contracts/ChildContract.sol', child);
    const outcome: ContractOutcome = {
      target: { record: { address: ADDR.storage, origin: 'setting', name: 'ChildContract' }, address: ADDR.storage, chainId: '296' },
      build: { name: 'ChildContract', sourcePath: 'contracts/ChildContract.sol', metadata: meta, metadataRaw: '', origin: 'test' },
      sources: [
        {
          path: 'contracts/ChildContract.sol',
          expectedKeccak256: '',
          file: ws.path('contracts/ChildContract.sol'),
          content: child,
          matchingContent: child,
        },
        { path: 'contracts/ParentContract.sol', expectedKeccak256: '' },
      ],
      result: {
        name: 'ChildContract',
        sourcePath: 'contracts/ChildContract.sol',
        status: 'error',
        alreadyVerified: false,
        files: { found: ['contracts/ChildContract.sol'], missing: [{ path: 'contracts/ParentContract.sol' }], invalid: [] },
      },
    };
    const [d] = planDiagnostics(outcome);
    assert.equal(place(d), `contracts/ChildContract.sol:${lineOf(child, 'import')}:0-38`);
  });
});
