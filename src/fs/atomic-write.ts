/**
 * The app's one way of writing a file atomically: a temporary file in the same folder, written,
 * fsynced, then renamed (or linked) onto the name. A reader sees the old content or the whole new
 * one, never part of it; on any failure the temporary file is removed and the old content stays.
 * A name that is a symlink is followed (the file it points to is replaced, the link stays), and a
 * name that is not a regular file (a device such as /dev/null, a pipe) is written straight into:
 * renaming over either would put a file of ours in its place. Errors name the path given, never
 * the temporary file. Imports nothing of the app's, so every layer may use it.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fsyncSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { link, mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeAllSync } from './write-all.js';

export interface AtomicWriteHooks {
  /** Test seam: runs after the temporary file is fully written, before the rename. */
  readonly beforeRename?: (tempPath: string) => void;
  /**
   * A file for the user to keep (an export): its folder must exist. Without it the file is the
   * app's own: a missing folder is made (0700). Either way the file has exactly `mode` from its
   * first byte, whatever the umask.
   */
  readonly usersFile?: boolean;
  /**
   * Never replace an existing file: the last step is link(), which fails when the name exists even
   * if another process creates it meanwhile. Rejects with FileExistsError then.
   */
  readonly noClobber?: boolean;
  /** The temporary file to use (see tempPathFor), for a caller that may have to remove it at exit. */
  readonly tempPath?: string;
}

/** Thrown by a no-clobber write when the file exists. */
export class FileExistsError extends Error {
  constructor(readonly path: string) {
    super(`${path} already exists`);
    this.name = 'FileExistsError';
  }
}

/** A fresh temporary name beside `path`: hidden, with this process's id. */
export const tempPathFor = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);

/**
 * What to write: the whole text, or its pieces in order (a long export, made a batch at a time so
 * no one string holds it all). An error the pieces throw (a cancel) fails the write like a disk's.
 */
export type AtomicData = string | Uint8Array | AsyncIterable<string | Uint8Array>;

const isPieces = (data: AtomicData): data is AsyncIterable<string | Uint8Array> => typeof data !== 'string' && !(data instanceof Uint8Array);

/** Replaces (or, with `noClobber`, creates) `path` with `data` atomically; see the module comment. */
export async function writeFileAtomic(given: string, data: AtomicData, mode: number, hooks: AtomicWriteHooks = {}): Promise<void> {
  const { path, special } = hooks.noClobber ? { path: given, special: false } : writeTarget(given);
  if (special) return withPathNamed(given, undefined, () => writeSpecial(path, data));
  if (!hooks.usersFile) await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = hooks.tempPath ?? tempPathFor(path);
  return withPathNamed(given, temp, () => writeThroughTemp(path, temp, data, mode, hooks));
}

async function writeThroughTemp(path: string, temp: string, data: AtomicData, mode: number, hooks: AtomicWriteHooks): Promise<void> {
  const handle = await open(temp, 'wx', mode);
  try {
    try {
      await handle.chmod(mode); // the umask may have narrowed or the fs widened it
      await writeData(handle, data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    hooks.beforeRename?.(temp);
    if (hooks.noClobber) await linkNoClobber(temp, path);
    else await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

/** Synchronous twin of {@link writeFileAtomic} for the app's own files (the config file, read and written at start-up). */
export function writeFileAtomicSync(given: string, data: string, mode: number, hooks: Pick<AtomicWriteHooks, 'beforeRename'> = {}): void {
  const { path, special } = writeTarget(given);
  if (special) return withPathNamed(given, undefined, () => writeFileSync(path, data, 'utf8'));
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = tempPathFor(path);
  withPathNamed(given, temp, () => writeThroughTempSync(path, temp, data, mode, hooks));
}

function writeThroughTempSync(path: string, temp: string, data: string, mode: number, hooks: Pick<AtomicWriteHooks, 'beforeRename'>): void {
  const fd = openSync(temp, 'wx', mode);
  try {
    try {
      fchmodSync(fd, mode);
      writeAllSync(fd, data); // a short write (a disk that fills) is an error, not a shorter file
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    hooks.beforeRename?.(temp);
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
}

async function linkNoClobber(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw (await isFolder(target)) ? folderError(target) : new FileExistsError(target);
    // Some file systems have no hard links: check, then rename (a small window, but no silent loss
    // of a file that existed when the user confirmed the name).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      const exists = await stat(target).then(() => true, () => false);
      if (exists) throw (await isFolder(target)) ? folderError(target) : new FileExistsError(target);
      await rename(temp, target);
      return;
    }
    throw error;
  }
}

/**
 * Writes straight into a name that is not a regular file (a device, a named pipe). A pipe no program
 * reads is refused (code ENXIO) rather than opened: that open would wait for a reader, holding a
 * thread that even the process's exit waits for. The probe stays open until the real open is done,
 * so the reader never sees the pipe close in between.
 */
async function writeSpecial(path: string, data: AtomicData): Promise<void> {
  const probe = (await stat(path)).isFIFO() ? await open(path, constants.O_WRONLY | constants.O_NONBLOCK) : undefined;
  let handle;
  try {
    handle = await open(path, 'w');
  } finally {
    await probe?.close();
  }
  try {
    await writeData(handle, data);
  } finally {
    await handle.close();
  }
}

/** writeFile on an open handle writes at its position, all of the piece (a short write is retried). */
async function writeData(handle: FileHandle, data: AtomicData): Promise<void> {
  if (isPieces(data)) for await (const piece of data) await handle.writeFile(piece, 'utf8');
  else await handle.writeFile(data, 'utf8');
}

const isFolder = (path: string): Promise<boolean> => stat(path).then((s) => s.isDirectory(), () => false);

/** A name that is a folder: no file can be made there, and there is nothing to ask about overwriting. */
const folderError = (path: string): NodeJS.ErrnoException => Object.assign(new Error(`${path} is a folder`), { code: 'EISDIR', path });

/** Where a write to `path` goes: the file a symlink points to, and whether that is not a regular file. */
function writeTarget(path: string): { path: string; special: boolean } {
  let target = path;
  try {
    target = realpathSync(path);
  } catch {
    return { path, special: false }; // not there yet (or a dangling link): a new file at the name
  }
  const stats = statSync(target, { throwIfNoEntry: false });
  return { path: target, special: stats !== undefined && !stats.isFile() };
}

/** Runs `write`; an error it throws names `given` where it named the temporary file or the link's target. */
function withPathNamed<T>(given: string, temp: string | undefined, write: () => T): T {
  const rename = (error: unknown): never => {
    if (error instanceof Error && temp !== undefined) error.message = error.message.replaceAll(temp, given);
    throw error;
  };
  try {
    const result = write();
    return result instanceof Promise ? (result.catch(rename) as T) : result;
  } catch (error) {
    return rename(error);
  }
}
