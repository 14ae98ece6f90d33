// Reading workspace files for discovery. Records and build outputs are optional: a missing or malformed file is
// skipped, never fatal, so one broken artifact cannot hide the others.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The file parsed; undefined when it is missing or not JSON (the latter said in `problems` when given). */
export async function readJson(path: string, problems?: string[]): Promise<{ text: string; json: unknown } | undefined> {
  const text = await readText(path);
  if (text === undefined) return undefined;
  try {
    return { text, json: JSON.parse(text) };
  } catch (err) {
    problems?.push(`${path}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    return undefined;
  }
}

async function entries(path: string) {
  try {
    return await readdir(path, { withFileTypes: true });
  } catch {
    return [];
  }
}

export async function listDirs(path: string): Promise<string[]> {
  return (await entries(path)).filter((d) => d.isDirectory()).map((d) => d.name);
}

export async function listFiles(path: string): Promise<string[]> {
  return (await entries(path)).filter((d) => d.isFile()).map((d) => d.name);
}

/** Every file below `dir` whose `/`-separated path relative to `dir` satisfies `keep`, skipping `skipDirs` by name. */
export async function walkFiles(dir: string, keep: (rel: string) => boolean, skipDirs: ReadonlySet<string> = new Set()): Promise<string[]> {
  const out: string[] = [];
  const visit = async (current: string): Promise<void> => {
    for (const d of await entries(current)) {
      const full = join(current, d.name);
      if (d.isDirectory()) {
        if (!skipDirs.has(d.name)) await visit(full);
      } else if (d.isFile() && keep(relative(dir, full).split(sep).join('/'))) out.push(full);
    }
  };
  await visit(dir);
  return out.sort();
}
