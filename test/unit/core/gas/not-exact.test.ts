// A hostile trace whose gas swings near 2^53 from step to step: the profile refuses it instead of showing totals
// that doubles have rounded; the same shape with a real transaction's gas is profiled exactly.
import { strict as assert } from 'node:assert';
import { GasNotExactError, profileGas } from '../../../../src/core/gas/profile';
import { profileView } from '../../../../src/core/gas/view';
import { TraceDecoder } from '../../../../src/core/trace/decoder';
import { MAX_GAS } from '../../../../src/core/trace/limits';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import { body, step } from '../../../helpers/hostile-traces';

function decode(text: string): ColumnarTrace {
  const decoder = new TraceDecoder();
  decoder.write(Buffer.from(text));
  return decoder.finish();
}

/** `n` steps whose remaining gas alternates between `high` and 0 (each value within the decoder's bound). */
const swinging = (n: number, high: number) =>
  body(Array.from({ length: n }, (_, i) => step({ pc: i, gas: i % 2 ? 0 : high, gas_cost: 1 })));

describe('gas profile of a trace whose gas cannot be summed exactly', () => {
  it('is refused with GasNotExactError naming 2^53, not rounded', () => {
    const trace = decode(swinging(8, MAX_GAS));
    assert.throws(
      () => profileGas(trace),
      (err: unknown) => err instanceof GasNotExactError && /2\^53/.test(err.message),
    );
  });

  it('the same shape with a real gas limit is profiled, its totals exact integers', () => {
    const profile = profileGas(decode(swinging(8, 15_000_000)));
    for (const node of profile.nodes) assert.ok(Number.isSafeInteger(node.inclusive) && Number.isSafeInteger(node.exclusive), node.label);
    assert.ok(Number.isSafeInteger(profile.total));
  });

  it('the empty profile the panel shows instead has a view with no boxes', () => {
    assert.deepEqual(profileView({ total: 0, nodes: [], lines: [], withSources: false }).nodes, []);
  });
});
