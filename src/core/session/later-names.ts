// A trace's names in two passes. What the workspace's build output and the mirror's result and actions name is shown
// with the trace at once; the ABIs of the verified contracts the trace ran (a verification server and a mirror code
// lookup per frame: seconds on a real network, or no answer at all) are added when they arrive, and the session's
// front-ends redraw by name in place. The CLI prints once, so it waits for both (cli/trace-names.ts).
import type { AbiRegistry } from '../names/registry';
import { TraceNames, type NameSources } from './names';
import type { TraceSession } from './session';

/** Adds ABIs to `abis`; resolves true when it added any. */
export type MoreAbis = (abis: AbiRegistry) => Promise<boolean>;

/**
 * Adds what `more` finds to the ABIs `session` was named from (so its events decode with them too) and names the
 * session again when it found any. Rejects as `more` does; the session keeps the names it has.
 */
export async function nameLater(session: TraceSession, sources: NameSources, more: MoreAbis): Promise<void> {
  if (await more(sources.abis)) session.rename(TraceNames.build(session.trace, sources));
}
