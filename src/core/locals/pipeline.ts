// Which of solc's code generators wrote a contract's code, from the settings in its metadata: the debugger finds
// locals differently in each (fixed slots seen being pushed; fixed slots laid out from the AST; none fixed at all, and
// with the optimizer the code of an expression no longer ends with its value).
import { z } from 'zod';
import { lenient, readAs } from '../workspace/workspace-json';

/** The two settings read from solc's metadata; anything else in it, or a setting of another type, is not looked at. */
const settingsOf = z.object({
  settings: lenient(z.object({ viaIR: lenient(z.boolean()), optimizer: lenient(z.object({ enabled: lenient(z.boolean()) })) })),
});

export type Pipeline = 'legacy' | 'legacy-optimized' | 'via-ir' | 'via-ir-optimized';

/** The pipeline of a contract by its solc metadata (text or object, unchecked); legacy when it does not say. */
export function pipelineOf(metadata: unknown): Pipeline {
  let m: z.output<typeof settingsOf> | undefined;
  try {
    m = readAs(settingsOf, typeof metadata === 'string' ? JSON.parse(metadata) : metadata);
  } catch {
    return 'legacy';
  }
  const optimized = m?.settings?.optimizer?.enabled === true;
  if (m?.settings?.viaIR === true) return optimized ? 'via-ir-optimized' : 'via-ir';
  return optimized ? 'legacy-optimized' : 'legacy';
}

/** Whether the IR pipeline wrote the code (with or without the optimizer): no variable sits at a fixed slot. */
export const isViaIr = (p: Pipeline): boolean => p === 'via-ir' || p === 'via-ir-optimized';
