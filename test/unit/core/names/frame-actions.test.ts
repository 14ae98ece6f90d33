// The mirror's actions paired with the trace's call frames (pure data: frames and actions as the decoder and the
// REST client produce them).
import { strict as assert } from 'node:assert';
import { toHex } from 'viem';
import type { ContractAction } from '../../../../src/core/contract-results';
import { actionsForFrames } from '../../../../src/core/names/frame-actions';
import type { Frame } from '../../../../src/shared/trace-model';

const longZero = (num: number) => toHex(num, { size: 20 });

describe('actions matched to trace frames', () => {
  const frame = (index: number, depth: number, callType: Frame['callType'], callee: string | null, native = false): Frame => ({
    index,
    parent: index - 1,
    depth,
    callType,
    callee,
    entryStep: index,
    exitStep: index,
    gasUsed: 0,
    reverted: false,
    revert: null,
    native,
  });
  const action = (index: number, depth: number, to: string, call_type = 'CALL'): ContractAction => ({
    index,
    call_depth: depth,
    call_type,
    call_operation_type: 'CALL',
    to,
    gas: 1,
    gas_used: 1,
    value: 0,
    result_data_type: 'OUTPUT',
  });

  it('pairs frames with actions in order, skipping precompile calls that open no frame', () => {
    const frames = [frame(0, 1, 'ROOT', longZero(1001)), frame(1, 2, 'CALL', longZero(1002)), frame(2, 2, 'STATICCALL', longZero(1003))];
    const actions = [
      action(0, 0, longZero(1001)),
      action(1, 1, longZero(2), 'PRECOMPILE'),
      action(2, 1, longZero(1002)),
      action(3, 1, longZero(1003)),
    ];
    assert.deepEqual(
      actionsForFrames(frames, actions).map((a) => a?.index),
      [0, 2, 3],
    );
  });

  it('pairs a native frame (the mirror’s one entry for a precompile) with its PRECOMPILE action', () => {
    const frames = [frame(0, 0, 'ROOT', longZero(1001)), frame(1, 1, 'STATICCALL', longZero(1), true), frame(2, 1, 'CALL', longZero(1002))];
    const actions = [action(0, 0, longZero(1001)), action(1, 1, longZero(1), 'PRECOMPILE'), action(2, 1, longZero(1002))];
    assert.deepEqual(
      actionsForFrames(frames, actions).map((a) => a?.index),
      [0, 1, 2],
    );
  });

  it('a frame without its action gets none, and the frames after it still find theirs', () => {
    const frames = [frame(0, 0, 'ROOT', longZero(1001)), frame(1, 1, 'CALL', longZero(1009)), frame(2, 1, 'CALL', longZero(1003))];
    const actions = [action(0, 0, longZero(1001)), action(1, 1, longZero(1003))];
    assert.deepEqual(
      actionsForFrames(frames, actions).map((a) => a?.index),
      [0, undefined, 1],
    );
    assert.deepEqual(actionsForFrames(frames, []), [undefined, undefined, undefined]);
  });
});
