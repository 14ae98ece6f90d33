// Every function, error and event the workspace's compiled contracts declare, indexed by 4-byte selector and event
// topic, so a call, a revert or a log can be named even when the contract it ran in has no build output (another
// contract's ABI that declares the same signature names it). ABIs come from the solc metadata the build-output
// reader keeps (`metadata.output.abi`); entries that are not well-formed are skipped, never trusted.
import { toEventSelector, toFunctionSelector, toFunctionSignature, type Abi, type AbiEvent, type AbiFunction } from 'viem';
import { z } from 'zod';
import type { CompiledContract, CompiledSources } from '../build-output/compiled';
import { enumMembersOf, loadEnums, type EnumReadOptions } from '../build-output/enum-reader';
import { mentionsEnum, type EnumMembers } from '../build-output/enums';
import { asMetadata } from '../verify/metadata';

export type AbiError = Extract<Abi[number], { type: 'error' }>;

export interface Declared<T> {
  /** The contract (or interface, library, system contract) that declares it. */
  contract: string;
  item: T;
  /** Canonical signature, e.g. `transfer(address,uint256)`. */
  signature: string;
}

/** Elementary ABI types (sizes as the ABI spec allows them), tuples and function pointers, with array suffixes. */
const BITS = '(?:8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)';
const ABI_TYPE = new RegExp(
  `^(?:u?int${BITS}?|address|bool|string|bytes(?:[1-9]|[12][0-9]|3[0-2])?|tuple|function)(?:\\[\\d{0,6}\\]){0,8}$`,
);

const parameter: z.ZodType<{ type: string; name?: string; indexed?: boolean; components?: unknown[] }> = z.lazy(() =>
  z.looseObject({
    type: z.string().regex(ABI_TYPE),
    name: z.string().max(200).optional(),
    indexed: z.boolean().optional(),
    components: z.array(parameter).max(100).optional(),
  }),
);
const abiItem = z.looseObject({
  type: z.enum(['function', 'error', 'event']),
  name: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,199}$/),
  inputs: z.array(parameter).max(100).default([]),
  outputs: z.array(parameter).max(100).optional(),
  anonymous: z.boolean().optional(),
});

const NAMED_KINDS: ReadonlySet<string> = new Set(['function', 'error', 'event']);

/** Tuples inside tuples: a real ABI nests a handful; the schema above recurses, so deeper ones are refused first. */
export const MAX_ABI_NESTING = 16;
/** Parameters of one entry, nested ones included: per-array caps alone multiply through nesting (100³). */
export const MAX_ENTRY_PARAMETERS = 2_000;
/** Parameters across every ABI a registry reads, the budget of the whole answer. */
export const MAX_REGISTRY_PARAMETERS = 500_000;

/**
 * How many parameters `raw` declares (inputs, outputs and their components), counted without recursion; Infinity
 * once it nests deeper than MAX_ABI_NESTING or declares more than `budget`.
 */
export function parameterCount(raw: unknown, budget = MAX_ENTRY_PARAMETERS): number {
  const item = raw as { inputs?: unknown; outputs?: unknown } | null;
  const pending: Array<[unknown, number]> = [
    [item?.inputs, 1],
    [item?.outputs, 1],
  ];
  let count = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [list, depth] = next;
    if (!Array.isArray(list)) continue;
    if (depth > MAX_ABI_NESTING) return Infinity;
    count += list.length;
    if (count > budget) return Infinity;
    for (const p of list) pending.push([(p as { components?: unknown } | null)?.components, depth + 1]);
  }
  return count;
}

export class AbiRegistry {
  private readonly functions = new Map<string, Array<Declared<AbiFunction>>>();
  private readonly errors = new Map<string, Array<Declared<AbiError>>>();
  private readonly events = new Map<string, Array<Declared<AbiEvent>>>();

  /** All ABIs of a build output (see BuildOutputReader), newest compilation first. */
  static fromContracts(contracts: readonly CompiledContract[]): AbiRegistry {
    const registry = new AbiRegistry(new Set(contracts.map((c) => c.sources)));
    for (const c of contracts) registry.add(c.name, abiOfMetadata(c.output.metadata));
    return registry;
  }

  private members: EnumMembers | undefined;
  /** Whether some entry types a value as an enum: only then are the sources parsed. */
  private typesEnum = false;
  /** Parameters read so far, against MAX_REGISTRY_PARAMETERS. */
  private parameters = 0;

  /** @param compilations the sources enum members are read from (by `loadEnums`). */
  constructor(private readonly compilations: ReadonlySet<CompiledSources> = new Set()) {}

  /**
   * Reads the enums of the compilations, off this thread and within a time budget, when some entry types a value as
   * an enum. Never rejects; resolves with a one-line note of what was left out, or null.
   */
  async loadEnums(options?: EnumReadOptions): Promise<string | null> {
    if (!this.typesEnum) return null;
    const note = await loadEnums(this.compilations, options);
    this.members = undefined;
    return note;
  }

  /** The enums the compilations define (once loaded), by canonical name (newest compilation's definition first). */
  readonly enums = (): EnumMembers => {
    if (!this.members) {
      const merged = new Map<string, readonly string[]>();
      for (const sources of this.compilations)
        for (const [name, members] of enumMembersOf(sources)) if (!merged.has(name)) merged.set(name, members);
      this.members = merged;
    }
    return this.members;
  };

  /** Adds what `abi` declares for `contract`; returns how many entries were skipped as malformed. */
  add(contract: string, abi: unknown): number {
    if (!Array.isArray(abi)) return 0;
    let skipped = 0;
    for (const raw of abi) {
      const size = parameterCount(raw, Math.min(MAX_ENTRY_PARAMETERS, MAX_REGISTRY_PARAMETERS - this.parameters));
      if (size === Infinity) {
        skipped++;
        continue;
      }
      this.parameters += size;
      const parsed = abiItem.safeParse(raw);
      if (!parsed.success) {
        // Constructors, fallback and receive have no selector to index; only a broken named entry is a problem.
        if (NAMED_KINDS.has(String((raw as { type?: unknown } | null)?.type))) skipped++;
        continue;
      }
      this.typesEnum ||= mentionsEnum([parsed.data]);
      try {
        this.index(contract, parsed.data as unknown as AbiFunction | AbiError | AbiEvent);
      } catch {
        // viem rejects a type it cannot encode (e.g. `uint7`): the entry is unusable, the rest still counts.
        skipped++;
      }
    }
    return skipped;
  }

  /** The function with this selector; the hinted contract's own declaration first. */
  findFunction(selector: string, contract?: string): Declared<AbiFunction> | undefined {
    return pick(this.functions.get(selector.toLowerCase()), contract);
  }

  /** The functions `contract` declares named `name`, overloads included. */
  functionsNamed(contract: string, name: string): AbiFunction[] {
    return [...this.functions.values()].flatMap((list) =>
      list.filter((e) => e.contract === contract && e.item.name === name).map((e) => e.item),
    );
  }

  findError(selector: string, contract?: string): Declared<AbiError> | undefined {
    return pick(this.errors.get(selector.toLowerCase()), contract);
  }

  /** A non-anonymous event by its first topic. */
  findEvent(topic: string, contract?: string): Declared<AbiEvent> | undefined {
    return pick(this.events.get(topic.toLowerCase()), contract);
  }

  get size(): number {
    return this.functions.size + this.errors.size + this.events.size;
  }

  private index(contract: string, item: AbiFunction | AbiError | AbiEvent): void {
    const signature = toFunctionSignature(item as AbiFunction);
    switch (item.type) {
      case 'function':
        push(this.functions, toFunctionSelector(signature), { contract, item, signature });
        break;
      case 'error':
        push(this.errors, toFunctionSelector(signature), { contract, item, signature });
        break;
      case 'event':
        if (!item.anonymous) push(this.events, toEventSelector(signature), { contract, item, signature });
        break;
    }
  }
}

function push<T>(map: Map<string, Array<Declared<T>>>, key: string, entry: Declared<T>): void {
  const list = map.get(key);
  if (!list) map.set(key, [entry]);
  else if (!list.some((e) => e.contract === entry.contract)) list.push(entry);
}

function pick<T>(list: ReadonlyArray<Declared<T>> | undefined, contract: string | undefined): Declared<T> | undefined {
  if (!list) return undefined;
  return (contract === undefined ? undefined : list.find((e) => e.contract === contract)) ?? list[0];
}

/** `metadata.output.abi`, from the metadata as JSON text (solc) or as an object (Foundry's `metadata`). */
export function abiOfMetadata(metadata: unknown): unknown {
  return asMetadata(metadata)?.output?.abi;
}
