// Writing replies the way the real modules do: JSON bodies gzip-compressed when the client accepts gzip and the
// body reaches the module's compression threshold, and streamed bodies (opcode traces) always compressed when
// accepted, with backpressure so a multi-hundred-MB trace never sits in memory.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createGzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Writable } from 'node:stream';

const gzipAsync = promisify(gzip);

export type Sink = (chunk: string) => Promise<void>;

export type Reply =
  | {
      kind: 'json';
      status: number;
      body: string;
      headers: Record<string, string>;
      /** Smallest body the module compresses (Express compression: 1 KiB; Spring Boot: 2 KiB). */
      gzipMinBytes: number;
    }
  | {
      kind: 'stream';
      status: number;
      headers: Record<string, string>;
      /** Throws to abort; once a chunk is out the connection is cut, as a server failing mid-body would. */
      write: (sink: Sink) => Promise<void>;
    };

/** True when Accept-Encoding lists gzip (or `*`) with a non-zero quality. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const quality = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)).find(Boolean);
    return !quality || Number(quality[1]) > 0;
  });
}

class ClientGoneError extends Error {
  constructor() {
    super('client closed the connection');
  }
}

async function writeWithBackpressure(target: Writable, res: ServerResponse, chunk: string): Promise<void> {
  if (res.destroyed || res.writableEnded) throw new ClientGoneError();
  if (target.write(chunk)) return;
  // Whichever event loses the race must not leave its listener behind: a long trace waits here many times.
  const loser = new AbortController();
  try {
    const drained = await Promise.race([
      once(target, 'drain', { signal: loser.signal }).then(() => true),
      once(res, 'close', { signal: loser.signal }).then(() => false),
    ]);
    if (!drained) throw new ClientGoneError();
  } finally {
    loser.abort();
  }
}

export async function sendReply(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
  const gzipOk = acceptsGzip(req.headers['accept-encoding']);
  const headOnly = req.method === 'HEAD';
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);

  if (reply.kind === 'json') {
    let body: Buffer = Buffer.from(reply.body, 'utf8');
    if (body.length >= reply.gzipMinBytes) res.setHeader('vary', 'Accept-Encoding');
    if (gzipOk && body.length >= reply.gzipMinBytes) {
      body = await gzipAsync(body);
      res.setHeader('content-encoding', 'gzip');
    }
    res.setHeader('content-length', body.length);
    res.end(headOnly ? undefined : body);
    return;
  }

  res.setHeader('vary', 'Accept-Encoding');
  if (headOnly) {
    res.end();
    return;
  }
  const zip = gzipOk ? createGzip() : undefined;
  if (zip) {
    res.setHeader('content-encoding', 'gzip');
    zip.pipe(res);
  }
  const target: Writable = zip ?? res;
  let wrote = false;
  try {
    await reply.write(async (chunk) => {
      wrote = true;
      await writeWithBackpressure(target, res, chunk);
    });
  } catch (error) {
    if (wrote || error instanceof ClientGoneError) {
      res.destroy();
      return;
    }
    // Nothing was sent yet, so the caller can still answer with an error body.
    zip?.unpipe(res);
    zip?.destroy();
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    throw error;
  }
  target.end();
  await finished(res).catch(() => undefined);
}
