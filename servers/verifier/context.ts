import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Chains } from './chains';
import type { SessionStore } from './cookie-session';
import type { Repository } from './repository';
import type { SessionData } from './session-data';
import type { JobStore } from './v2-jobs';

export interface Limits {
  /** Largest request body, bytes (Sourcify: 30 MB). */
  maxFileSize: number;
  /** Largest session, counted on base64 like Sourcify (50 MiB). */
  maxSessionSize: number;
}

/** Failure injection for tests of client recovery. */
export interface Faults {
  /** The next N `verify-checked` requests find the in-memory store emptied, as after a server restart. */
  forgetSessionsBeforeVerifyChecked: number;
}

export interface VerifierContext {
  chains: Chains;
  repository: Repository;
  sessions: SessionStore<SessionData>;
  jobs: JobStore;
  limits: Limits;
  faults: Faults;
}

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  params: string[];
  query: URLSearchParams;
}

export type Handler = (ctx: VerifierContext, ex: Exchange) => Promise<void>;
