// Server behaviours that differ between real deployments, selectable per request with a path prefix
// (/modes/<name>/api/v1/...) or for the whole server with MirrorOptions.

export interface Mode {
  /** v0.129 default: the opcodes controller is not registered, so every opcodes URL is a 404 "No static resource". */
  opcodes: 'enabled' | 'disabled';
  /** v0.150+: Accept-Encoding must contain gzip (else 406) and the 429 detail has no trailing period. */
  opcodeApi: 'v0.129' | 'v0.150';
  /** Every request answers 503, as when the database is down or times out. */
  unavailable: boolean;
}

export const DEFAULT_MODE: Mode = { opcodes: 'enabled', opcodeApi: 'v0.129', unavailable: false };

/** Path prefixes: /modes/<name>/... */
export const MODE_PREFIXES: Readonly<Record<string, Partial<Mode>>> = {
  disabled: { opcodes: 'disabled' },
  'v0.150': { opcodeApi: 'v0.150' },
  unavailable: { unavailable: true },
};

