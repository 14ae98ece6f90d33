// EIP-55 addresses and keccak256 through viem: the EIP's own test vectors, the cases it leaves to the client
// (all-upper accepted as ethers and Sourcify do, a wrong mixed case refused) and the hash of known inputs.
import { strict as assert } from 'node:assert';
import { checksumAddress, isEvmAddress } from '../../../../src/core/verify/address';
import { keccak256Hex } from '../../../../src/core/verify/keccak';

/** From EIP-55 (https://eips.ethereum.org/EIPS/eip-55#test-cases). */
const EIP55 = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('core/verify: EIP-55 addresses and keccak256', () => {
  it('checksums the EIP-55 vectors from any case, and accepts each', () => {
    for (const address of EIP55) {
      assert.equal(checksumAddress(address.toLowerCase()), address);
      assert.equal(checksumAddress(`0x${address.slice(2).toUpperCase()}`), address);
      assert.ok(isEvmAddress(address), address);
    }
  });

  it('accepts all-lower and all-upper, refuses a wrong mixed case and anything not 40 hex digits', () => {
    assert.ok(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'));
    assert.ok(isEvmAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'));
    assert.ok(!isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'));
    assert.ok(!isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae'));
    assert.ok(!isEvmAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00'));
  });

  it('hashes text as UTF-8 and bytes as they are', () => {
    assert.equal(keccak256Hex(''), '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    assert.equal(keccak256Hex('transfer(address,uint256)').slice(0, 10), '0xa9059cbb');
    assert.equal(keccak256Hex(new Uint8Array([0x61, 0x62, 0x63])), keccak256Hex('abc'));
    assert.equal(keccak256Hex('é'), keccak256Hex(new Uint8Array([0xc3, 0xa9])));
  });
});
