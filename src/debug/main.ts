// `node dist/debug-adapter.js`: the debugger as a standalone Debug Adapter speaking DAP over stdin/stdout, for
// Neovim (nvim-dap), Emacs (dape) and any other DAP client. `--server=PORT` serves DAP on 127.0.0.1:PORT instead,
// one session per connection, so the adapter itself can run under a debugger while a client (a launch
// configuration with "debugServer": PORT) drives it.
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { LedgerMirrorDebugSession } from './adapter';
import { DapFraming } from './framing';
import { StandaloneHost } from './standalone-host';

const newSession = () => new LedgerMirrorDebugSession(new StandaloneHost(process.cwd()));

function serverPort(): number | undefined {
  const { server } = parseArgs({ options: { server: { type: 'string' } }, strict: false }).values;
  if (server === undefined) return undefined;
  const port = Number(server);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`--server needs a port number from 1 to 65535, not ${String(server)}`);
  return port;
}

const port = serverPort();
if (port === undefined) {
  const session = newSession();
  process.on('SIGTERM', () => session.shutdown());
  // The library reads only frames this reader has checked (see framing.ts).
  session.start(process.stdin.pipe(new DapFraming((problem) => session.refuseFrame(problem))), process.stdout);
} else {
  const server = createServer((socket) => {
    const session = newSession();
    session.setRunAsServer(true);
    session.start(socket.pipe(new DapFraming((problem) => session.refuseFrame(problem))), socket);
  });
  server.listen(port, '127.0.0.1', () => console.error(`Ledger Mirror debug adapter: DAP on 127.0.0.1:${port}`));
  process.on('SIGTERM', () => server.close());
}
