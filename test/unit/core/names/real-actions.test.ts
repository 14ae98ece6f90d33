// Names over real `/actions` bodies captured from mainnet and a local node (test/data/mirror-actions, Apache-2.0):
// every system-contract call is named, token facades' `redirectForToken` by their inner ERC call, and outcomes are
// read from each action's own result (OUTPUT, REVERT_REASON, ERROR).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractAction } from '../../../../src/core/contract-results';
import { nameCall } from '../../../../src/core/names/call-names';
import { AbiRegistry } from '../../../../src/core/names/registry';

const DATA = join(__dirname, '../../../data/mirror-actions');
const actionsOf = (file: string): ContractAction[] =>
  (JSON.parse(readFileSync(join(DATA, file), 'utf8')) as { actions: ContractAction[] }).actions;
const EMPTY = new AbiRegistry();

const named = (a: ContractAction) =>
  nameCall(EMPTY, { to: a.to ?? null, input: a.input, output: a.result_data, reverted: a.result_data_type !== 'OUTPUT' });

describe('names over real mirror actions', () => {
  it('mainnet, 55 actions: every SYSTEM call is named; the five facade DELEGATECALLs name their inner call and token', () => {
    const actions = actionsOf('explorer-mainnet-55-actions.json');
    assert.equal(actions.length, 55);
    const system = actions.filter((a) => a.call_type === 'SYSTEM');
    assert.equal(system.length, 7);
    for (const a of system) {
      const call = named(a);
      assert.equal(call.system, 'HTS', `action ${a.index}`);
      assert.notEqual(call.function, null, `action ${a.index} ${a.input?.slice(0, 10)}`);
    }
    const facades = system.filter((a) => a.call_operation_type === 'DELEGATECALL').map(named);
    assert.equal(facades.length, 5);
    for (const f of facades) {
      assert.equal(f.function, 'redirectForToken');
      assert.match(f.args?.[0]?.value ?? '', /^0\.0\.\d+$/, 'the token as 0.0.N');
      assert.match(f.args?.[1]?.value ?? '', /^[a-zA-Z]+\(.*\)$/, 'the inner ERC call by name');
    }
    // No action here is a precompile: nothing may be named as one.
    assert.ok(actions.every((a) => named(a).system !== 'precompile'));
  });

  it('explorer, 9 actions: the STATICCALL and the facade DELEGATECALL to 0x167 are named', () => {
    const system = actionsOf('explorer-9-actions.json')
      .filter((a) => a.call_type === 'SYSTEM')
      .map(named);
    assert.deepEqual(
      system.map((c) => [c.system, c.function !== null]),
      [
        ['HTS', true],
        ['HTS', true],
      ],
    );
    assert.equal(system[1]!.function, 'redirectForToken');
  });

  it('local node: isToken answers SUCCESS and true; PRNG names its seed; an ERROR action is a failed call', () => {
    const [error, isToken, prng] = actionsOf('relay-equivalence-actions.json');
    const token = named(isToken!);
    assert.deepEqual(
      [token.function, token.responseCode?.name, token.returns?.map((r) => r.value)],
      ['isToken', 'SUCCESS', ['22', 'true']],
    );
    assert.deepEqual([named(prng!).system, named(prng!).function], ['PRNG', 'getPseudorandomSeed']);
    assert.equal(error!.result_data_type, 'ERROR');
    assert.equal(Buffer.from(error!.result_data!.slice(2), 'hex').toString(), 'PRECOMPILE_ERROR');
    assert.equal(named(error!).system, null, '0x166 is neither a precompile nor a system contract');
  });
});
