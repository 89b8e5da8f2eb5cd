/**
 * Writes that never lose bytes quietly. `fs.writeSync` may write less than it was given (a disk
 * that fills, a file-size limit): the rest must be written again, which then fails with the
 * reason. Node's own stdout to a file ignores such a short write; this module does not.
 */
import { writeSync } from 'node:fs';

/** Writes all of `data` to `fd`, retrying after a short write; throws the write's error. */
export function writeAllSync(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let offset = 0;
  while (offset < bytes.length) {
    const written = writeSync(fd, bytes, offset, bytes.length - offset);
    // A write of nothing is as short as it gets; asking again would loop.
    if (written <= 0) throw Object.assign(new Error('no bytes were written'), { code: 'EIO' });
    offset += written;
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'disk full',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EIO: 'input/output error',
  ENOENT: 'no such directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'is a directory',
  EMFILE: 'too many open files',
};

/** Why a write failed, in a few words ("disk full"), from its error code, else its message. */
export function writeErrorReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && REASONS[code] !== undefined) return REASONS[code];
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}
