// `debug-adapter.js --server=PORT`: DAP on 127.0.0.1, one session per connection. A loopback port is open to every
// process on the machine and to every web page in a browser, so each connection passes the header gate
// (server-gate.ts: a browser's request is ended at its first line), then the session's order (server-session.ts:
// `initialize` first, the token with `launch`). Connections are capped, so a client opening many cannot take the
// adapter's memory; SIGTERM and SIGINT end every session and the process, whoever is connected.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { TerminatedEvent } from '@vscode/debugadapter';
import type { DebugHost } from './adapter';
import { DapFraming } from './framing';
import { DapHeaderGate } from './server-gate';
import { ServerSession } from './server-session';

export const SERVER_LIMITS = {
  /**
   * Connections (each one session) at once. An editor debugs one transaction at a time (a restart opens the next
   * connection as the last one closes); a session's trace and build output can take a few hundred MB.
   */
  sessions: 2,
  /** After SIGTERM or SIGINT, how long a client that does not read may hold up the exit. */
  closeGraceMs: 2_000,
} as const;

export interface DapServerOptions {
  /** 0: any free port. */
  port: number;
  /** What launch must carry; undefined: no token. */
  token: string | undefined;
  /** A fresh host per session. */
  host: () => DebugHost;
  /** One line for the adapter's stderr. */
  log: (line: string) => void;
}

export interface DapServer {
  port: number;
  /** Ends every session (a `terminated` event, then the connection) and stops listening. */
  close(): Promise<void>;
}

interface Connection {
  socket: Socket;
  session: ServerSession;
}

function frame(message: object): Buffer {
  const json = Buffer.from(JSON.stringify(message));
  return Buffer.concat([Buffer.from(`Content-Length: ${json.length}\r\n\r\n`), json]);
}

/** The cap's refusal: said in the client's console, then the connection ends without reading what it sent. */
function refuseConnection(socket: Socket, message: string): void {
  socket.end(
    Buffer.concat([
      frame({ seq: 1, type: 'event', event: 'output', body: { category: 'stderr', output: `${message}\n` } }),
      frame({ seq: 2, type: 'event', event: 'terminated' }),
    ]),
    () => socket.destroy(),
  );
}

export async function serveDap(options: DapServerOptions): Promise<DapServer> {
  const live = new Set<Connection>();
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    if (live.size >= SERVER_LIMITS.sessions) {
      const message = `Ledger Mirror debug adapter: already serving ${SERVER_LIMITS.sessions} sessions, the most at once; this connection is refused (end a session first).`;
      options.log(message);
      return refuseConnection(socket, message);
    }
    const session = new ServerSession(options.host(), options.token, (why) => {
      options.log(`Ended a connection: ${why}`);
      socket.end(() => socket.destroy());
    });
    const connection = { socket, session };
    live.add(connection);
    const gate = new DapHeaderGate((why) => {
      options.log(`Refused a connection that does not speak DAP (${why}); nothing was run.`);
      socket.destroy();
    });
    session.start(socket.pipe(gate).pipe(new DapFraming((problem) => session.refuseFrame(problem))), socket);
    socket.once('close', () => {
      session.close();
      // Its place is free once a trace it was opening is open or failed, so closing connections cannot pile up work.
      void session.settled().then(() => live.delete(connection));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.close();
      await Promise.all([...live].map(({ socket, session }) => endSession(socket, session)));
    },
  };
}

function endSession(socket: Socket, session: ServerSession): Promise<void> {
  if (socket.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    session.sendEvent(new TerminatedEvent());
    session.close();
    socket.end(() => socket.destroy());
    setTimeout(() => socket.destroy(), SERVER_LIMITS.closeGraceMs).unref();
  });
}
