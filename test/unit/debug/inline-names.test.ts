// The identifiers inline values are offered for.
import { strict as assert } from 'node:assert';
import { inlineNames } from '../../../src/debug/inline-names';

const source = [
  'function withdraw(uint256 amount) external {', // 0
  '    uint256 available = balances[msg.sender]; // amount in comment', // 1
  '    /* a block comment with total', // 2
  '       over lines */ require(available >= amount, "amount too large");', // 3
  '    emit Withdrawn(amount);', // 4
  '    total -= amount;', // 5
];

describe('inline value names', () => {
  it('offers the identifiers of the lines up to the stop, not keywords, types, calls, members, comments or strings', () => {
    const names = inlineNames(source, 0, 4).map((n) => `${n.line}:${n.start}:${n.name}`);
    assert.deepEqual(names, ['0:26:amount', '1:12:available', '1:24:balances', '3:29:available', '3:42:amount', '4:19:amount']);
  });

  it('stays within the lines asked for', () => {
    assert.deepEqual(
      inlineNames(source, 5, 5).map((n) => n.name),
      ['total', 'amount'],
    );
    assert.deepEqual(inlineNames(source, 7, 9), []);
  });
});
