// A loopback HTTP server that misbehaves on purpose, one way per path prefix: `${url}/<scenario>/…` answers every
// request below it (so `--mirror ${url}/bomb` makes the CLI's token request hit the bomb). Payloads are generated
// on the fly, never stored: the gzip bomb is a gzip stream of spaces written under back-pressure, so the server
// only compresses what the client actually reads.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { parseJson, stringifyJson } from '../../../src/core/json';
import { TOKEN_SPECS } from '../../helpers/mirror-data';

const OPCODES = join(__dirname, '../../data/mirror/opcodes');

export interface HostileRequest {
  scenario: string;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface HostileServer {
  url: string;
  requests: HostileRequest[];
  /** Requests per scenario. */
  count(scenario: string): number;
  close(): Promise<void>;
}

type Scenario = (req: HostileRequest, res: ServerResponse, server: { url: string; n: number }) => void;

const MIB = 1024 * 1024;
const JSON_HEAD = { 'content-type': 'application/json' };
const ERROR_429 = '{"_status":{"messages":[{"message":"Too Many Requests","detail":"Requests per second rate limit exceeded"}]}}';
/** A real token body (the mirror's spec test), for the scenarios that end well. */
const TOKEN = stringifyJson(
  (parseJson(readFileSync(join(TOKEN_SPECS, 'no-params.json'), 'utf8')) as { responseJson: unknown }).responseJson,
);

/** A gzip stream of `totalBytes` spaces, written only as fast as the socket drains (10 GB costs a few MB sent). */
function gzipBomb(res: ServerResponse, totalBytes: number): void {
  res.writeHead(200, { ...JSON_HEAD, 'content-encoding': 'gzip' });
  const gzip = createGzip({ level: 9 });
  gzip.pipe(res);
  const block = Buffer.alloc(MIB, 0x20);
  let written = 0;
  const pump = () => {
    while (written < totalBytes) {
      written += block.length;
      if (!gzip.write(block)) return void gzip.once('drain', pump);
    }
    gzip.end();
  };
  res.on('close', () => gzip.destroy());
  pump();
}

/** One byte every `everyMs`, forever (until the client goes). */
function trickle(res: ServerResponse, everyMs: number): void {
  res.writeHead(200, { ...JSON_HEAD, 'content-length': 1_000_000 });
  const timer = setInterval(() => res.write(' '), everyMs);
  res.write(' ');
  res.on('close', () => clearInterval(timer));
}

/** A 200 promising `total` bytes, cut after `body` (default: that many bytes of JSON whitespace) by closing the socket. */
function cutAfter(res: ServerResponse, sent: number, total: number, body: Buffer = Buffer.alloc(sent, 0x20)): void {
  res.writeHead(200, { ...JSON_HEAD, 'content-length': total });
  res.write(body.subarray(0, sent), () => setTimeout(() => res.socket?.destroy(), 20));
}

/** The opening of a valid opcodes response of at least `bytes`: a real response's envelope, its first step repeated. */
function tracePrefix(bytes: number): Buffer {
  const real = parseJson(readFileSync(join(OPCODES, 'relay-test-mock-opcodes-response.json'), 'utf8')) as {
    opcodes: unknown[];
  } & Record<string, unknown>;
  const { opcodes, ...envelope } = real;
  const head = stringifyJson(envelope).slice(0, -1) + ',"opcodes":[';
  const step = stringifyJson(opcodes[0]);
  return Buffer.from(
    head +
      Array(Math.ceil(bytes / (step.length + 1)))
        .fill(step)
        .join(','),
  );
}

export const SCENARIOS: Record<string, Scenario> = {
  ok: (_req, res) => res.writeHead(200, JSON_HEAD).end(TOKEN),
  /** 10 GB of spaces, gzip (about 10 MB on the wire). */
  bomb: (_req, res) => gzipBomb(res, 10 * 1024 * MIB),
  /** 40 MB of spaces, plain. */
  huge: (_req, res) => {
    res.writeHead(200, JSON_HEAD);
    let left = 40;
    const block = Buffer.alloc(MIB, 0x20);
    const pump = () => {
      while (left-- > 0) if (!res.write(block)) return void res.once('drain', pump);
      res.end();
    };
    pump();
  },
  br: (_req, res) => res.writeHead(200, { ...JSON_HEAD, 'content-encoding': 'br' }).end(Buffer.from('1b0a00f825a2', 'hex')),
  zstd: (_req, res) => res.writeHead(200, { ...JSON_HEAD, 'content-encoding': 'zstd' }).end('(not zstd)'),
  'gzip-gzip': (_req, res) => res.writeHead(200, { ...JSON_HEAD, 'content-encoding': 'gzip, gzip' }).end(gzipSync(gzipSync(TOKEN))),
  trickle: (_req, res) => trickle(res, 2000),
  /** The status line and headers, one byte every 500 ms, written straight to the socket. */
  'trickle-headers': (_req, res) => {
    const head = `HTTP/1.1 200 OK\r\nX-Pad: ${'a'.repeat(1000)}\r\n`;
    let i = 0;
    const timer = setInterval(() => (i < head.length ? res.socket?.write(head[i++]) : clearInterval(timer)), 500);
    res.socket?.on('close', () => clearInterval(timer));
  },
  /** 2 MB of a promised 8 MB, then the connection closes. */
  cut: (_req, res) => cutAfter(res, 2 * MIB, 8 * MIB),
  /** A valid trace's first 2 MB of a promised 8 MB: nothing in what arrives is wrong but its end. */
  'cut-trace': (_req, res) => cutAfter(res, 2 * MIB, 8 * MIB, tracePrefix(2 * MIB)),
  /** 8 million nested arrays: parsers that recurse overflow the stack. */
  deep: (_req, res) => res.writeHead(200, { ...JSON_HEAD, 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(8 * MIB, '['))),
  malformed: (_req, res) => res.writeHead(200, JSON_HEAD).end('{"token_id": "0.0.1135", "name": '),
  'corrupt-gzip': (_req, res) =>
    res.writeHead(200, { ...JSON_HEAD, 'content-encoding': 'gzip' }).end(Buffer.from('1f8b0800000000000003ffffffffdeadbeef', 'hex')),
  /** 1 MB of a promised 4 MB, then a TCP reset (RST, not FIN). */
  'reset-mid-body': (_req, res) => {
    res.writeHead(200, { ...JSON_HEAD, 'content-length': 4 * MIB });
    res.write(Buffer.alloc(MIB, 0x20), () => setTimeout(() => res.socket?.resetAndDestroy(), 20));
  },
  /** Closes the connection as soon as the request arrives. */
  reset: (_req, res) => res.socket?.destroy(),
  '429': (_req, res) => res.writeHead(429, JSON_HEAD).end(ERROR_429),
  '429-retry-after': (_req, res) => res.writeHead(429, { ...JSON_HEAD, 'retry-after': '1' }).end(ERROR_429),
  '429-then-ok': (_req, res, s) =>
    s.n < 2 ? res.writeHead(429, { ...JSON_HEAD, 'retry-after': '0' }).end(ERROR_429) : res.writeHead(200, JSON_HEAD).end(TOKEN),
  /** A storm: always 429, asking to come back at once. */
  '429-now': (_req, res) => res.writeHead(429, { ...JSON_HEAD, 'retry-after': '0' }).end(ERROR_429),
  '429-long': (_req, res) => res.writeHead(429, { ...JSON_HEAD, 'retry-after': '3600' }).end(ERROR_429),
  /** Moved to another host, with credentials in the Location that must not be shown. */
  'moved-away': (_req, res) => res.writeHead(301, { location: 'https://mover:hunter2@elsewhere.example/server/new' }).end(),
  'moved-away-308': (_req, res) => res.writeHead(308, { location: 'https://mover:hunter2@elsewhere.example/server/new' }).end(),
  /** A same-origin redirect to the `ok` scenario, at the same sub-path. */
  'moved-here': (req, res, s) => res.writeHead(302, { location: `${s.url}${req.url.replace(/^\/moved-here/, '/ok')}` }).end(),
  'redirect-loop': (req, res) => res.writeHead(307, { location: req.url }).end(),
  /** Echoes the credentials and body it received in a 500 (a server quoting the request back). */
  'echo-500': (req, res) => {
    const { authorization = '', 'x-api-key': key = '' } = req.headers;
    const quoted = `http://${String(authorization).replace('Basic ', '')}@${req.headers.host}${req.url}`;
    res.writeHead(500, JSON_HEAD).end(JSON.stringify({ error: `cannot serve ${authorization} ${key} for ${quoted} with ${req.body}` }));
  },
  /** Echoes the body (an API key) in a 429 that asks to wait an hour, so the client stops at once. */
  'echo-429': (req, res) =>
    req.url.endsWith('/session/clear') || req.url.endsWith('/session/data')
      ? res.writeHead(200, JSON_HEAD).end(req.url.endsWith('/session/data') ? '{"contracts":[],"unused":[],"files":[]}' : '""')
      : res
          .writeHead(429, { ...JSON_HEAD, 'retry-after': '3600' })
          .end(JSON.stringify({ error: `too many requests for key in ${req.body}` })),
  slow: (_req, res) => setTimeout(() => res.writeHead(200, JSON_HEAD).end(TOKEN), 200),
};

/** Starts the hostile server on 127.0.0.1, port 0. Unknown scenarios answer 404. */
export async function startHostileServer(): Promise<HostileServer> {
  const requests: HostileRequest[] = [];
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  let base = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const scenario = (req.url ?? '/').split('/')[1] ?? '';
      const seen: HostileRequest = {
        scenario,
        method: req.method ?? '',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      const n = counts.get(scenario) ?? 0;
      counts.set(scenario, n + 1);
      const handler = Object.hasOwn(SCENARIOS, scenario) ? SCENARIOS[scenario] : undefined;
      if (handler) handler(seen, res, { url: base, n });
      else res.writeHead(404, JSON_HEAD).end('{"_status":{"messages":[{"message":"Not found"}]}}');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    count: (scenario) => counts.get(scenario) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
