// What the Contracts view's Pin and `ledger-mirror results` accept as a contract: ids, EVM addresses, HashScan URLs.
import { strict as assert } from 'node:assert';
import { parseContractRef } from '../../../../src/core/results/contract-ref';

const value = (input: string) => {
  const parsed = parseContractRef(input);
  assert.ok(parsed.ok, `${input}: ${parsed.ok ? '' : parsed.message}`);
  return parsed.value;
};
const message = (input: string) => {
  const parsed = parseContractRef(input);
  assert.ok(!parsed.ok, `${input} should be refused`);
  return parsed.message;
};

describe('parseContractRef', () => {
  it('takes ids and long-zero addresses as s.r.n, other addresses as lowercase 0x hex', () => {
    assert.deepEqual(value(' 0.0.1003 '), { value: '0.0.1003' });
    assert.deepEqual(value('1003'), { value: '0.0.1003' });
    assert.deepEqual(value('0x00000000000000000000000000000000000003eB'), { value: '0.0.1003' });
    assert.deepEqual(value('0xD22BF832DB31B209016BAC6BE7B61818FF7B3C3F'), { value: '0xd22bf832db31b209016bac6be7b61818ff7b3c3f' });
  });

  it('takes a HashScan contract URL with its network', () => {
    assert.deepEqual(value('https://hashscan.io/testnet/contract/0.0.1234'), { value: '0.0.1234', network: 'testnet' });
    assert.deepEqual(value('hashscan.io/mainnet/contract/0x00000000000000000000000000000000000004d2'), {
      value: '0.0.1234',
      network: 'mainnet',
    });
  });

  it('refuses other pages, hosts, networks and text with a reason', () => {
    assert.match(message('https://hashscan.io/testnet/token/0.0.1234'), /Not a HashScan contract page/);
    assert.match(message('https://evil.example/testnet/contract/0.0.1234'), /Only https:\/\/hashscan\.io/);
    assert.match(message('https://user:pw@hashscan.io/testnet/contract/0.0.1'), /Only https:\/\/hashscan\.io/);
    assert.match(message('https://hashscan.io/devnet/contract/0.0.1234'), /not one of mainnet, testnet, previewnet/);
    assert.match(message('https://hashscan.io/testnet/contract/abc'), /does not name a contract/);
    assert.match(message('0.0.99999999999999'), /Expected a contract id/);
    assert.match(message('x'.repeat(2000)), /longer than 1024/);
    assert.match(message('javascript:alert(1)'), /Only https/);
  });
});
