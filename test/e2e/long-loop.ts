// The reference mirror's long loop at a given length, served by a mirror of its own, and a workbench pointed at
// that mirror: what the scenarios at size (trace-large, trace-open-20k) open.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEvmTraceProvider, type TraceCaseInfo } from '../../servers/mirror/evm/index';
import { LONG_LOOP } from '../../servers/mirror/evm/cases';
import { startMirror, type RunningMirror } from '../../servers/mirror/server';
import { openWorkbench, type Workbench } from './harness';

export interface LongLoop {
  mirror: RunningMirror;
  workbench: Workbench;
  loop: TraceCaseInfo;
}

/** `log` receives the mirror's request lines (each once its response has closed). */
export async function longLoopWorkbench(steps: number, log?: (line: string) => void): Promise<LongLoop> {
  const traces = await createEvmTraceProvider({ longLoop: true, longLoopSteps: steps });
  const loop = traces.cases.find((c) => c.name === LONG_LOOP.name);
  assert.ok(loop, 'the provider recorded the long loop');
  // Both the extension and a test may fetch the trace: no rate limit to wait out.
  const mirror = await startMirror({ traces, opcodeRequestsPerSecond: Infinity, log });
  const workbench = await openWorkbench();
  const settingsFile = join(workbench.workspace, '.vscode/settings.json');
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(settingsFile, JSON.stringify({ ...settings, 'ledgerMirror.mirrorUrl': mirror.url }, null, 2));
  return { mirror, workbench, loop };
}
