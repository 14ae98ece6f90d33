// One line per HTTP request in the "Ledger Mirror" log: method, URL, status, time and size only, never headers.
// The core hands over URLs already stripped of any `user:password@`.
import type * as vscode from 'vscode';
import type { RequestLog } from '../core/net/transport';

/** `GET https://…/api/v1/tokens/0.0.1 → 200 in 35 ms (1234 bytes)`, or `→ 404 failed after 35 ms: <error>`. */
export function describeRequest(e: RequestLog): string {
  const head = `${e.method} ${e.url} →`;
  const ms = Math.round(e.ms);
  if (e.error !== undefined) return `${head} ${e.status === undefined ? '' : `${e.status} `}failed after ${ms} ms: ${e.error}`;
  return `${head} ${e.status ?? '?'} in ${ms} ms (${e.bytes} bytes)`;
}

export function requestLogger(log: vscode.LogOutputChannel): (e: RequestLog) => void {
  return (e) => {
    const line = describeRequest(e);
    if (e.error !== undefined || (e.status ?? 0) >= 400) log.warn(line);
    else log.info(line);
  };
}
