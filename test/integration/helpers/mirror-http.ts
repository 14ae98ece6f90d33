// Raw HTTP for the reference-mirror tests: node:http so the tests control Accept-Encoding and see exactly what the
// server sent (status, headers, whether the body was gzip-compressed).

import { request, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body after undoing any content-encoding. */
  body: Buffer;
  /** Length of the body as it travelled on the wire. */
  wireLength: number;
}

export function httpGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const gzipped = res.headers['content-encoding'] === 'gzip';
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: gzipped ? gunzipSync(wire) : wire,
          wireLength: wire.length,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
