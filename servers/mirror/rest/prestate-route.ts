// GET /api/v1/contracts/results/{transactionIdOrHash}/prestate: the transaction's pre-state in the shape of geth's
// prestate tracer (mirror v0.166+, the web3 module's PrestateController, whose errors are the web3 module's). Mode
// `prestate: missing` is a mirror before v0.166 (no such route: 404 "No static resource"); `not-implemented` a
// mirror with the endpoint turned off (501).
import type { Mode } from '../modes';
import type { Reply } from '../respond';
import type { TraceProvider } from '../trace-provider';
import { InvalidTransactionParameter, notFoundDetail, parseTransactionIdOrHash } from '../web3/transaction-param';
import { web3ErrorReply } from '../web3/web3-reply';

export function prestateReply(traces: TraceProvider, mode: Mode, path: string, idSegment: string): Reply {
  if (mode.prestate === 'missing') return web3ErrorReply(404, `No static resource ${path.replace(/^\//, '')}.`);
  let parameter: ReturnType<typeof parseTransactionIdOrHash>;
  try {
    parameter = parseTransactionIdOrHash(idSegment);
  } catch (error) {
    if (error instanceof InvalidTransactionParameter) return web3ErrorReply(400, error.message);
    throw error;
  }
  if (mode.prestate === 'not-implemented') return web3ErrorReply(501);
  const body = traces.findPrestate?.(parameter.kind, parameter.kind === 'hash' ? parameter.hash : parameter.transactionId);
  if (body === undefined) return web3ErrorReply(404, notFoundDetail(parameter));
  return { kind: 'json', status: 200, body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, gzipMinBytes: 2048 };
}
