// Trace files on disk are untrusted paths: a FIFO, a device or a directory must fail at once with a clear message,
// never block in open(2) (a FIFO's open waits for a writer, before any cancel can act) nor stream forever (/dev/zero).
import { constants } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Stats } from 'node:fs';
import { ApiError } from '../errors';

/** O_NONBLOCK makes open(2) of a FIFO return at once; it changes nothing for regular files (absent on Windows). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function kindOf(s: Stats): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a named pipe (FIFO)';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

export function fileError(path: string, err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  const reason = code?.startsWith('Z_') ? 'not a valid gzip file' : err instanceof Error ? err.message : String(err);
  return new ApiError('invalid-input', `Cannot read the trace file ${path}: ${reason}`, { cause: err });
}

function notRegular(path: string, s: Stats): ApiError {
  return new ApiError('invalid-input', `Cannot read the trace file ${path}: it is ${kindOf(s)}; a trace file must be a regular file.`);
}

/**
 * Opens a trace file for reading, refusing anything but a regular file: checked by path first (a clear message
 * without opening), then on the opened descriptor (the path may have been swapped in between).
 */
export async function openRegularFile(path: string): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    const before = await stat(path);
    if (!before.isFile()) throw notRegular(path, before);
    handle = await open(path, OPEN_FLAGS);
  } catch (err) {
    throw fileError(path, err);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw notRegular(path, opened);
    return { handle, size: opened.size };
  } catch (err) {
    await handle.close();
    throw fileError(path, err);
  }
}

/** Copies a regular file of at most `maxBytes` (Save Trace…): refused before a byte is written otherwise. */
export async function copyRegularFile(from: string, to: string, maxBytes: number): Promise<void> {
  const { handle, size } = await openRegularFile(from);
  try {
    if (size > maxBytes) {
      throw new ApiError(
        'invalid-input',
        `Not saved: the trace body ${from} is ${formatMB(size)}, more than the ${formatMB(maxBytes)} a saved trace may take.`,
      );
    }
    // From the descriptor that was checked, and no further than its size then.
    const source = handle.createReadStream({ autoClose: false, start: 0, end: Math.max(size - 1, 0) });
    await pipeline(size === 0 ? [] : source, createWriteStream(to));
  } finally {
    await handle.close();
  }
}

export function formatMB(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
