// Whether a replay behaved as the transaction did, observably: the same frames in the same order (callee, input,
// value, output or revert data, against `/actions`), the same logs, the same final value of every storage slot
// either wrote, the same return or revert data (the root frame, action 0). Gas is not compared. The first
// difference is named with its place, so a refusal says which call, log or write diverged.
import type { ReplayObservation } from './engine';

/** A frame as `/actions` records it, values already in weibars. */
export interface RecordedCall {
  depth: number;
  to: string | null;
  input: string;
  value: bigint;
  resultData: string;
  resultType: string;
}

/** What the transaction did, from the mirror and its trace. */
export interface RecordedBehaviour {
  calls: RecordedCall[];
  logs: Array<{ address: string; topics: string[]; data: string }>;
  /** Per account, the final value of each slot the transaction wrote (writes undone by a revert left out). */
  writes: Record<string, Record<string, string>>;
  /** Per account, the slots' values before the transaction where known (what an unwritten slot still holds). */
  before: Record<string, Record<string, string>>;
}

export type Equivalence = { equal: true } | { equal: false; place: string; detail: string };

const lower = (s: string | null): string | null => (s === null ? null : s.toLowerCase());
const short = (data: string): string => (data.length > 74 ? `${data.slice(0, 74)}…` : data);

export function compareBehaviour(recorded: RecordedBehaviour, replay: ReplayObservation): Equivalence {
  return compareCalls(recorded, replay) ?? compareLogs(recorded, replay) ?? compareStorage(recorded, replay) ?? { equal: true };
}

function differs(place: string, detail: string): Equivalence {
  return { equal: false, place, detail };
}

function compareCalls(recorded: RecordedBehaviour, replay: ReplayObservation): Equivalence | undefined {
  const count = Math.max(recorded.calls.length, replay.calls.length);
  for (let i = 0; i < count; i++) {
    const want = recorded.calls[i];
    const got = replay.calls[i];
    const place = i === 0 ? 'the transaction’s own call (call #0)' : `call #${i}${want ? ` (to ${want.to ?? 'a new contract'})` : ''}`;
    if (!want) return differs(place, `the replay makes a call the transaction did not (to ${got!.to ?? 'a new contract'})`);
    if (!got) return differs(place, 'the transaction made this call; the replay does not');
    if (want.depth !== got.depth) return differs(place, `call depth ${got.depth}, the transaction's ${want.depth}`);
    if (lower(want.to) !== got.to) return differs(place, `callee ${got.to ?? 'none'}, the transaction's ${want.to ?? 'none'}`);
    if (want.input.toLowerCase() !== got.input) return differs(place, `input ${short(got.input)}, the transaction's ${short(want.input)}`);
    if (want.value !== got.value) return differs(place, `value ${got.value} weibars, the transaction's ${want.value}`);
    if (want.resultType !== got.resultType) return differs(place, `ended with ${got.resultType}, the transaction's ${want.resultType}`);
    // An ERROR's data is the node's halt reason as text; both halted, which is what the caller sees.
    if (want.resultType !== 'ERROR' && want.resultData.toLowerCase() !== got.output) {
      const what = want.resultType === 'REVERT_REASON' ? 'revert data' : 'output';
      return differs(place, `${what} ${short(got.output)}, the transaction's ${short(want.resultData)}`);
    }
  }
  return undefined;
}

function compareLogs(recorded: RecordedBehaviour, replay: ReplayObservation): Equivalence | undefined {
  const count = Math.max(recorded.logs.length, replay.logs.length);
  for (let i = 0; i < count; i++) {
    const want = recorded.logs[i];
    const got = replay.logs[i];
    const place = `log #${i}`;
    if (!want) return differs(place, `the replay emits a log the transaction did not (from ${got!.address})`);
    if (!got) return differs(place, `the transaction emitted this log (from ${want.address}); the replay does not`);
    if (want.address.toLowerCase() !== got.address)
      return differs(place, `the replay's log is from ${got.address}, the transaction's from ${want.address}`);
    const topics = want.topics.length === got.topics.length && want.topics.every((t, k) => t.toLowerCase() === got.topics[k]);
    if (!topics) return differs(place, `the replay's log from ${got.address} has other topics than the transaction's`);
    if (want.data.toLowerCase() !== got.data)
      return differs(place, `the replay's log from ${got.address} has data ${short(got.data)}, the transaction's ${short(want.data)}`);
  }
  return undefined;
}

function compareStorage(recorded: RecordedBehaviour, replay: ReplayObservation): Equivalence | undefined {
  const accounts = new Set([...Object.keys(recorded.writes), ...Object.keys(replay.storage)]);
  for (const account of [...accounts].sort()) {
    const wrote = recorded.writes[account] ?? {};
    const replayed = replay.storage[account] ?? {};
    const before = recorded.before[account] ?? {};
    for (const slot of [...new Set([...Object.keys(wrote), ...Object.keys(replayed)])].sort()) {
      const want = wrote[slot] ?? before[slot];
      const got = replayed[slot] ?? before[slot];
      const place = `storage slot ${slot} of ${account}`;
      if (want === undefined)
        return differs(place, `the replay leaves it ${got}; the transaction did not write it and its value before is not known`);
      if (got === undefined)
        return differs(place, `the transaction left it ${want}; the replay did not write it and its value before is not known`);
      if (want !== got) return differs(place, `the replay leaves it ${got}, the transaction ${want}`);
    }
  }
  return undefined;
}
