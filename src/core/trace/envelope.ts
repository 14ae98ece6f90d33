// The opcodes response's fields around the steps (address, contract id, gas, failed, return value), checked with
// zod once the body has ended.
import { z } from 'zod';
import { ApiError } from '../errors';

/**
 * The opcodes response minus `opcodes` (spec §2.2; all six fields are required). The steps are validated by the
 * scanner as they stream past; this small object is checked once the body has ended.
 */
const EnvelopeSchema = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex'),
  contract_id: z
    .string()
    .regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/, 'must be an entity id like 0.0.1234')
    .nullable(),
  failed: z.boolean(),
  gas: z.number().int(),
  return_value: z.string().regex(/^(0x)?[0-9a-fA-F]*$/, 'must be hex'),
});

export type Envelope = z.infer<typeof EnvelopeSchema>;

export function validateEnvelope(values: Record<string, unknown>, sawOpcodes: boolean): Envelope {
  const parsed = EnvelopeSchema.safeParse(values);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `"${i.path.join('.')}" ${i.message}`);
  if (!sawOpcodes) problems.unshift('"opcodes" is missing');
  if (problems.length > 0 || !parsed.success) {
    throw new ApiError('bad-response', `The trace response is not an opcodes result: ${problems.join('; ')}.`);
  }
  return parsed.data;
}
