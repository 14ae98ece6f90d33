// solc's `storageLayout` output (standard JSON `outputSelection` "storageLayout"; Foundry's `extra_output`): where
// each state variable lives (slot, byte offset in it) and how each type is laid out. The JSON is the workspace's,
// so every field is checked and bounded; an entry that does not fit is dropped, never guessed at.

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
const ENCODINGS = new Set(['inplace', 'mapping', 'dynamic_array', 'bytes']);

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= MAX_LABEL ? v : undefined);
const decimal = (v: unknown): bigint | undefined =>
  typeof v === 'string' && /^\d{1,78}$/.test(v)
    ? BigInt(v)
    : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
      ? BigInt(v)
      : undefined;

function variables(raw: unknown): StorageVariable[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const out: StorageVariable[] = [];
  for (const entry of raw.slice(0, MAX_VARIABLES) as Array<Record<string, unknown> | null>) {
    const label = text(entry?.label);
    const slot = decimal(entry?.slot);
    const type = text(entry?.type);
    const offset = entry?.offset;
    if (
      label === undefined ||
      slot === undefined ||
      type === undefined ||
      !Number.isInteger(offset) ||
      (offset as number) < 0 ||
      (offset as number) > 31
    )
      continue;
    out.push({ label, slot, offset: offset as number, type });
  }
  return out;
}

function storageType(raw: unknown): StorageType | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const t = raw as Record<string, unknown>;
  const label = text(t.label);
  const size = decimal(t.numberOfBytes);
  if (!ENCODINGS.has(t.encoding as string) || label === undefined || size === undefined || size > 2n ** 32n) return undefined;
  const type: StorageType = { encoding: t.encoding as StorageType['encoding'], label, numberOfBytes: Number(size) };
  for (const k of ['base', 'key', 'value'] as const) if (text(t[k])) type[k] = t[k] as string;
  if (t.members !== undefined) type.members = variables(t.members);
  return type;
}

/** The layout in a build output entry's `storageLayout`, or undefined when it has none (or it is not one). */
export function parseStorageLayout(raw: unknown): StorageLayout | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const { storage, types } = raw as { storage?: unknown; types?: unknown };
  const vars = variables(storage);
  if (!vars) return undefined;
  const byId = new Map<string, StorageType>();
  // solc writes `types: null` for a contract without state variables.
  if (types && typeof types === 'object') {
    for (const [id, t] of Object.entries(types).slice(0, MAX_TYPES)) {
      const parsed = storageType(t);
      if (parsed && id.length <= MAX_LABEL) byId.set(id, parsed);
    }
  }
  return { storage: vars.filter((v) => byId.has(v.type)), types: byId };
}
