// Zod building blocks for JSON the workspace's tools wrote (build output, deployment records): a field that is
// missing or of another type reads as absent, and a list entry that does not fit is dropped, so one odd field never
// costs the rest of the file and nothing is guessed at.
import { z } from 'zod';

/** `schema`, or undefined when the value is absent or does not fit it. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** A string with at least one character, else undefined. */
export const nonEmptyText = lenient(z.string().min(1));

/** The first `max` items of an array that fit `item`; the others are dropped. Not an array: the schema fails. */
export function kept<T extends z.ZodType>(item: T, max = Infinity) {
  return z.array(z.unknown()).transform((items) =>
    items.slice(0, max).flatMap((raw) => {
      const parsed = item.safeParse(raw);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    }),
  );
}

/** `json` read by `schema`, or undefined when it does not fit. */
export function readAs<T extends z.ZodType>(schema: T, json: unknown): z.output<T> | undefined {
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
