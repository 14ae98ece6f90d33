// The text a source map's byte offsets refer to: the source as compiled when the build kept it, else the
// workspace file. Read once per file and kept with its line table.
import { stat, readFile } from 'node:fs/promises';
import type { SourceFile } from './artifacts';
import { SourceText } from './source-text';

export interface ReadSource {
  /** The workspace file, when one of the candidates exists. */
  path: string | undefined;
  text: SourceText;
  /** `text` is exactly what was compiled (false: read from `path` because the build kept no copy). */
  compiled: boolean;
}

export class SourceFiles {
  private readonly cache = new WeakMap<SourceFile, Promise<ReadSource | undefined>>();

  /** undefined when the build kept no text and no candidate exists. */
  read(source: SourceFile): Promise<ReadSource | undefined> {
    let read = this.cache.get(source);
    if (!read) this.cache.set(source, (read = load(source)));
    return read;
  }
}

async function load(source: SourceFile): Promise<ReadSource | undefined> {
  const path = await firstFile(source.candidates);
  if (source.content !== undefined) return { path, text: new SourceText(source.content), compiled: true };
  if (path === undefined) return undefined;
  const text = await readFile(path, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : { path, text: new SourceText(text), compiled: false };
}

async function firstFile(candidates: readonly string[]): Promise<string | undefined> {
  for (const path of candidates) if ((await stat(path).catch(() => undefined))?.isFile()) return path;
  return undefined;
}
