// GET /api/v1/contracts/results/{transactionIdOrHash}/opcodes as the web3 module answers it: newer mirrors' concurrency
// interceptor first (429), then the path variable and boolean parameters (400), newer mirrors' switch (501), from
// v0.150 the gzip requirement (406), the rate limit (429), the lookup (404) and the streamed trace, cut at the
// server's caps.

import type { Mode } from '../modes';
import type { Reply } from '../respond';
import type { TraceProvider } from '../trace-provider';
import type { OpcodeCaps } from './opcode-caps';
import { InvalidBooleanParameter, parseSpringBoolean } from './spring-boolean';
import type { TokenBucket } from './token-bucket';
import { InvalidTransactionParameter, notFoundDetail, parseTransactionIdOrHash } from './transaction-param';
import { web3ErrorReply, web3StreamReply } from './web3-reply';

export interface OpcodesRequest {
  method: string;
  /** The path as the server saw it, without the query, e.g. /api/v1/contracts/results/0x…/opcodes. */
  path: string;
  /** The undecoded {transactionIdOrHash} segment. */
  idSegment: string;
  query: URLSearchParams;
  acceptEncoding: string | undefined;
}

export interface OpcodesContext {
  mode: Mode;
  bucket: TokenBucket;
  traces: TraceProvider;
  caps: OpcodeCaps;
  /** Whether the concurrency limit refuses this request (asked once per request that reaches the controller). */
  busy: () => boolean;
}

/** OpcodesConcurrencyInterceptor.CONCURRENT_TRACE_LIMIT_EXCEEDED_MESSAGE, thrown as a ThrottleException (429). */
export const BUSY_DETAIL = 'Too many concurrent opcode trace requests, please retry later';

function decodePath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What Spring answers for a URL no controller handles. */
function noStaticResource(path: string): Reply {
  return web3ErrorReply(404, `No static resource ${decodePath(path).replace(/^\//, '')}.`);
}

function convertArguments(request: OpcodesRequest) {
  const parameter = parseTransactionIdOrHash(decodePath(request.idSegment));
  return {
    parameter,
    query: {
      stack: parseSpringBoolean(request.query.getAll('stack'), true),
      memory: parseSpringBoolean(request.query.getAll('memory'), false),
      storage: parseSpringBoolean(request.query.getAll('storage'), false),
    },
  };
}

export function opcodesReply(context: OpcodesContext, request: OpcodesRequest): Reply {
  if (context.mode.opcodes === 'disabled' || request.idSegment === '') return noStaticResource(request.path);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return web3ErrorReply(405, `Request method '${request.method}' is not supported`);
  }
  if (context.busy()) return web3ErrorReply(429, BUSY_DETAIL);
  let converted: ReturnType<typeof convertArguments>;
  try {
    converted = convertArguments(request);
  } catch (error) {
    if (error instanceof InvalidTransactionParameter || error instanceof InvalidBooleanParameter) {
      return web3ErrorReply(400, error.message);
    }
    throw error;
  }
  // ResponseStatusException(NOT_IMPLEMENTED): a 5xx, so its detail is blanked.
  if (context.mode.opcodes === 'not-implemented') return web3ErrorReply(501);
  const v150 = context.mode.opcodeApi === 'v0.150';
  if (v150 && !(request.acceptEncoding ?? '').toLowerCase().includes('gzip')) {
    return web3ErrorReply(406, 'Accept-Encoding: gzip header is required');
  }
  if (!context.bucket.tryConsume()) {
    return web3ErrorReply(429, v150 ? 'Requests per second rate limit exceeded' : 'Requests per second rate limit exceeded.');
  }
  const { parameter, query } = converted;
  const trace = context.traces.findTrace(parameter.kind, parameter.kind === 'hash' ? parameter.hash : parameter.transactionId);
  if (!trace) return web3ErrorReply(404, notFoundDetail(parameter));
  return web3StreamReply((sink) => trace.writeBody(query, sink, context.caps, context.mode.storage));
}
