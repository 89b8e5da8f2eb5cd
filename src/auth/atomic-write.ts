import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { mkdirSync, openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Test seam: runs after the temp file is fully written, before the rename. */
export interface AtomicWriteHooks {
  readonly beforeRename?: (tempPath: string) => void;
}

const tempNameFor = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);

/**
 * Creates the folder of `path` with mode 0700 when absent (an existing folder is left as it is),
 * then replaces `path` atomically: a temp file in the same folder, created with `mode`, written,
 * fsynced and renamed over the target. On any failure the temp file is removed and the old
 * content stays intact.
 */
export async function writeFileAtomic(
  path: string,
  data: string,
  mode: number,
  hooks: AtomicWriteHooks = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = tempNameFor(path);
  const handle = await open(temp, 'wx', mode);
  try {
    try {
      await handle.chmod(mode); // the umask may have narrowed or the fs widened it
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    hooks.beforeRename?.(temp);
    await rename(temp, path);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
}

/** Synchronous twin of {@link writeFileAtomic}, for the config file (read and written at start-up). */
export function writeFileAtomicSync(path: string, data: string, mode: number, hooks: AtomicWriteHooks = {}): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = tempNameFor(path);
  const fd = openSync(temp, 'wx', mode);
  try {
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    hooks.beforeRename?.(temp);
    renameSync(temp, path);
  } catch (e) {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
    throw e;
  }
}
