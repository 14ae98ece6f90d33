// Solidity-style paths over the Variables tree (hover, Watch, Debug Console).
import { strict as assert } from 'node:assert';
import { resolvePath } from '../../../src/debug/lookup';
import type { Variable } from '../../../src/debug/variables';

const sender = '0x00000000000000000000000000000000000003ea';
const roots: Variable[] = [
  { name: 'msg.sender', value: `${sender} (0.0.1002)` },
  { name: 'id', value: '7' },
  {
    name: 'bal',
    value: 'mapping',
    children: [
      { name: `[${sender}]`, value: '500' },
      { name: '[0x0000000000000000000000000000000000000001]', value: '1' },
    ],
  },
  {
    name: 'orders',
    value: 'mapping',
    children: [
      {
        name: '[7]',
        value: 'Order',
        children: [
          { name: 'amount', value: '42' },
          { name: 'owner', value: sender },
        ],
      },
    ],
  },
  { name: 'byRef', value: 'mapping', children: [{ name: '["order-7"]', value: 'Filled (1)' }] },
];
const root = (name: string) => roots.find((v) => v.name === name);
const value = (path: string) => resolvePath(path, root)?.value;

describe('debugger paths (member access, indexing, mapping lookups)', () => {
  it('follows fields and keys, by literal (numbers by value) or by another path', () => {
    assert.equal(value('orders[7].amount'), '42');
    assert.equal(value('orders[0x7].owner'), sender);
    assert.equal(value('orders[id].amount'), '42', 'a key from a variable');
    assert.equal(value('bal[msg.sender]'), '500', 'an address key from a global, its 0.0.x id dropped');
    assert.equal(value('bal[0x1]'), '1');
    assert.equal(value('byRef["order-7"]'), 'Filled (1)');
    assert.equal(value("byRef['order-7']"), 'Filled (1)');
    assert.equal(value('msg.sender'), `${sender} (0.0.1002)`);
  });

  it('finds nothing it does not hold: no guess', () => {
    assert.equal(value('orders[8].amount'), undefined);
    assert.equal(value('orders[7].price'), undefined);
    assert.equal(value('id.amount'), undefined);
    assert.equal(value('nothing[1]'), undefined);
    assert.equal(value('orders[7]]'), undefined);
  });
});
