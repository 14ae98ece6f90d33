// The solc metadata JSON is what both verification protocols revolve around: it names the compilation target, the
// compiler and settings, and the keccak256 of every source file. Parsed leniently (unknown keys kept), because solc
// adds fields across versions and the server re-hashes the raw text anyway.
import { z } from 'zod';
import { parseBoundedJson } from '../workspace/bounded-json';

const sourceEntry = z.looseObject({
  keccak256: z.string(),
  urls: z.array(z.string()).optional(),
  content: z.string().optional(),
  license: z.string().optional(),
});

const metadataSchema = z.looseObject({
  compiler: z.looseObject({ version: z.string() }),
  language: z.string(),
  settings: z.looseObject({
    compilationTarget: z.record(z.string(), z.string()),
    libraries: z.record(z.string(), z.string()).optional(),
    remappings: z.array(z.string()).optional(),
  }),
  sources: z.record(z.string(), sourceEntry),
  output: z.looseObject({ abi: z.array(z.unknown()).optional() }).optional(),
  version: z.number(),
});

export type SolcMetadata = z.infer<typeof metadataSchema>;

/** The metadata in `value` (an object or its JSON text), or undefined when it is not solc metadata. */
export function asMetadata(value: unknown): SolcMetadata | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = parseBoundedJson(v); // metadata text comes from workspace build output: bounded like the file it was in
    } catch {
      return undefined;
    }
  }
  const parsed = metadataSchema.safeParse(v);
  return parsed.success ? parsed.data : undefined;
}

export interface CompilationTarget {
  /** Source path as the metadata names it, e.g. `contracts/Counter.sol` or `project:/contracts/Counter.sol`. */
  path: string;
  name: string;
}

/** The single contract the metadata describes; solc always writes exactly one. */
export function compilationTarget(m: SolcMetadata): CompilationTarget | undefined {
  const entries = Object.entries(m.settings.compilationTarget);
  if (entries.length !== 1) return undefined;
  const [path, name] = entries[0];
  return { path, name };
}

/** `0.8.37+commit.f401782d` from any of `v0.8.37+commit.f401782d`, `0.8.37+commit.f401782d.Emscripten.clang`. */
export function normaliseCompilerVersion(v: string): string {
  const m = /^v?(\d+\.\d+\.\d+(?:-[\w.]+)?\+commit\.[0-9a-f]+)/.exec(v.trim());
  return m ? m[1] : v.trim().replace(/^v/, '');
}
