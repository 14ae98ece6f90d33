import { strict as assert } from 'node:assert';
import { enumMembers, enumText, isEnumType } from '../../../../src/core/build-output/enums';
import { MAX_PAREN_NESTING, parenNesting } from '../../../../src/core/solidity-nesting';

const source = (content: string | undefined, sourceName = 'contracts/A.sol') => ({ sourceName, content });

describe('enum members from the compiled sources', () => {
  it('reads enums at file level and in contracts, interfaces and libraries, by canonical name', () => {
    const members = enumMembers([
      source('pragma solidity ^0.8.0; enum Side { Buy, Sell } contract Orders { enum Status { Open, Filled, Cancelled } Status last; }'),
      source('interface IPool { enum Kind { Stable, Weighted } } library Math { enum Rounding { Down, Up } }', 'contracts/B.sol'),
    ]);
    assert.deepEqual(Object.fromEntries(members), {
      Side: ['Buy', 'Sell'],
      'Orders.Status': ['Open', 'Filled', 'Cancelled'],
      'IPool.Kind': ['Stable', 'Weighted'],
      'Math.Rounding': ['Down', 'Up'],
    });
  });

  it('drops a name two files define differently, keeps one they define alike, and skips files it cannot read', () => {
    const members = enumMembers([
      source('enum Mode { A, B } enum Same { X }', 'a.sol'),
      source('enum Mode { B, A } enum Same { X }', 'b.sol'),
      source(undefined, 'kept-no-text.sol'),
      source('contract { this is not Solidity', 'broken.sol'),
      source(`enum Huge { ${'A'.repeat(2_000_001)} }`, 'huge.sol'),
    ]);
    assert.deepEqual(Object.fromEntries(members), { Same: ['X'] });
  });

  it('shows a value by member with its number, and the number alone when the member is unknown', () => {
    const members = new Map([['Orders.Status', ['Open', 'Filled']]]);
    assert.equal(enumText(members, 'enum Orders.Status', 1n), 'Filled (1)');
    assert.equal(enumText(members, 'enum Orders.Status', 2n), '2');
    assert.equal(enumText(members, 'enum Other.Kind', 0n), '0');
    assert.equal(enumText(members, 'enum Orders.Status', 2n ** 255n), (2n ** 255n).toString());
  });

  it("takes an enum type only in its plain form: the ABI internalType is the workspace's text", () => {
    assert.ok(isEnumType('enum Orders.Status'));
    assert.ok(isEnumType('enum Side'));
    for (const hostile of [
      'enum Orders.Status\u202e',
      'enum A.B.C',
      'enum ',
      'enum Orders.Status[]',
      `enum ${'A'.repeat(201)}`,
      'uint8',
      undefined,
    ])
      assert.equal(isEnumType(hostile), false, String(hostile));
  });

  it('measures parenthesis nesting outside comments and string literals, and does not parse a file nesting deeper than the bound', () => {
    assert.equal(parenNesting('f(g(h(1)), (2))'), 3);
    assert.equal(parenNesting('// ((((((\n/* (((( */ x = "((((\\"((" + \'(((\'; (y)'), 1);
    assert.equal(parenNesting('/* unclosed ((('), 0);
    const deep = `contract D { enum S { A } function f() public { g${'('.repeat(MAX_PAREN_NESTING + 1)}${')'.repeat(MAX_PAREN_NESTING + 1)}; } }`;
    const tooDeep: string[] = [];
    assert.deepEqual([...enumMembers([source(deep, 'D.sol'), source('contract E { enum S { B } }', 'E.sol')], tooDeep)], [['E.S', ['B']]]);
    assert.deepEqual(tooDeep, ['D.sol']);
  });
});
