// Request/response plumbing for the reference verifier: body limits, JSON replies and Sourcify's two error-body
// dialects (`{error, message}` from the generic handler, `{message, errors}` from the OpenAPI validator).
import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

/** Sourcify's GenericErrorHandler body for errors without a validator error list. */
export const errorBody = (message: string) => ({ error: message, message });

/** express-openapi-validator's body shape, e.g. `where` = `body/contracts/0/chainId`, `message` = `must be string`. */
export function validationError(where: string, message: string, errorCode = 'type.openapi.validation'): HttpError {
  return new HttpError(400, { message: `request/${where} ${message}`, errors: [{ path: `/${where}`, message, errorCode }] });
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, errorBody(message));
}

/** Reads the whole body, refusing more than `limit` bytes with 413 the way body-parser does. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) {
    req.resume();
    throw new HttpError(413, errorBody('request entity too large'));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, errorBody('request entity too large'));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The JSON body as an object; an empty body reads as `{}` like express.json(). */
export async function readJsonObject(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const raw = (await readBody(req, limit)).toString('utf8');
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('Unexpected token in JSON body');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw validationError('body', 'must be object');
  return parsed as Record<string, unknown>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, err: unknown): void {
  if (err instanceof HttpError) {
    if (typeof err.body === 'string') sendText(res, err.status, err.body);
    else sendJson(res, err.status, err.body);
    return;
  }
  const message = err instanceof Error ? err.message : String(err);
  sendJson(res, 500, errorBody(message));
}
