// The stdio debug adapter driven byte by byte, for what DebugClient cannot send: malformed headers, oversized frames,
// a request split across many writes. Messages the adapter sends back are read with a plain Content-Length reader.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { DebugProtocol } from '@vscode/debugprotocol';

export const ADAPTER = 'dist/debug-adapter.js';

/** The whole messages at the start of `pending`, parsed into `into`; returns the bytes after them. */
export function takeMessages(pending: Buffer, into: DebugProtocol.ProtocolMessage[]): Buffer {
  let rest = pending;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return rest;
    const length = Number(/Content-Length: (\d+)/.exec(rest.toString('latin1', 0, end))?.[1]);
    if (rest.length < end + 4 + length) return rest;
    into.push(JSON.parse(rest.toString('utf8', end + 4, end + 4 + length)) as DebugProtocol.ProtocolMessage);
    rest = rest.subarray(end + 4 + length);
  }
}

export class DapWire {
  readonly messages: DebugProtocol.ProtocolMessage[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private pending: Buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  private seq = 1;
  exited = false;

  constructor() {
    this.child = spawn(process.execPath, [ADAPTER], { stdio: 'pipe' });
    this.child.on('exit', () => {
      this.exited = true;
      this.wake();
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
  }

  private read(chunk: Buffer): void {
    this.pending = takeMessages(Buffer.concat([this.pending, chunk]), this.messages);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Writes raw bytes (a header, a body, garbage), as given. */
  write(bytes: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.child.stdin.write(bytes, (err) => (err ? reject(err) : resolve())));
  }

  /** A well-formed request; returns its seq. */
  async request(command: string, args?: unknown): Promise<number> {
    const seq = this.seq++;
    const body = Buffer.from(JSON.stringify({ seq, type: 'request', command, arguments: args }));
    await this.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
    return seq;
  }

  /** The first message satisfying `test`, waiting for it (until the adapter exits). */
  async waitFor<T extends DebugProtocol.ProtocolMessage>(test: (m: DebugProtocol.ProtocolMessage) => boolean): Promise<T> {
    for (;;) {
      const found = this.messages.find(test);
      if (found) return found as T;
      if (this.exited) throw new Error(`the adapter exited; it had sent ${JSON.stringify(this.messages).slice(0, 2000)}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  response(seq: number): Promise<DebugProtocol.Response> {
    return this.waitFor((m) => m.type === 'response' && (m as DebugProtocol.Response).request_seq === seq);
  }

  /** Sends a request and waits for its response. */
  async call(command: string, args?: unknown): Promise<DebugProtocol.Response> {
    return this.response(await this.request(command, args));
  }

  close(): void {
    if (!this.exited) this.child.kill();
  }
}
