// The one exit-code table of a verification run, whichever protocol the server speaks. The CLI exits with it and the
// extension labels its results with it, so CI and the Verification view tell a crashed server from a mismatch alike.
import { ApiError, EXIT, exitCodeFor } from '../errors';
import type { ContractResult, FailureKind } from './result';
import { isSuccess } from './result';

const FAILURE_EXIT: Record<FailureKind, number> = {
  'invalid-input': EXIT.invalidInput,
  'not-found': EXIT.notFound,
  'rate-limited': EXIT.rateLimited,
  server: EXIT.server,
  network: EXIT.network,
};

/** What each code means to the user, for the view, the notifications and the docs. */
export const EXIT_MEANING: Record<number, string> = {
  [EXIT.ok]: 'verified (perfect or partial match, already verified, or ready in a dry run)',
  [EXIT.invalidInput]: 'invalid input, nothing sent',
  [EXIT.notFound]: 'chain not supported or contract not found',
  [EXIT.rateLimited]: 'rate limited',
  [EXIT.server]: 'server error',
  [EXIT.network]: 'network error',
  [EXIT.verificationFailed]: 'not verified (did not match, or the server refused it)',
};

/** The server's answer for an unknown chain: v2 `unsupported_chain` ("Chain 12345 not found"), session "Chain 12345 not supported…". */
function isUnsupportedChain(err: ApiError): boolean {
  return err.messages.some((m) => m.detail === 'unsupported_chain' || /^Chain \d+ not supported/.test(m.message));
}

/**
 * What a failed request means for the contract it concerned. Undefined means the server judged and refused it
 * (exit 7): a 400 went out, so it is never "invalid input, nothing sent".
 */
export function failureOf(err: ApiError): FailureKind | undefined {
  switch (err.kind) {
    case 'invalid-input':
      if (err.status === undefined) return 'invalid-input';
      return isUnsupportedChain(err) ? 'not-found' : undefined;
    case 'not-found':
    case 'endpoint-disabled':
      return 'not-found';
    case 'rate-limited':
    case 'busy':
      return 'rate-limited';
    case 'server':
    case 'bad-response':
      return 'server';
    case 'network':
    case 'timeout':
      return 'network';
    default:
      return undefined;
  }
}

/** Kinds this table decides; any other (cancelled, or a transport kind such as a moved server) keeps the shared code. */
const DECIDED = new Set<string>([
  'invalid-input',
  'not-found',
  'endpoint-disabled',
  'rate-limited',
  'busy',
  'server',
  'bad-response',
  'network',
  'timeout',
]);

/** Exit code of a verification run that failed as a whole. */
export function errorExitCode(err: unknown): number {
  if (!(err instanceof ApiError) || !DECIDED.has(err.kind)) return exitCodeFor(err);
  const failure = failureOf(err);
  return failure ? FAILURE_EXIT[failure] : EXIT.verificationFailed;
}

export function resultExitCode(r: ContractResult): number {
  if (isSuccess(r)) return EXIT.ok;
  return r.failure ? FAILURE_EXIT[r.failure] : EXIT.verificationFailed;
}

/** When contracts fail for different reasons, a run cut short (network, server, rate limit) is reported first. */
const PRECEDENCE: readonly number[] = [
  EXIT.network,
  EXIT.server,
  EXIT.rateLimited,
  EXIT.notFound,
  EXIT.verificationFailed,
  EXIT.invalidInput,
];

export function reportExitCode(report: { outcomes: ReadonlyArray<{ result: ContractResult }> }): number {
  const codes = new Set(report.outcomes.map((o) => resultExitCode(o.result)));
  return PRECEDENCE.find((c) => codes.has(c)) ?? EXIT.ok;
}
