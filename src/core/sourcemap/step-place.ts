// Where the stepper's editor shows a step: its instruction's own place, except at a REVERT or INVALID, which is
// placed where the debugger places it (Program.revertStep): the optimizer shares one revert routine among functions,
// and its source map names whichever function it was first written for, not the one that reverted.
import type { Trace } from '../../shared/trace-model';
import { Program } from './program';
import type { SourceFiles } from './source-files';
import type { StepSource, TraceSources } from './trace-sources';

export async function locateStep(trace: Trace, sources: TraceSources, files: SourceFiles, step: number): Promise<StepSource> {
  const { op, opNames } = trace.columns();
  const name = opNames[op[step]];
  if (name !== 'REVERT' && name !== 'INVALID') return sources.locate(step);
  const placed = (await Program.cached(trace, sources, files)).revertStep(step);
  if (placed === undefined || placed === step) return sources.locate(step);
  return { ...(await sources.locate(placed)), step };
}
