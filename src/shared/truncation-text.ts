// What a trace the mirror cut short tells the user: the same words in the panel, the CLI and the debugger. Newer
// mirrors cap every trace (a number of opcodes, and memory words, stack items and storage entries across it) and end
// a capped one with a marker entry the decoder drops; nothing in the trace says how the transaction went on.

/** What a user can do about a capped trace. */
export const HIGHER_LIMITS = 'For the whole trace, fetch it from a mirror with higher limits: a self-hosted mirror or a local node.';

const count = (n: number) => n.toLocaleString('en-US');

/** The header's banner, the CLI's note and the debugger's first console line. */
export function truncatedNotice(steps: number): string {
  return `The mirror cut this trace after ${count(steps)} steps (its trace limits): what the transaction did after that is missing, so the trace does not show how it ended. ${HIGHER_LIMITS}`;
}

/** Said when stepping runs past the last step of a cut trace, instead of ending as if the transaction had finished. */
export function pastLastStepNotice(steps: number): string {
  return `End of what the mirror sent: it cut the trace after step ${count(steps - 1)}, and the rest of the transaction is missing (it did not end here). ${HIGHER_LIMITS}`;
}

/** The debugger's stop description at the last step of a cut trace (short: it shows beside the thread). */
export const CUT_END = 'End of what the mirror sent: the trace was cut here';
