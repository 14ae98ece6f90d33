// Every read of a file that a workspace names (build output, deployment records, the sources verification uploads
// and source stepping shows) goes through here. A cloned repository is untrusted: its build output may name
// `../../../etc/passwd`, an absolute path or a symlink out of the folder, a FIFO that blocks `open`, or a file of
// gigabytes. Only regular files inside the workspace folder (its node_modules included) are opened, and only up to
// a size budget; anything else is a refusal that says why, and the file is never opened.
import { constants } from 'node:fs';
import { lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseBoundedJson } from './bounded-json';

/** Solidity sources: the largest real ones (flattened, generated) are a few MB. */
export const SOURCE_FILE_BYTES = 8 * 1024 * 1024;
/** Build infos, artifacts, deployment records and journals: a big project's build info with every AST is ~60 MB. */
export const BUILD_OUTPUT_BYTES = 64 * 1024 * 1024;

export type Refusal = 'missing' | 'outside' | 'not-a-file' | 'too-large' | 'unreadable' | 'malformed';

export interface Refused {
  ok: false;
  reason: Refusal;
  /** The file as asked for, made absolute. */
  file: string;
  /** `<file>: <what happened>`, for a problem list or a log line. */
  message: string;
}

export type TextRead = { ok: true; file: string; text: string } | Refused;
export type JsonRead = { ok: true; file: string; text: string; json: unknown } | Refused;

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
const CHUNK = 1024 * 1024;

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${bytes} bytes` : `${Math.round(bytes / (1024 * 1024))} MB`);

/** `path` is `base` or below it (both absolute and normalised). */
export function isWithin(base: string, path: string): boolean {
  const rel = relative(base, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * What is wrong with a file that is not JSON, without the bytes V8's message quotes from it (`Unexpected token 'S',
 * "SECRET-MAR"... is not valid JSON`): a refusal names the file and the kind of problem, never its content.
 */
function jsonProblem(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (message.startsWith('too large to parse')) return message;
  if (/end of JSON input/i.test(message)) return 'it ends early';
  const position = /at position (\d+)/.exec(message)?.[1];
  return position === undefined ? 'a syntax error' : `a syntax error at character ${position}`;
}

export class WorkspaceFolder {
  readonly root: string;
  private realRoot: Promise<string | undefined> | undefined;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** `path` (absolute, or relative to the root) made absolute, without touching the disk. */
  absolute(path: string): string {
    return resolve(this.root, path);
  }

  /** The folder's own real path (undefined when it does not exist), resolved once. */
  private real(): Promise<string | undefined> {
    this.realRoot ??= realpath(this.root).catch(() => undefined);
    return this.realRoot;
  }

  private refused(file: string, reason: Refusal, what: string): Refused {
    return { ok: false, reason, file, message: `${file}: ${what}` };
  }

  private outside(file: string): Refused {
    return this.refused(file, 'outside', `outside the workspace folder ${this.root}; not read`);
  }

  /**
   * The real path of `path` when it is inside the folder after following every symlink; a refusal otherwise.
   * Paths that leave the folder as written are refused before the disk is asked anything.
   */
  async confine(path: string): Promise<{ ok: true; file: string; real: string } | Refused> {
    const file = this.absolute(path);
    const realRoot = await this.real();
    if (!isWithin(this.root, file) && !(realRoot && isWithin(realRoot, file))) return this.outside(file);
    if (!realRoot) return this.refused(file, 'missing', 'no such file');
    let real: string;
    try {
      real = await realpath(file);
    } catch (err) {
      return this.refused(
        file,
        'missing',
        (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String((err as Error).message),
      );
    }
    return isWithin(realRoot, real) ? { ok: true, file, real } : this.outside(file);
  }

  /** A regular file inside the folder of at most `maxBytes`, found without opening it. */
  async locate(path: string, maxBytes = SOURCE_FILE_BYTES): Promise<{ ok: true; file: string; real: string } | Refused> {
    const where = await this.confine(path);
    if (!where.ok) return where;
    const info = await stat(where.real).catch(() => undefined);
    if (!info) return this.refused(where.file, 'missing', 'no such file');
    if (!info.isFile()) return this.refused(where.file, 'not-a-file', 'not a regular file; not read');
    if (info.size > maxBytes)
      return this.refused(
        where.file,
        'too-large',
        `${size(info.size)}, more than the ${size(maxBytes)} read from a workspace file; not read`,
      );
    return where;
  }

  /**
   * The file's text when it is a regular file inside the folder of at most `maxBytes`. Its type is checked before
   * `open` (a FIFO would block it), and again on the open handle, which does not follow a symlink swapped in since.
   */
  async readText(path: string, maxBytes = SOURCE_FILE_BYTES): Promise<TextRead> {
    const where = await this.locate(path, maxBytes);
    if (!where.ok) return where;
    const { file, real } = where;
    let handle;
    try {
      handle = await open(real, READ_FLAGS);
    } catch (err) {
      return this.refused(file, 'unreadable', `cannot be read (${(err as Error).message})`);
    }
    try {
      if (!(await handle.stat()).isFile()) return this.refused(file, 'not-a-file', 'not a regular file; not read');
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const chunk = Buffer.allocUnsafe(CHUNK);
        const { bytesRead } = await handle.read(chunk, 0, CHUNK, null);
        if (bytesRead === 0) break;
        total += bytesRead;
        if (total > maxBytes)
          return this.refused(file, 'too-large', `more than the ${size(maxBytes)} read from a workspace file; not read`);
        chunks.push(chunk.subarray(0, bytesRead));
      }
      return { ok: true, file, text: Buffer.concat(chunks, total).toString('utf8') };
    } catch (err) {
      return this.refused(file, 'unreadable', `cannot be read (${(err as Error).message})`);
    } finally {
      await handle.close();
    }
  }

  /** The file parsed as JSON within the workspace bounds (size, nesting, number of values). */
  async readJson(path: string, maxBytes = BUILD_OUTPUT_BYTES): Promise<JsonRead> {
    const read = await this.readText(path, maxBytes);
    if (!read.ok) return read;
    try {
      return { ...read, json: parseBoundedJson(read.text) };
    } catch (err) {
      return this.refused(read.file, 'malformed', `not valid JSON (${jsonProblem(err)})`);
    }
  }

  /**
   * The parsed file, or undefined: silently when it does not exist (build output and records are optional), with
   * the refusal's message in `problems` otherwise (outside the folder, not a file, too large, not JSON).
   */
  async optionalJson(path: string, problems?: string[]): Promise<{ text: string; json: unknown } | undefined> {
    const read = await this.readJson(path);
    if (read.ok) return read;
    if (read.reason !== 'missing') problems?.push(read.message);
    return undefined;
  }

  /** The file's text, or undefined as `optionalJson` says. */
  async optionalText(path: string, maxBytes = SOURCE_FILE_BYTES, problems?: string[]): Promise<string | undefined> {
    const read = await this.readText(path, maxBytes);
    if (read.ok) return read.text;
    if (read.reason !== 'missing') problems?.push(read.message);
    return undefined;
  }

  /** When the file was last written; -1 when it is missing or outside the folder. */
  async mtimeMs(path: string): Promise<number> {
    const where = await this.confine(path);
    return where.ok ? ((await lstat(where.real).catch(() => undefined))?.mtimeMs ?? -1) : -1;
  }

  /** Entries of a directory inside the folder; none when it is missing or outside (said in `problems` if given). */
  private async entries(dir: string, problems?: string[]) {
    const where = await this.confine(dir);
    if (!where.ok) {
      if (where.reason === 'outside') problems?.push(where.message);
      return [];
    }
    return readdir(where.real, { withFileTypes: true }).catch(() => []);
  }

  /** Subdirectory names (symlinks are not followed). */
  async listDirs(dir: string): Promise<string[]> {
    return (await this.entries(dir)).filter((d) => d.isDirectory()).map((d) => d.name);
  }

  /** Regular file names (symlinks, FIFOs and devices are left out). */
  async listFiles(dir: string): Promise<string[]> {
    return (await this.entries(dir)).filter((d) => d.isFile()).map((d) => d.name);
  }

  /**
   * Every regular file below `dir` whose `/`-separated path relative to `dir` satisfies `keep`, skipping `skipDirs`
   * by name, as absolute paths under `dir` as given. Symlinks are not followed, so the walk stays in the folder.
   */
  async walkFiles(
    dir: string,
    keep: (rel: string) => boolean,
    skipDirs: ReadonlySet<string> = new Set(),
    problems?: string[],
  ): Promise<string[]> {
    const base = this.absolute(dir);
    const out: string[] = [];
    const visit = async (current: string, problemList?: string[]): Promise<void> => {
      for (const d of await this.entries(current, problemList)) {
        const full = join(current, d.name);
        if (d.isDirectory()) {
          if (!skipDirs.has(d.name)) await visit(full);
        } else if (d.isFile() && keep(relative(base, full).split(sep).join('/'))) out.push(full);
      }
    };
    await visit(base, problems);
    return out.sort();
  }
}
