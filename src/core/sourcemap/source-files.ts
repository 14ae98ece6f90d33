// The text a source map's byte offsets refer to: the source as compiled when the build kept it, else the
// workspace file. Read once per file and kept with its line table. Only files inside the workspace folder are read
// (the build output names the paths, and a cloned repository's build output can name any path); a refused
// candidate is passed over and logged, so a source outside the folder is simply not mapped.
import type { Refused, WorkspaceFolder } from '../workspace/confined-fs';
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

  /** `onRefused` hears why a candidate that exists was not read (outside the folder, not a file, too large). */
  constructor(private readonly onRefused: (message: string) => void = () => undefined) {}

  /** undefined when the build kept no text and no candidate can be read. */
  read(source: SourceFile): Promise<ReadSource | undefined> {
    let read = this.cache.get(source);
    if (!read) this.cache.set(source, (read = this.load(source)));
    return read;
  }

  private async load({ candidates, content, workspace }: SourceFile): Promise<ReadSource | undefined> {
    // Fetched sources have no folder: they are shown as compiled, never looked for on disk.
    const found = workspace && (await this.inWorkspace(workspace, candidates, content));
    if (found) return found;
    return content === undefined ? undefined : { path: undefined, text: new SourceText(content), compiled: true };
  }

  private async inWorkspace(
    workspace: WorkspaceFolder,
    candidates: readonly string[],
    content: string | undefined,
  ): Promise<ReadSource | undefined> {
    for (const candidate of candidates) {
      // With the compiled text at hand only the file's place is needed: a file outside the folder is not shown either.
      if (content !== undefined) {
        const found = await workspace.locate(candidate);
        if (found.ok) return { path: found.file, text: new SourceText(content), compiled: true };
        this.refused(found);
      } else {
        const read = await workspace.readText(candidate);
        if (read.ok) return { path: read.file, text: new SourceText(read.text), compiled: false };
        this.refused(read);
      }
    }
    return undefined;
  }

  private refused(r: Refused): void {
    if (r.reason !== 'missing') this.onRefused(r.message);
  }
}
