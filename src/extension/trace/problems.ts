// What a failed trace request tells the user: the server's own words, what probably happened, and the next
// thing worth trying, as buttons. Pure (no `vscode`), so each case is unit-tested; trace/open.ts shows it.
import { formatServerMessages } from '../../core/error-body';
import { ApiError } from '../../core/errors';

export type NextAction = 'retry' | 'retryLighter' | 'selectNetwork' | 'increaseTimeout' | 'showLog';

export interface Problem {
  severity: 'error' | 'info';
  message: string;
  actions: NextAction[];
}

export const NEXT_ACTION_TITLES: Record<NextAction, string> = {
  retry: 'Try Again',
  retryLighter: 'Try Without Memory and Storage',
  selectNetwork: 'Select Network…',
  increaseTimeout: 'Increase Timeout',
  showLog: 'Show Log',
};

export interface ProblemContext {
  network: string;
  transaction: string;
  /** Memory or storage was asked for (they make the server's re-execution slower and larger). */
  heavy: boolean;
}

/** The server's message, when it sent one that adds something to our own sentence. */
function serverSays(err: ApiError): string {
  const text = err.messages.length ? formatServerMessages(err.messages) : '';
  return text && !err.message.includes(text) ? ` The server said: ${text}` : '';
}

export function describeTraceProblem(err: unknown, ctx: ProblemContext): Problem {
  if (!(err instanceof ApiError)) {
    return {
      severity: 'error',
      message: `Opening the trace of ${ctx.transaction} failed: ${err instanceof Error ? err.message : String(err)}`,
      actions: ['showLog'],
    };
  }
  const said = serverSays(err);
  const lighter: NextAction[] = ctx.heavy ? ['retryLighter'] : [];
  switch (err.kind) {
    case 'cancelled':
      return { severity: 'info', message: 'Loading the trace was cancelled.', actions: [] };
    case 'endpoint-disabled':
      return {
        severity: 'error',
        message: `The opcode trace endpoint is not available on ${ctx.network} (it can be disabled per mirror node). ${err.message}${said} Try another network or your own mirror.`,
        actions: ['selectNetwork', 'showLog'],
      };
    case 'not-found':
      // The mirror only restates "not found" with the id parsed back: said once here, the request URL left to the log.
      return {
        severity: 'error',
        message: `Transaction ${ctx.transaction} was not found on ${ctx.network} (HTTP ${err.status ?? 404}). Check the id, or whether it belongs to another network.`,
        actions: ['selectNetwork', 'retry'],
      };
    case 'rate-limited':
      return {
        severity: 'error',
        message: `The mirror on ${ctx.network} kept answering 429 Too Many Requests after several retries (opcode traces are limited to about 1 request per second). ${err.message}${said}`,
        actions: ['retry'],
      };
    case 'busy':
      return {
        severity: 'error',
        message: `The mirror on ${ctx.network} is busy tracing other transactions and refused this one, also after several retries (Too many concurrent opcode trace requests). Try again in a moment${ctx.heavy ? ', or without memory and storage (a lighter trace takes less of its budget)' : ''}. ${err.message}${said}`,
        actions: ['retry', ...lighter],
      };
    case 'server':
      return {
        severity: 'error',
        message: `The mirror failed to produce the trace (HTTP ${err.status ?? '5xx'}). ${err.message}${said}`,
        actions: ['retry', ...lighter, 'showLog'],
      };
    case 'timeout':
      return {
        severity: 'error',
        message: `The mirror did not answer in time: it re-executes the transaction for every trace request${ctx.heavy ? ', and memory or storage make that slower' : ''}. ${err.message}${said}`,
        actions: ['retry', ...lighter, 'increaseTimeout'],
      };
    case 'network':
      return {
        severity: 'error',
        message: `Could not reach the mirror for ${ctx.network}. ${err.message}${said}`,
        actions: ['retry', 'selectNetwork', 'showLog'],
      };
    case 'truncated':
      return {
        severity: 'error',
        message: `The mirror closed the connection before the whole trace arrived. ${err.message}${said}`,
        actions: ['retry', ...lighter, 'showLog'],
      };
    case 'too-large':
      return {
        severity: 'error',
        message: `The trace is larger than this extension accepts. ${err.message}${said}`,
        actions: [...lighter, 'showLog'],
      };
    case 'moved':
      return {
        severity: 'error',
        message: `The mirror for ${ctx.network} redirects to another address, which is not followed. ${err.message}${said}`,
        actions: ['selectNetwork', 'showLog'],
      };
    case 'invalid-input':
      return { severity: 'error', message: `${err.message}${said}`, actions: [] };
    case 'bad-response':
      return {
        severity: 'error',
        message: `The mirror's answer is not a trace this extension can read. ${err.message}${said}`,
        actions: ['showLog'],
      };
  }
}
