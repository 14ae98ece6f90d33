// The opcodes response as the mirror writes it (interface §2.2–2.3), for tests that read bodies with JSON.parse.

export interface OpcodeEntry {
  depth: number;
  gas: number;
  gas_cost: number;
  memory: string[] | null;
  op: string;
  pc: number;
  reason: string | null;
  stack: string[] | null;
  storage: Record<string, string> | null;
}

export interface OpcodesBody {
  address: string;
  contract_id: string | null;
  failed: boolean;
  gas: number;
  opcodes: OpcodeEntry[];
  return_value: string;
}
