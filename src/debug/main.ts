// `node dist/debug-adapter.js`: the debugger as a standalone Debug Adapter speaking DAP over stdin/stdout, for
// Neovim (nvim-dap), Emacs (dape) and any other DAP client. `--server=PORT` serves DAP on 127.0.0.1:PORT instead,
// one session per connection (server.ts), so the adapter itself can run under a debugger while a client drives it.
// A fixed port asks for a token (`--token-file F`, default one in the user's cache folder; `--no-token` for none);
// port 0 takes a free port and asks for a token only when `--token-file` is given.
import { parseArgs } from 'node:util';
import { LedgerMirrorDebugSession } from './adapter';
import { DapFraming } from './framing';
import { serveDap } from './server';
import { defaultTokenFile, serverToken } from './server-token';
import { StandaloneHost } from './standalone-host';

interface ServerArgs {
  port: number;
  tokenFile: string | undefined;
}

function serverArgs(): ServerArgs | undefined {
  const { values } = parseArgs({
    options: { server: { type: 'string' }, 'token-file': { type: 'string' }, 'no-token': { type: 'boolean' } },
    strict: false,
  });
  const { server } = values;
  if (server === undefined) return undefined;
  const port = Number(server);
  if (typeof server !== 'string' || !/^\d{1,5}$/.test(server) || port > 65535)
    throw new Error(`--server needs a port number from 0 to 65535, not ${String(server)}`);
  const given = typeof values['token-file'] === 'string' ? values['token-file'] : undefined;
  if (given !== undefined && values['no-token']) throw new Error('--token-file and --no-token contradict each other');
  return { port, tokenFile: given ?? (port !== 0 && !values['no-token'] ? defaultTokenFile(port) : undefined) };
}

async function main(): Promise<void> {
  const args = serverArgs();
  if (args === undefined) {
    const session = new LedgerMirrorDebugSession(new StandaloneHost(process.cwd()));
    process.on('SIGTERM', () => session.shutdown());
    // The library reads only frames this reader has checked (see framing.ts).
    session.start(process.stdin.pipe(new DapFraming((problem) => session.refuseFrame(problem))), process.stdout);
    return;
  }
  const token = args.tokenFile === undefined ? undefined : serverToken(args.tokenFile);
  const log = (line: string) => console.error(line);
  const server = await serveDap({
    port: args.port,
    token,
    // Launch paths stay inside the folder the adapter runs in (or the launch's "cwd" below it).
    host: () => new StandaloneHost(process.cwd(), [process.cwd()], { confined: true }),
    log,
  });
  log(
    `Ledger Mirror debug adapter: DAP on 127.0.0.1:${server.port}${args.tokenFile ? `; clients send the token in ${args.tokenFile} as "token" in the launch configuration` : ''}`,
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
}

main().catch((err: unknown) => {
  console.error(`Ledger Mirror debug adapter: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
