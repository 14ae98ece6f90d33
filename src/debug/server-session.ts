// A server connection's debug session. Over stdio the client started the adapter itself; a loopback port can be
// reached by anything on the machine, so here the order is enforced: `initialize` first, then, when the server has
// a token, a `launch` carrying it (`"token"` in the launch configuration) before any other request. A request out
// of that order or a wrong token is refused and ends the connection, with nothing run.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Response } from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { LedgerMirrorDebugSession, type DebugHost } from './adapter';

/** Compared as digests, so the time taken says nothing about how much of the token was right. */
export function sameToken(given: string, token: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token));
}

const named = (command: unknown) => (typeof command === 'string' ? JSON.stringify(command.slice(0, 40)) : 'a request without a command');

export class ServerSession extends LedgerMirrorDebugSession {
  private stage: 'new' | 'initialized' | 'ready' = 'new';

  /** `token`: what launch must carry (none: no token); `end`: ends the connection, with why. */
  constructor(
    host: DebugHost,
    private readonly token: string | undefined,
    private readonly end: (why: string) => void,
  ) {
    super(host);
    this.setRunAsServer(true);
  }

  /** Settles once the launch's trace has been opened or has failed (or at once when there was no launch). */
  settled(): Promise<unknown> {
    return this.opening;
  }

  protected override dispatchRequest(request: DebugProtocol.Request): void {
    const refusal = this.admit(request);
    if (refusal === undefined) return super.dispatchRequest(request);
    this.sendErrorResponse(new Response(request), { id: 1012, format: refusal, showUser: true });
    this.end(refusal);
  }

  /** Why `request` is refused here, or undefined when it may run. */
  private admit(request: DebugProtocol.Request): string | undefined {
    const { command } = request;
    if (this.stage === 'new') {
      if (command !== 'initialize') return `The first request must be "initialize", not ${named(command)}; connection closed.`;
      this.stage = this.token === undefined ? 'ready' : 'initialized';
      return undefined;
    }
    if (this.stage === 'ready' || command === 'initialize' || command === 'disconnect') return undefined;
    if (command !== 'launch')
      return `This adapter serves a client that sends its token first: "launch" with "token" in the launch configuration, before ${named(command)}; connection closed.`;
    const args = request.arguments as Record<string, unknown> | undefined;
    const given = args?.token;
    if (typeof given !== 'string' || given.length > 1024 || !sameToken(given, this.token!))
      return `The launch configuration's "token" is ${given === undefined ? 'missing' : "not the one in the adapter's token file"}; connection closed.`;
    delete args!.token;
    this.stage = 'ready';
    return undefined;
  }
}
