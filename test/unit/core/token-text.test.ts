import { strict as assert } from 'node:assert';
import { parseToken, type Token } from '../../../src/core/token';
import { changedFields, renderTokenText } from '../../../src/core/token-text';
import { tokenSpecCases } from '../../helpers/mirror-data';

const base = (file: string) => tokenSpecCases().find((c) => c.file === file)!.body as Record<string, unknown>;
const token = (file: string, changes: Record<string, unknown> = {}): Token => parseToken({ ...base(file), ...changes });

const ED_A = '302a300506032b6570032100' + 'ab'.repeat(14) + '9f3c';
const ED_B = '302a300506032b6570032100' + 'cd'.repeat(14) + '9f3c';

describe('token text for comparison', () => {
  it('starts with the title and lists every section and field, one a line, indented under its parent', () => {
    const text = renderTokenText(token('custom-fees.json'), 'lte:1700000000.5');
    const lines = text.split('\n');
    assert.match(lines[0], /^\S+ 0\.0\.\d+ @ lte:1700000000\.5 — /);
    for (const section of ['Overview', 'Keys', 'Custom fees', 'Timestamps', 'Metadata', 'Auto-renew'])
      assert.ok(lines.includes(section), section);
    assert.ok(lines.some((l) => /^ {2}Total supply: /.test(l)));
    assert.ok(
      lines.some((l) => /^ {4}Collector: /.test(l)),
      'fee details sit under their fee',
    );
    assert.ok(text.endsWith('\n'));
  });

  it('is the same text for the same token (stable for the diff)', () => {
    assert.equal(renderTokenText(token('custom-fees.json')), renderTokenText(token('custom-fees.json')));
    assert.deepEqual(changedFields(token('custom-fees.json'), token('custom-fees.json')), []);
  });

  it('writes keys in full, so keys that share their shortened form still differ', () => {
    const a = token('no-params.json', { admin_key: { _type: 'ED25519', key: ED_A } });
    const b = token('no-params.json', { admin_key: { _type: 'ED25519', key: ED_B } });
    assert.ok(renderTokenText(a).includes(`  Admin: ED25519 ${ED_A}`));
    assert.deepEqual(changedFields(a, b), ['Keys / Admin']);
  });

  it('names each changed field by section and label', () => {
    const before = token('no-params.json', { total_supply: '1000', memo: 'old', pause_status: 'UNPAUSED' });
    const after = token('no-params.json', { total_supply: '2000', memo: 'new', pause_status: 'PAUSED' });
    assert.deepEqual(changedFields(before, after), ['Overview / Total supply', 'Overview / Memo', 'Overview / Pause status']);
    assert.deepEqual(changedFields(before, { ...before, symbol: 'NEW', name: 'Renamed' }), ['Token / Symbol', 'Token / Name']);
  });

  it('counts a fee that exists on one side only', () => {
    const withFees = token('custom-fees.json');
    const withoutFees = token('custom-fees.json', {
      custom_fees: { ...withFees.custom_fees, fixed_fees: [], fractional_fees: [], royalty_fees: [] },
    });
    const changed = changedFields(withoutFees, withFees);
    assert.ok(changed.length > 0 && changed.every((c) => c.startsWith('Custom fees')), changed.join(', '));
  });

  it('escapes control characters from the mirror, keys included', () => {
    const t = token('no-params.json', { name: 'n\x1b]0;x\x07', memo: 'a\nb\u202e', admin_key: { _type: 'ED25519', key: `ab\x1b[2J` } });
    const text = renderTokenText(t);
    assert.ok(![...text].some((c) => (c < ' ' && c !== '\n') || c === '\u202e'));
    assert.ok(text.includes('Memo: a\\x0ab\\u202e'));
  });
});
