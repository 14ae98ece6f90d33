// What one session holds: stored files (deduplicated by content) and the checked contracts built from them, keyed
// by verificationId, with their verification state. Apart from session-state.ts so the server's context can name it.
import type { CheckedContract, InputFile } from './checked-contracts';

export interface ContractWrapper {
  contract: CheckedContract;
  address?: string;
  chainId?: string;
  creatorTxHash?: string;
  status?: 'perfect' | 'partial' | 'error';
  statusMessage?: string;
  storageTimestamp?: Date;
}

export interface SessionData {
  files: Map<string, InputFile>;
  wrappers: Map<string, ContractWrapper>;
  unused: string[];
}
