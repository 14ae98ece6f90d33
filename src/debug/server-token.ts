// The server mode's token: a secret in a file only the user can read, which a client puts in its launch
// configuration (`"token"`) to prove it runs as someone who can read that file. An existing file is read (a regular
// file of at most 1 KB, its first line the token, at least 16 characters); a missing one is created with a fresh
// random token, readable by its owner only. The token itself is never printed.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ledgerMirrorCacheDir } from '../core/verified/verified-cache';

const MAX_TOKEN_FILE_BYTES = 1024;
const MIN_TOKEN_CHARS = 16;

/** Where the token lives when `--token-file` is not given: the user's cache folder, one file per port. */
export function defaultTokenFile(port: number, env: NodeJS.ProcessEnv = process.env): string {
  return join(ledgerMirrorCacheDir(env), `debug-adapter-${port}.token`);
}

/** The token in `file`, created first when the file does not exist. Throws an Error naming the file and the problem. */
export function serverToken(file: string): string {
  const path = resolve(file);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`The token file ${path} cannot be read (${(err as Error).message}).`, { cause: err });
    const token = randomBytes(32).toString('hex');
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  }
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`The token file ${path} is not a regular file.`);
    const bytes = Buffer.alloc(MAX_TOKEN_FILE_BYTES + 1);
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    if (read > MAX_TOKEN_FILE_BYTES) throw new Error(`The token file ${path} is larger than ${MAX_TOKEN_FILE_BYTES} bytes.`);
    const token = bytes.toString('utf8', 0, read).split(/\r?\n/)[0].trim();
    if (token.length < MIN_TOKEN_CHARS)
      throw new Error(
        `The token in ${path} is shorter than ${MIN_TOKEN_CHARS} characters; write a longer one, or delete the file for a new one.`,
      );
    return token;
  } finally {
    closeSync(fd);
  }
}
