// The debug adapter's server mode driven over a raw loopback socket: the adapter process (`--server=…`, its port
// read from its stderr) and connections that send exactly the bytes given (a browser's request, a DAP request out
// of order), with every message the adapter sends back and whether it closed the connection.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { waitUntil } from '../../helpers/wait';
import { ADAPTER, takeMessages } from './dap-wire';

export const ADAPTER_PATH = join(process.cwd(), ADAPTER);

export interface ServerAdapter {
  child: ChildProcess;
  port: number;
  /** Everything it wrote on stderr so far. */
  stderr(): string;
  exit: Promise<number | null>;
}

/** Starts `dist/debug-adapter.js` with `args` in `cwd` and waits for it to say its port. */
export async function startServerAdapter(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<ServerAdapter> {
  const child = spawn(process.execPath, [ADAPTER_PATH, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exited = false;
  void exit.then(() => (exited = true));
  await waitUntil('the adapter to listen', () => exited || /DAP on 127\.0\.0\.1:\d+/.test(said));
  const port = Number(/DAP on 127\.0\.0\.1:(\d+)/.exec(said)?.[1]);
  if (!port) throw new Error(`the adapter did not start: ${said}`);
  return { child, port, stderr: () => said, exit };
}

export function dapFrame(message: object): Buffer {
  const json = Buffer.from(JSON.stringify(message));
  return Buffer.concat([Buffer.from(`Content-Length: ${json.length}\r\n\r\n`), json]);
}

export class DapSocket {
  readonly messages: DebugProtocol.ProtocolMessage[] = [];
  /** Bytes received in all. */
  received = 0;
  closed = false;
  private pending: Buffer = Buffer.alloc(0);
  private seq = 1;
  private readonly socket: Socket;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => (this.closed = true));
  }

  static async open(port: number): Promise<DapSocket> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new DapSocket(socket);
  }

  private read(chunk: Buffer): void {
    this.received += chunk.length;
    this.pending = takeMessages(Buffer.concat([this.pending, chunk]), this.messages);
  }

  write(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  /** Sends a request; returns its seq. */
  request(command: string, args?: unknown): number {
    const seq = this.seq++;
    this.write(dapFrame({ seq, type: 'request', command, arguments: args }));
    return seq;
  }

  async response(seq: number): Promise<DebugProtocol.Response> {
    const find = () => this.messages.find((m) => m.type === 'response' && (m as DebugProtocol.Response).request_seq === seq);
    await waitUntil(`the response to request ${seq}`, () => find() !== undefined || this.closed);
    const found = find();
    if (!found) throw new Error(`the connection closed without answering request ${seq}: ${JSON.stringify(this.messages)}`);
    return found as DebugProtocol.Response;
  }

  async call(command: string, args?: unknown): Promise<DebugProtocol.Response> {
    return this.response(this.request(command, args));
  }

  /** Resolves once the adapter has closed the connection. */
  whenClosed(): Promise<void> {
    return waitUntil('the adapter to close the connection', () => this.closed);
  }

  /** Everything the adapter said on the console and in refusals, as one text. */
  said(): string {
    return this.messages
      .map((m) =>
        m.type === 'event' && (m as DebugProtocol.Event).event === 'output'
          ? (m as DebugProtocol.OutputEvent).body.output
          : m.type === 'response'
            ? ((m as DebugProtocol.Response).message ?? '') + JSON.stringify((m as DebugProtocol.Response).body ?? {})
            : '',
      )
      .join('\n');
  }

  close(): void {
    this.socket.destroy();
  }
}
