// `node dist/debug-adapter.js --server=PORT`: the adapter serves DAP on a loopback port, one session per connection,
// so its own code can run under a debugger while a client drives it (the "Debug Adapter (server)" launch).
import { strict as assert } from 'node:assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { waitUntil } from '../../helpers/wait';

const ADAPTER = 'dist/debug-adapter.js';

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('debug adapter as a server (--server=PORT)', function () {
  this.timeout(60_000);
  let adapter: ChildProcess | undefined;

  before(() => assert.ok(existsSync(ADAPTER), `${ADAPTER} is missing: run \`npm run build\` first`));
  afterEach(() => adapter?.kill());

  it('answers DAP on the port, a session per connection', async () => {
    const port = await freePort();
    adapter = spawn(process.execPath, [ADAPTER, `--server=${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    adapter.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await waitUntil('the adapter to listen', () => said.includes(`DAP on 127.0.0.1:${port}`));
    for (const _ of [1, 2]) {
      const dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
      await dc.start(port);
      try {
        const { body } = await dc.initializeRequest({
          adapterID: 'ledger-mirror',
          linesStartAt1: true,
          columnsStartAt1: true,
          pathFormat: 'path',
        });
        assert.equal(body?.supportsStepBack, true);
      } finally {
        await dc.stop();
      }
    }
  });

  it('refuses a port that is not a port, saying so', () => {
    const run = spawnSync(process.execPath, [ADAPTER, '--server=http'], { encoding: 'utf8' });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /--server needs a port number from 1 to 65535, not http/);
  });
});
