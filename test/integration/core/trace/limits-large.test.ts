// The decoder's bounds that take tens of MB to reach, each with a hostile body generated here (src/core/trace/limits.ts;
// the small ones: test/unit/core/trace/limits.test.ts): refused with ApiError('bad-response') once the bound is
// passed, never after reading the whole body.
import { strict as assert } from 'node:assert';
import { MAX_DATA_HEX_CHARS, MAX_REASONS_TOTAL_BYTES, MAX_UNIT_BYTES } from '../../../../src/core/trace/limits';
import { ENVELOPE_HEAD, reasonsBomb, repeated } from '../../../helpers/hostile-traces';
import { refused } from '../../../helpers/trace-decoding';

describe('trace limits: the 32 MB bounds', function () {
  this.timeout(120_000);

  it(`refuses a step or top-level field larger than ${MAX_UNIT_BYTES / 1024 / 1024} MB, once it is`, () => {
    const { fed } = refused(
      repeated(ENVELOPE_HEAD + '{"pc":0,"future":"', 'x', 2_000_000_000, '', 1 << 20),
      new RegExp(`step 0 is larger than ${MAX_UNIT_BYTES / 1024 / 1024} MB`),
    );
    assert.ok(fed < MAX_UNIT_BYTES + (2 << 20), `refused after ${fed} bytes`);
  });

  it('refuses a huge string: a reason, an envelope field, an unknown field', () => {
    const reason = refused(
      repeated(ENVELOPE_HEAD + '{"pc":0,"op":"REVERT","gas":1,"gas_cost":0,"depth":0,"reason":"0x', 'f', 200_000_000),
      new RegExp(`step 0: "reason" is longer than ${MAX_DATA_HEX_CHARS} bytes`),
    );
    assert.ok(reason.fed < MAX_DATA_HEX_CHARS + (2 << 20), `refused after ${reason.fed} bytes`);
    refused(repeated('{"return_value":"0x', '0', 200_000_000), /a top-level field is larger than 32 MB/);
    refused(repeated('{"junk":"', 'x', 200_000_000), /a top-level field is larger than 32 MB/);
  });

  it(`refuses reasons that take more than ${MAX_REASONS_TOTAL_BYTES / 1024 / 1024} MB together`, () => {
    refused(
      reasonsBomb(),
      new RegExp(`step 8: the reasons of the trace take more than ${MAX_REASONS_TOTAL_BYTES / 1024 / 1024} MB together`),
    );
  });
});
