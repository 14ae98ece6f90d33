// How the stepper writes words, offsets and decoded reverts (pure helpers shared by the webview and the host).
import { strict as assert } from 'node:assert';
import { describeRevert } from '../../../../src/shared/revert-text';
import { asciiOf, formatOffset, middleCut, shortWord } from '../../../../src/webview/trace/format';

describe('stepper: text formats', () => {
  it('shortens words to their significant digits and restores the full 32-byte word', () => {
    assert.equal(shortWord('0x000000000000000000000000000000000000000000000000000000000000002a'), '0x2a');
    assert.equal(shortWord('0x0'), '0x0');
    assert.equal(shortWord('0x' + '0'.repeat(64)), '0x0');
  });

  it('writes memory offsets, printable ASCII and cut addresses', () => {
    assert.equal(formatOffset(0x40), '0x0040');
    assert.equal(formatOffset(0x12345), '0x12345');
    assert.deepEqual([0x41, 0x20, 0x7e, 0x7f, 0x00, 0xff].map(asciiOf), ['A', ' ', '~', '.', '.', '.']);
    assert.equal(middleCut('0x00000000000000000000000000000000000003eb', 8), '0x000000…0003eb');
    assert.equal(middleCut('0.0.1001', 8), '0.0.1001');
  });

  it('describes each kind of decoded revert', () => {
    assert.equal(describeRevert({ kind: 'Error', message: 'say "no"', data: '0x08c379a0' }), 'Error("say \\"no\\"")');
    assert.equal(
      describeRevert({ kind: 'Panic', code: 0x12, message: 'division or modulo by zero', data: '0x4e487b71' }),
      'Panic(0x12): division or modulo by zero',
    );
    assert.equal(
      describeRevert({ kind: 'CustomError', selector: '0xcf479181', data: '0xcf479181' + '00'.repeat(64) }),
      'custom error 0xcf479181 with 64 bytes of arguments',
    );
    assert.equal(describeRevert({ kind: 'CustomError', selector: '0xcf479181', data: '0xcf479181' }), 'custom error 0xcf479181');
    assert.equal(describeRevert({ kind: 'Raw', data: '0x' }), '(no data)');
    assert.equal(describeRevert({ kind: 'Raw', data: '0x1234' }), '0x1234');
  });
});
