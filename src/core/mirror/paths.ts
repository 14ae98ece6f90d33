// The mirror's endpoints in one place: the REST and web3 paths the project calls, under `/api/v1/`. Only
// src/core/mirror/ spells that prefix (a unit test keeps it so); the client (client.ts) builds every URL from them.

/** The endpoints, by what they return; each takes values already checked. */
export const MIRROR_PATHS = {
  token: (id: string) => `/api/v1/tokens/${id}`,
  contract: (idOrAddress: string) => `/api/v1/contracts/${idOrAddress}`,
  contractResults: (idOrAddress: string) => `/api/v1/contracts/${idOrAddress}/results`,
  contractResult: (transaction: string) => `/api/v1/contracts/results/${transaction}`,
  contractActions: (transaction: string) => `/api/v1/contracts/results/${transaction}/actions`,
  contractState: (idOrAddress: string) => `/api/v1/contracts/${idOrAddress}/state`,
  prestate: (transaction: string) => `/api/v1/contracts/results/${transaction}/prestate`,
  opcodes: (transaction: string) => `/api/v1/contracts/results/${transaction}/opcodes`,
} as const;

/** The opcodes route, as the transport recognises it for its endpoint-disabled and 501 readings. */
export const OPCODES_PATH = /\/api\/v1\/contracts\/results\/[^/]+\/opcodes$/;
