/**
 * Writing loaded items to a file as NDJSON. The write is atomic (a temporary file in the same
 * directory, then a link or rename onto the name) and never replaces an existing file unless the
 * caller says so: without `overwrite`, the final step is `link()`, which fails if the name exists
 * even when another process creates it in the meantime.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { link, open, rename, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Thrown by `write` when the file exists and overwriting was not allowed. */
export class FileExistsError extends Error {
  constructor(readonly path: string) {
    super(`${path} already exists`);
    this.name = 'FileExistsError';
  }
}

/** File operations the export flow needs; `createFileExporter` is the real one. */
export interface Exporter {
  /** The path as the user should read it: relative to the working directory when inside it. */
  display(path: string): string;
  exists(path: string): Promise<boolean>;
  /** Writes `text` to `path` atomically; rejects with FileExistsError unless `overwrite`. */
  write(path: string, text: string, overwrite: boolean): Promise<void>;
}

const UNSAFE_FILE_CHARS = /[^A-Za-z0-9._-]/g;

/** An id (from the server) reduced to `[A-Za-z0-9._-]`, never hidden, never empty. */
export function safeFileComponent(id: string): string {
  const reduced = id.replace(UNSAFE_FILE_CHARS, '').replace(/^[.-]+/, '').slice(0, 100);
  return reduced === '' ? 'group' : reduced;
}

/** Where `e` offers to write: `./page-groups.ndjson`, or `./<group>-pages.ndjson`. */
export function defaultExportPath(groupId?: string): string {
  return groupId === undefined ? './page-groups.ndjson' : `./${safeFileComponent(groupId)}-pages.ndjson`;
}

/** The real exporter, which the app can also ask to finish before the process ends. */
export interface FileExporter extends Exporter {
  /**
   * Waits up to `withinMs` for writes in progress, then removes the temporary file of any still
   * unfinished: each target is left either complete or untouched, never partly written.
   */
  finishWrites(withinMs: number): Promise<void>;
}

/** Exporter on the real file system; relative paths and `~/` are taken from `cwd` and `home`. */
export function createFileExporter(cwd: string = process.cwd(), home: string = homedir()): FileExporter {
  /** Temporary file → the write that owns it, until it has been removed. */
  const writing = new Map<string, Promise<void>>();
  const absolute = (path: string): string => {
    const expanded = path === '~' ? home : path.startsWith(`~${sep}`) || path.startsWith('~/') ? join(home, path.slice(2)) : path;
    return isAbsolute(expanded) ? expanded : resolve(cwd, expanded);
  };
  return {
    display(path) {
      const abs = absolute(path);
      const rel = relative(cwd, abs);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? `.${sep}${rel}` : abs;
    },
    async exists(path) {
      return stat(absolute(path)).then(
        () => true,
        () => false,
      );
    },
    write(path, text, overwrite) {
      const target = absolute(path);
      const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      const done = writeAtomically(temp, target, text, overwrite).finally(() => writing.delete(temp));
      writing.set(temp, done);
      return done;
    },
    async finishWrites(withinMs) {
      if (writing.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, withinMs);
      });
      await Promise.race([Promise.allSettled([...writing.values()]), timeout]);
      clearTimeout(timer);
      // Synchronous: the process ends right after this.
      for (const temp of writing.keys()) rmSync(temp, { force: true });
    },
  };
}

async function writeAtomically(temp: string, target: string, text: string, overwrite: boolean): Promise<void> {
  const handle = await open(temp, 'wx', 0o644);
  try {
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (overwrite) await rename(temp, target);
    else await linkNoClobber(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
}

async function linkNoClobber(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new FileExistsError(target);
    // Some file systems have no hard links: check, then rename (a small window, but no silent loss
    // of a file that existed when the user confirmed the name).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      const exists = await stat(target).then(() => true, () => false);
      if (exists) throw new FileExistsError(target);
      await rename(temp, target);
      return;
    }
    throw error;
  }
}
