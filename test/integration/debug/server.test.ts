// `node dist/debug-adapter.js --server=PORT`: the adapter serves DAP on a loopback port, one session per connection,
// so its own code can run under a debugger while a client drives it (the "Debug Adapter (server)" launch). A
// loopback port is open to every process and every browser page on the machine (issue 26): a connection that does
// not start with a DAP header is ended with nothing run, `initialize` comes first, a fixed port asks for a token,
// connections are capped, SIGTERM and SIGINT end it whoever is connected, and a launch reads files only inside
// the workspace, naming a refused or unreadable file without its bytes.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { waitUntil } from '../../helpers/wait';
import { ADAPTER } from '../helpers/dap-wire';
import { ADAPTER_PATH, DapSocket, dapFrame, startServerAdapter, type ServerAdapter } from '../helpers/dap-socket';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';

const INIT = { adapterID: 'ledger-mirror', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' };

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** An HTTP server that counts what reaches it: the place a hostile page would make the adapter fetch. */
async function countingServer(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits++;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('debug adapter as a server (--server=PORT)', function () {
  this.timeout(120_000);
  let adapter: ServerAdapter | undefined;
  const sockets: DapSocket[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-server-'));
    dirs.push(dir);
    return dir;
  };
  const open = async (port = adapter!.port) => {
    const socket = await DapSocket.open(port);
    sockets.push(socket);
    return socket;
  };

  let ref: ReferenceMirror;
  before(async () => {
    assert.ok(existsSync(ADAPTER), `${ADAPTER} is missing: run \`npm run build\` first`);
    ref = await startReference('post-op');
  });
  after(() => ref.close());
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
    adapter?.child.kill();
    adapter = undefined;
  });
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('answers DAP on the port, a session per connection', async () => {
    adapter = await startServerAdapter(['--server=0']);
    for (const _ of [1, 2]) {
      const dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
      await dc.start(adapter.port);
      try {
        const { body } = await dc.initializeRequest(INIT);
        assert.equal(body?.supportsStepBack, true);
      } finally {
        await dc.stop();
      }
    }
  });

  it('refuses a port that is not a port, saying so', () => {
    const run = spawnSync(process.execPath, [ADAPTER, '--server=http'], { encoding: 'utf8' });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /--server needs a port number from 0 to 65535, not http/);
  });

  describe('a browser page cannot make it act', () => {
    let target: Awaited<ReturnType<typeof countingServer>>;
    beforeEach(async () => (target = await countingServer()));
    afterEach(() => target.close());

    /** The launch a page would send: fetch a URL of its choice and open a local file. */
    const launchBody = () =>
      JSON.stringify({
        seq: 1,
        type: 'request',
        command: 'launch',
        arguments: { transaction: '0.0.2-1700000000-000000001', mirrorUrl: target.url },
      });

    const requests: Record<string, () => string> = {
      // What `fetch(url, {mode: 'no-cors', method: 'POST', body})` sends: a request line, then the browser's headers.
      'a fetch() POST with text/plain': () => {
        const body = launchBody();
        return [
          'POST / HTTP/1.1',
          'Host: 127.0.0.1',
          'Connection: keep-alive',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Content-Type: text/plain;charset=UTF-8',
          'Origin: https://evil.example',
          'User-Agent: Mozilla/5.0',
          '',
          body,
        ].join('\r\n');
      },
      'a GET request line': () => 'GET /?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      'Content-Length followed by another header': () => {
        const body = launchBody();
        return `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: text/plain\r\n\r\n${body}`;
      },
      'a header that is not Content-Length': () => `Content-Type: application/json\r\n\r\n${launchBody()}`,
    };
    for (const [what, bytes] of Object.entries(requests))
      it(`ends ${what} with nothing sent back and nothing run`, async () => {
        adapter = await startServerAdapter(['--server=0']);
        const socket = await open();
        socket.write(bytes());
        await socket.whenClosed();
        assert.equal(socket.received, 0, 'not a byte is sent back');
        await waitUntil('the refusal in the log', () => /Refused a connection that does not speak DAP/.test(adapter!.stderr()));
        assert.equal(target.hits(), 0, 'the page named a URL: nothing fetched it');
        // The adapter goes on serving real clients.
        const next = await open();
        assert.equal((await next.call('initialize', INIT)).success, true);
      });

    it('refuses a launch before initialize and ends the connection, fetching nothing', async () => {
      adapter = await startServerAdapter(['--server=0']);
      const socket = await open();
      socket.write(dapFrame(JSON.parse(launchBody()) as object));
      const answer = await socket.response(1);
      assert.equal(answer.success, false);
      assert.match(answer.message ?? '', /The first request must be "initialize", not "launch"; connection closed/);
      await socket.whenClosed();
      assert.equal(target.hits(), 0);
    });
  });

  describe('token', () => {
    it('a fixed port makes a token file readable by its owner only, and a launch needs its token', async () => {
      const cache = tempDir();
      const port = await freePort();
      adapter = await startServerAdapter([`--server=${port}`], { env: { XDG_CACHE_HOME: cache } });
      const file = join(cache, 'ledger-mirror', `debug-adapter-${port}.token`);
      assert.match(adapter.stderr(), new RegExp(`clients send the token in ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      assert.equal(statSync(file).mode & 0o777, 0o600);
      const token = readFileSync(file, 'utf8').trim();
      assert.ok(token.length >= 32);
      assert.ok(!adapter.stderr().includes(token), 'the token is never printed');

      // Without it, nothing but initialize is answered.
      const without = await open(port);
      assert.equal((await without.call('initialize', INIT)).success, true);
      const refused = await without.call('setBreakpoints', { source: { path: '/x.sol' }, breakpoints: [] });
      assert.match(refused.message ?? '', /sends its token first: "launch" with "token"/);
      await without.whenClosed();

      const wrong = await open(port);
      await wrong.call('initialize', INIT);
      const bad = await wrong.call('launch', { token: 'x'.repeat(64), traceFile: 'nothing.json' });
      assert.match(bad.message ?? '', /"token" is not the one in the adapter's token file; connection closed/);
      await wrong.whenClosed();

      // With it, the launch goes ahead (and fails on its own terms: there is no such file).
      const right = await open(port);
      await right.call('initialize', INIT);
      const launched = await right.call('launch', { token, traceFile: 'no-such-trace.json' });
      assert.equal(launched.success, false);
      assert.match(launched.message ?? '', /no-such-trace\.json/);
      assert.ok(!right.said().includes(token));
      assert.equal(right.closed, false);
    });

    it('reads a given --token-file, and refuses one too short to be a secret', async () => {
      const dir = tempDir();
      const file = join(dir, 'token');
      writeFileSync(file, 'a-token-of-at-least-16-chars\n');
      adapter = await startServerAdapter(['--server=0', '--token-file', file]);
      const socket = await open();
      await socket.call('initialize', INIT);
      const launched = await socket.call('launch', { token: 'a-token-of-at-least-16-chars', traceFile: 'none.json' });
      assert.doesNotMatch(launched.message ?? '', /token/);
      writeFileSync(file, 'short\n');
      const run = spawnSync(process.execPath, [ADAPTER_PATH, '--server=0', '--token-file', file], { encoding: 'utf8' });
      assert.equal(run.status, 2);
      assert.match(run.stderr, /The token in .* is shorter than 16 characters/);
    });
  });

  it('serves at most 2 connections at once, refusing the next one clearly, and takes one again once a place is free', async () => {
    adapter = await startServerAdapter(['--server=0']);
    const first = await open();
    const second = await open();
    for (const s of [first, second]) assert.equal((await s.call('initialize', INIT)).success, true);
    const third = await open();
    await third.whenClosed();
    assert.match(third.said(), /already serving 2 sessions, the most at once; this connection is refused/);
    assert.ok(third.messages.some((m) => (m as { event?: string }).event === 'terminated'));
    first.close();
    // The place is freed as the adapter sees the connection close: retried until it has.
    let again: DapSocket | undefined;
    for (let i = 0; i < 200 && !again; i++) {
      const s = await open();
      s.request('initialize', INIT);
      await waitUntil('an answer or a refusal', () => s.closed || s.messages.some((m) => m.type === 'response'));
      if (!s.closed) again = s;
    }
    assert.ok(again, 'a connection is served again');
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    it(`ends on ${signal} while a client stays connected: the session is told, then the process exits`, async () => {
      adapter = await startServerAdapter(['--server=0']);
      const client = await open();
      await client.call('initialize', INIT);
      adapter.child.kill(signal);
      assert.equal(await adapter.exit, 0);
      await client.whenClosed();
      assert.ok(client.messages.some((m) => (m as { event?: string }).event === 'terminated'));
    });

  describe('a launch reads files only inside the workspace, and never quotes their bytes', () => {
    let ws: string;
    let outside: string;
    let session: DapSocket;
    beforeEach(async () => {
      ws = tempDir();
      outside = tempDir();
      writeFileSync(join(outside, 'secret.json'), '"SECRET-MARKER in a file outside"');
      writeFileSync(join(ws, 'not-a-trace.json'), 'SECRET-INSIDE');
      mkdirSync(join(ws, 'sub'));
      adapter = await startServerAdapter(['--server=0'], { cwd: ws });
      session = await open();
      await session.call('initialize', INIT);
    });

    it('refuses a trace file outside, naming it, without its bytes or whether it exists', async () => {
      for (const path of [join(outside, 'secret.json'), '../' + join('..', outside, 'secret.json'), join(outside, 'missing.json')]) {
        const answer = await session.call('launch', { traceFile: path });
        assert.equal(answer.success, false);
        assert.match(answer.message ?? '', /outside the workspace folder/);
      }
      assert.doesNotMatch(session.said(), /SECRET|found '/);
    });

    it('names a trace file inside that is not a trace by the kind of problem, not its first byte', async () => {
      const answer = await session.call('launch', { traceFile: 'not-a-trace.json' });
      assert.match(answer.message ?? '', /not-a-trace\.json is not a valid opcode trace \(malformed at byte 0: expected a JSON object\)/);
      assert.doesNotMatch(session.said(), /SECRET|'S'/);
    });

    it('skips build output outside with a note, and refuses a "cwd" outside the folder it serves', async () => {
      writeFileSync(join(ws, 'trace.json'), await ref.body('success'));
      session.request('launch', { traceFile: 'trace.json', buildOutput: [outside, 'sub'] });
      await waitUntil('the trace to open', () => session.messages.some((m) => (m as { event?: string }).event === 'initialized'));
      assert.match(session.said(), new RegExp(`Build output skipped: ${outside}: outside the workspace folder`));
      const other = await open();
      await other.call('initialize', INIT);
      const cwd = await other.call('launch', { cwd: outside, traceFile: 'secret.json' });
      assert.match(cwd.message ?? '', /"cwd" .* is not a folder inside .*, which this adapter serves/);
      assert.doesNotMatch(session.said() + other.said(), /SECRET/);
    });
  });

  describe('memory', () => {
    it('16 clients launching at once: 2 are served, the rest refused, peak RSS under 1 GB', async () => {
      const rssFile = join(tempDir(), 'rss');
      adapter = await startServerAdapter(['--server=0'], {
        env: { LEDGER_MAX_RSS_FILE: rssFile, NODE_OPTIONS: `--require ${join(__dirname, '..', 'helpers', 'max-rss.cjs')}` },
      });
      const clients = await Promise.all(Array.from({ length: 16 }, () => open()));
      for (const c of clients) {
        c.request('initialize', INIT);
        c.request('launch', { transaction: ref.info('success').transactionId, mirrorUrl: ref.mirror.url, memory: true, storage: true });
      }
      await waitUntil('every client answered or refused', () =>
        clients.every((c) => c.closed || c.messages.some((m) => (m as { event?: string }).event === 'initialized')),
      );
      const served = clients.filter((c) => !c.closed);
      assert.equal(served.length, 2);
      for (const c of clients.filter((c) => c.closed)) assert.match(c.said(), /already serving 2 sessions/);
      adapter.child.kill('SIGTERM');
      assert.equal(await adapter.exit, 0);
      const peakMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
      assert.ok(peakMb < 1024, `peak RSS ${peakMb.toFixed(0)} MB`);
    });
  });
});
