/** The contracts the reference mirror knows, shaped like `GET /api/v1/contracts/{contractIdOrAddress}`. */
import type { ContractRecord } from '../trace-provider';
import { entityId, numOfLongZero } from './ids';

/** Hedera's default auto-renew period (90 days), also used to derive the expiration time. */
const AUTO_RENEW_SECONDS = 7_776_000;

export interface ContractFacts {
  num: number;
  /** `0x` + 40 lowercase hex. */
  evmAddress: string;
  /** Init code as deployed, or null for contracts created by another contract. */
  bytecode: string | null;
  runtimeBytecode: string;
  /** `seconds.nanos` */
  createdTimestamp: string;
}

export class ContractRegistry {
  private readonly byId = new Map<string, ContractRecord>();
  private readonly byAddress = new Map<string, ContractRecord>();

  add(facts: ContractFacts): ContractRecord {
    const contractId = entityId(facts.num);
    const [seconds, nanos] = facts.createdTimestamp.split('.');
    const record: ContractRecord = {
      contractId,
      evmAddress: facts.evmAddress,
      runtimeBytecode: facts.runtimeBytecode,
      body: {
        admin_key: null,
        auto_renew_account: null,
        auto_renew_period: AUTO_RENEW_SECONDS,
        contract_id: contractId,
        created_timestamp: facts.createdTimestamp,
        deleted: false,
        evm_address: facts.evmAddress,
        expiration_timestamp: `${Number(seconds) + AUTO_RENEW_SECONDS}.${nanos}`,
        file_id: null,
        max_automatic_token_associations: 0,
        memo: '',
        obtainer_id: null,
        permanent_removal: null,
        proxy_account_id: null,
        timestamp: { from: facts.createdTimestamp, to: null },
        bytecode: facts.bytecode,
        runtime_bytecode: facts.runtimeBytecode,
      },
    };
    this.byId.set(contractId, record);
    this.byAddress.set(facts.evmAddress, record);
    return record;
  }

  /** By `shard.realm.num`, by EVM address, or by the long-zero address of the contract's number. */
  find(idOrAddress: string): ContractRecord | undefined {
    const key = idOrAddress.toLowerCase();
    const longZeroNum = numOfLongZero(key);
    return this.byId.get(key) ?? this.byAddress.get(key) ?? (longZeroNum === undefined ? undefined : this.byId.get(entityId(longZeroNum)));
  }
}
