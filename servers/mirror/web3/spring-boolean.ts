// Spring's StringToBooleanConverter for `@RequestParam(defaultValue = …) boolean` parameters.

const TRUE_VALUES = new Set(['true', 'on', 'yes', '1']);
const FALSE_VALUES = new Set(['false', 'off', 'no', '0']);

export class InvalidBooleanParameter extends Error {}

/**
 * Missing or blank values take the default; a repeated parameter is converted from its first value (Spring's
 * array-to-object conversion); anything else but the accepted words is a 400 with the converter's message.
 */
export function parseSpringBoolean(values: readonly string[], defaultValue: boolean): boolean {
  const source = values[0];
  if (source === undefined) return defaultValue;
  const value = source.trim().toLowerCase();
  if (value === '') return defaultValue;
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  throw new InvalidBooleanParameter(`Invalid boolean value '${source}'`);
}
