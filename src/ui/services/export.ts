/**
 * Writing loaded items (or a HAR) to a file, atomically and 0600 from the first byte (see
 * src/fs/atomic-write.ts), and never over an existing file unless the caller says so.
 */
import { rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { tempPathFor, writeFileAtomic, type AtomicData } from '../../fs/atomic-write.js';
import { withFolderFacts } from './export-folder-facts.js';

/** Thrown by `write` when the file exists and overwriting was not allowed. */
export { FileExistsError } from '../../fs/atomic-write.js';

/** File operations the export flow needs; `createFileExporter` is the real one. */
export interface Exporter {
  /** The path as the user should read it: relative to the working directory when inside it. */
  display(path: string): string;
  /** Whether a file is at `path`; rejects (code EISDIR) when a folder is. */
  exists(path: string): Promise<boolean>;
  /**
   * Writes `text` (whole, or its pieces in order) to `path` atomically; rejects with
   * FileExistsError unless `overwrite`, and with the pieces' own error (a cancel) if they throw.
   */
  write(path: string, text: AtomicData, overwrite: boolean): Promise<void>;
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
  /** Checks of a name in progress: the write that may follow one is part of the same export. */
  const checking = new Set<Promise<boolean>>();
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
    exists(path) {
      const check = (async () => {
        const found = await stat(absolute(path)).catch(() => undefined);
        // A folder is not a file to overwrite: said at once, as the write itself would say it.
        if (found?.isDirectory()) throw Object.assign(new Error(`${path} is a folder`), { code: 'EISDIR' });
        return found !== undefined;
      })();
      checking.add(check);
      void check.then(() => checking.delete(check), () => checking.delete(check));
      return check;
    },
    write(path, text, overwrite) {
      const target = absolute(path);
      const temp = tempPathFor(target);
      const done = writeFileAtomic(target, text, 0o600, { usersFile: true, noClobber: !overwrite, tempPath: temp })
        .catch((error: unknown) => withFolderFacts(error, target))
        .finally(() => writing.delete(temp));
      writing.set(temp, done);
      return done;
    },
    async finishWrites(withinMs) {
      if (writing.size === 0 && checking.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, withinMs);
      });
      // A check's caller reacts to it before this does (it listened first): a write that follows
      // the check is under way by the time the checks have settled.
      await Promise.race([Promise.allSettled([...checking]), timeout]);
      await Promise.race([Promise.allSettled([...writing.values()]), timeout]);
      clearTimeout(timer);
      // Synchronous: the process ends right after this.
      for (const temp of writing.keys()) rmSync(temp, { force: true });
    },
  };
}
