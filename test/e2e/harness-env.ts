// Environment variables test/e2e/run.mjs hands to the scenarios (kept apart from harness.ts, which needs mocha).
export const E2E_ENV = {
  codeServerUrl: 'LEDGER_E2E_CODE_SERVER_URL',
  mirrorUrl: 'LEDGER_E2E_MIRROR_URL',
  chromium: 'LEDGER_E2E_CHROMIUM',
  tmpDir: 'LEDGER_E2E_TMP',
  /** Presses of each key kind in the 1M-step stepping passes (`npm run bench:stepper` sets the measuring count). */
  keysPerKind: 'LEDGER_E2E_KEYS_PER_KIND',
} as const;
