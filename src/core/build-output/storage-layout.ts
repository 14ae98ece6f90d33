// solc's `storageLayout` output (standard JSON `outputSelection` "storageLayout"; Foundry's `extra_output`): where
// each state variable lives (slot, byte offset in it) and how each type is laid out. The JSON is the workspace's,
// so every field is checked and bounded by a zod schema; an entry that does not fit is dropped, never guessed at.
import { z } from 'zod';
import { kept, lenient, readAs } from '../workspace/workspace-json';

export interface StorageVariable {
  label: string;
  slot: bigint;
  /** Byte offset from the low-order end of the slot (packed variables share one). */
  offset: number;
  /** Key into `StorageLayout.types`. */
  type: string;
}

export interface StorageType {
  encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes';
  /** The Solidity type, e.g. `uint256`, `mapping(address => uint256)`, `struct Wallet.Payment`. */
  label: string;
  numberOfBytes: number;
  /** Element type of an array. */
  base?: string;
  key?: string;
  value?: string;
  /** A struct's fields, slots relative to the struct's own. */
  members?: StorageVariable[];
}

export interface StorageLayout {
  storage: StorageVariable[];
  types: ReadonlyMap<string, StorageType>;
}

/** Bounds on what one contract's layout may hold. */
const MAX_VARIABLES = 4096;
const MAX_TYPES = 4096;
const MAX_LABEL = 300;

const label = z.string().min(1).max(MAX_LABEL);
/** A slot or size: solc writes decimal strings (uint256), some tools numbers. */
const decimal = z
  .union([z.string().regex(/^\d{1,78}$/), z.number().int().nonnegative().refine(Number.isSafeInteger)])
  .transform((v) => BigInt(v));

const variable = z.object({ label, slot: decimal, offset: z.number().int().min(0).max(31), type: label });
const variables = kept(variable, MAX_VARIABLES);

const storageType = z
  .object({
    encoding: z.enum(['inplace', 'mapping', 'dynamic_array', 'bytes']),
    label,
    numberOfBytes: decimal.refine((size) => size <= 2n ** 32n),
    base: lenient(label),
    key: lenient(label),
    value: lenient(label),
    members: lenient(variables),
  })
  .transform(({ encoding, label, numberOfBytes, base, key, value, members }) => {
    const type: StorageType = { encoding, label, numberOfBytes: Number(numberOfBytes) };
    if (base) type.base = base;
    if (key) type.key = key;
    if (value) type.value = value;
    if (members) type.members = members;
    return type;
  });

const layout = z.object({
  storage: variables,
  // solc writes `types: null` for a contract without state variables.
  types: lenient(z.record(z.string(), z.unknown())),
});

/** The layout in a build output entry's `storageLayout`, or undefined when it has none (or it is not one). */
export function parseStorageLayout(raw: unknown): StorageLayout | undefined {
  const parsed = readAs(layout, raw);
  if (!parsed) return undefined;
  const byId = new Map<string, StorageType>();
  for (const [id, t] of Object.entries(parsed.types ?? {}).slice(0, MAX_TYPES)) {
    const type = readAs(storageType, t);
    if (type && id.length <= MAX_LABEL) byId.set(id, type);
  }
  return { storage: parsed.storage.filter((v) => byId.has(v.type)), types: byId };
}
