// Server behaviours that differ between real deployments, selectable per request with a path prefix
// (/modes/<name>/api/v1/...) or for the whole server with MirrorOptions.

export interface Mode {
  /**
   * `disabled`: v0.129's default, the opcodes controller is not registered, so every opcodes URL is a 404 "No static
   * resource". `not-implemented`: newer mirrors with the opcodes API turned off answer 501 Not Implemented.
   */
  opcodes: 'enabled' | 'disabled' | 'not-implemented';
  /** v0.150+: Accept-Encoding must contain gzip (else 406) and the 429 detail has no trailing period. */
  opcodeApi: 'v0.129' | 'v0.150';
  /** Every request answers 503, as when the database is down or times out. */
  unavailable: boolean;
  /**
   * Newer mirrors' limit on traces in flight (`maxConcurrentTraceBytes`): `always` refuses every opcodes request
   * with 429 "Too many concurrent opcode trace requests", as when other clients hold the whole budget;
   * `every-other` refuses every other one, as when they come and go.
   */
  busy: 'never' | 'always' | 'every-other';
  /**
   * The `storage` map of each opcode (with storage=true): `accesses`, the newest mirror's (AbstractOpcodeTracer
   * captureStorage: the whole transaction's accesses, merged by slot across contracts, written value preferred, reads
   * included); `written`, the same of written slots only; `v0.129`, the slots the current contract wrote so far.
   */
  storage: StorageShape;
  /**
   * `GET …/results/{id}/prestate`: `enabled` (v0.166+); `missing`, a mirror before it (404 "No static resource");
   * `not-implemented`, the endpoint turned off (501).
   */
  prestate: 'enabled' | 'missing' | 'not-implemented';
  /** `GET /api/v1/contracts/{id}/state`: `missing` answers the REST module's 404 `Not found`, as a route it lacks. */
  state: 'enabled' | 'missing';
}

export type StorageShape = 'accesses' | 'written' | 'v0.129';

export const DEFAULT_MODE: Mode = {
  opcodes: 'enabled',
  opcodeApi: 'v0.129',
  unavailable: false,
  busy: 'never',
  storage: 'accesses',
  prestate: 'enabled',
  state: 'enabled',
};

/** Path prefixes: /modes/<name>/... */
export const MODE_PREFIXES: Readonly<Record<string, Partial<Mode>>> = {
  disabled: { opcodes: 'disabled' },
  'not-implemented': { opcodes: 'not-implemented' },
  busy: { busy: 'always' },
  crowded: { busy: 'every-other' },
  'v0.150': { opcodeApi: 'v0.150' },
  unavailable: { unavailable: true },
  'storage-written': { storage: 'written' },
  'storage-v0.129': { storage: 'v0.129' },
  'prestate-missing': { prestate: 'missing' },
  'prestate-not-implemented': { prestate: 'not-implemented' },
  'state-missing': { state: 'missing' },
  'no-state': { state: 'missing', prestate: 'missing' },
};
