// Sourcify v2 verification jobs: a submission returns at once with a verificationId; the work finishes later and
// clients poll. The delay is configurable so tests can exercise polling and client time-outs.
import { randomUUID } from 'node:crypto';

type V2Match = 'exact_match' | 'match' | null;

export interface V2Error {
  customCode: string;
  message: string;
  errorId: string;
}

export interface Job {
  isJobCompleted: boolean;
  verificationId: string;
  jobStartTime: string;
  jobFinishTime?: string;
  compilationTime?: string;
  contract: {
    match: V2Match;
    creationMatch: V2Match;
    runtimeMatch: V2Match;
    chainId: string;
    address: string;
    verifiedAt?: string;
    matchId?: string;
  };
  error?: V2Error;
}

export const v2Error = (customCode: string, message: string): V2Error => ({ customCode, message, errorId: randomUUID() });

export class JobStore {
  private readonly jobs = new Map<string, Job>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly delayMs: number) {}

  /** Starts a job whose result `work` computes after the configured delay. */
  start(chainId: string, address: string, work: () => Promise<Pick<Job, 'contract'> & { error?: V2Error }>): Job {
    const job: Job = {
      isJobCompleted: false,
      verificationId: randomUUID(),
      jobStartTime: new Date().toISOString(),
      contract: { match: null, creationMatch: null, runtimeMatch: null, chainId, address },
    };
    this.jobs.set(job.verificationId, job);
    const timer = setTimeout(
      () =>
        void (async () => {
          this.timers.delete(timer);
          const started = Date.now();
          const result = await work().catch((err: unknown) => ({ contract: job.contract, error: v2Error('internal_error', String(err)) }));
          Object.assign(job, result, {
            isJobCompleted: true,
            jobFinishTime: new Date().toISOString(),
            compilationTime: String(Date.now() - started),
          });
        })(),
      this.delayMs,
    );
    this.timers.add(timer);
    return job;
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
