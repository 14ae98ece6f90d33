// Whose storage a frame runs on. DELEGATECALL and CALLCODE run the callee's code (the implementation, a library) on
// the caller's account (the proxy), so a frame's label names both; other calls run on the callee's own account.
import type { Frame, Trace } from '../../shared/trace-model';

/** The account a DELEGATECALL or CALLCODE frame runs for (the proxy); null for any other frame. */
export function storageOwner(trace: Pick<Trace, 'frame'>, frame: Frame): string | null {
  return storageOwnerFrame(trace, frame)?.callee ?? null;
}

/** The frame whose account a DELEGATECALL or CALLCODE frame runs on (the proxy's own frame); null for any other frame. */
export function storageOwnerFrame(trace: Pick<Trace, 'frame'>, frame: Frame): Frame | null {
  let owner = frame;
  while ((owner.callType === 'DELEGATECALL' || owner.callType === 'CALLCODE') && owner.parent >= 0) owner = trace.frame(owner.parent);
  return owner === frame ? null : owner;
}
