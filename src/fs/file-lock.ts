/**
 * A lock file around a read-merge-write that two processes may do at once (prompt history shared
 * by two instances). Taken with O_EXCL; a lock older than STALE_MS was left by a process that
 * died and is broken; after WAIT_MS the work runs anyway (a lost entry beats a hung prompt).
 */
import { open, stat, unlink } from 'node:fs/promises';

const STALE_MS = 2000;
const WAIT_MS = 2000;
const RETRY_MS = 5;

export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const held = await acquire(lockPath);
  try {
    return await work();
  } finally {
    if (held) await unlink(lockPath).catch(() => undefined);
  }
}

async function acquire(lockPath: string): Promise<boolean> {
  const giveUpAt = Date.now() + WAIT_MS;
  for (;;) {
    try {
      await (await open(lockPath, 'wx', 0o600)).close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    const age = await stat(lockPath).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age > STALE_MS) await unlink(lockPath).catch(() => undefined);
    else if (Date.now() > giveUpAt) return false;
    else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
