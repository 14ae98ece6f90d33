// Go to Step / Go to PC / Find Opcode: what each box accepts and what it says otherwise.
import { strict as assert } from 'node:assert';
import { parsePrompt } from '../../../../src/extension/trace/prompts';

describe('stepper: prompts', () => {
  it('goes to a step within the trace, decimal or hex', () => {
    assert.deepEqual(parsePrompt('step', ' 42 ', 100), { kind: 'goto', step: 42 });
    assert.deepEqual(parsePrompt('step', '0x10', 100), { kind: 'goto', step: 16 });
    assert.equal(parsePrompt('step', '100', 100), 'The trace has steps 0 to 99');
    assert.equal(parsePrompt('step', '-1', 100), 'Type a step number');
    assert.equal(parsePrompt('step', '1e3', 100), 'Type a step number');
  });

  it('goes to a pc, decimal or 0x-hex', () => {
    assert.deepEqual(parsePrompt('pc', '0x2a', 10), { kind: 'pc', pc: 42 });
    assert.deepEqual(parsePrompt('pc', '568', 10), { kind: 'pc', pc: 568 });
    assert.equal(parsePrompt('pc', 'abc', 10), 'Type a pc, decimal or 0x-hex');
  });

  it('finds an opcode by name, in any case', () => {
    assert.deepEqual(parsePrompt('op', 'sstore', 10), { kind: 'op', name: 'SSTORE' });
    assert.deepEqual(parsePrompt('op', 'Push1', 10), { kind: 'op', name: 'PUSH1' });
    assert.match(parsePrompt('op', 'S STORE', 10) as string, /opcode name/);
    assert.match(parsePrompt('op', '', 10) as string, /opcode name/);
  });
});
