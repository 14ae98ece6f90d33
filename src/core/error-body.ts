// Reads the server's explanation out of an error response. The mirror speaks three dialects: REST items carry only
// `message`; web3 items add `detail`/`data` (often ""); v0.150+ answers a missing gzip header with a bare
// `{"message","detail"}`. Whatever arrives, the user gets its words, never a generic "request failed".
import { z } from 'zod';
import type { ServerMessage } from './errors';
import { parseUntrustedJson } from './json';

const text = z.string().nullish();
const item = z.looseObject({ message: z.string(), detail: text, data: text });
const wrapped = z.looseObject({ _status: z.looseObject({ messages: z.array(item) }) });

const PREVIEW_CHARS = 120;

/** The first characters of a body, quoted so control characters and whitespace stay visible. */
export function preview(body: string): string {
  return JSON.stringify(body.length > PREVIEW_CHARS ? body.slice(0, PREVIEW_CHARS) + '…' : body);
}

/** Drops null and "" so callers can test `detail`/`data` for presence alone. */
function normalise(m: z.infer<typeof item>): ServerMessage {
  return { message: m.message, ...(m.detail ? { detail: m.detail } : {}), ...(m.data ? { data: m.data } : {}) };
}

/** Server messages of an error body; a body in no known shape yields one message describing what came instead. */
export function parseErrorBody(body: string): ServerMessage[] {
  if (body.trim() === '') return [];
  let json: unknown;
  try {
    json = parseUntrustedJson(body);
  } catch {
    return [{ message: `response body is not JSON: ${preview(body)}` }];
  }
  const rest = wrapped.safeParse(json);
  if (rest.success) return rest.data._status.messages.map(normalise);
  const bare = item.safeParse(json);
  if (bare.success) return [normalise(bare.data)];
  return [{ message: `unrecognised error body: ${preview(body)}` }];
}

/** One line: `message: detail; message: detail`. `data` (revert bytes) is left to callers that decode it. */
export function formatServerMessages(messages: readonly ServerMessage[]): string {
  return messages.map((m) => (m.detail ? `${m.message}: ${m.detail}` : m.message)).join('; ');
}
