// Starts a debug session over DAP the way VS Code does: initialize, launch with `args`, `configure` between the
// `initialized` event and configurationDone (breakpoints), then resolves with the first stop. A suite can have a
// fresh adapter process per test.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { ADAPTER } from './dap-wire';

export async function launchAndStop(
  dc: DebugClient,
  args: Record<string, unknown>,
  configure: () => Promise<unknown> = async () => {},
): Promise<DebugProtocol.StoppedEvent> {
  await dc.initializeRequest({
    adapterID: 'ledger-mirror',
    linesStartAt1: true,
    columnsStartAt1: true,
    pathFormat: 'path',
    supportsMemoryReferences: true,
  });
  const initialized = dc.waitForEvent('initialized', 60_000);
  const launched = dc.launchRequest(args as DebugProtocol.LaunchRequestArguments);
  await initialized;
  await configure();
  const stopped = dc.waitForEvent('stopped', 60_000) as Promise<DebugProtocol.StoppedEvent>;
  await dc.configurationDoneRequest();
  await launched;
  return stopped;
}

/** A scope's variables of frame `frameId`, as `name` → value. */
export async function scopeValues(dc: DebugClient, frameId: number, name: string): Promise<Record<string, string>> {
  const scopes = (await dc.scopesRequest({ frameId })).body.scopes;
  const scope = scopes.find((s) => s.name === name);
  assert.ok(scope, `no ${name} scope among ${scopes.map((s) => s.name).join(', ')}`);
  const vars = (await dc.variablesRequest({ variablesReference: scope.variablesReference })).body.variables;
  return Object.fromEntries(vars.map((v) => [v.name, v.value]));
}

/** A stdio adapter started afresh for each test of the calling suite, and stopped after it. */
export function freshAdapter(): () => DebugClient {
  let dc: DebugClient;
  before(() => assert.ok(existsSync(ADAPTER), `${ADAPTER} is missing: run \`npm run build\` first`));
  beforeEach(async () => {
    dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
    await dc.start();
  });
  afterEach(() => dc.stop());
  return () => dc;
}
