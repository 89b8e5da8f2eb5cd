/**
 * Whether the debug log could be written where it is set to go, without writing it: the folder
 * exists and is a folder, the log (if there) is a regular file, the place is writable and has
 * space. Said in the words the app uses when it cannot open the log (src/fs/write-all.ts).
 */
import { accessSync, constants, lstatSync, statfsSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { writeErrorReason } from '../../../fs/write-all.js';

const statOrNone = (path: string, stat: (p: string) => Stats): Stats | undefined => {
  try {
    return stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/** Why the log at `path` could not be written, or undefined when it could. */
export function logWriteProblem(path: string): string | undefined {
  try {
    const log = statOrNone(path, lstatSync);
    if (log?.isSymbolicLink()) return 'it is a symbolic link';
    if (log !== undefined && !log.isFile()) return 'it is not a regular file';
    const folder = dirname(path);
    const dir = statOrNone(folder, statSync);
    if (dir === undefined) return writeErrorReason({ code: 'ENOENT' });
    if (!dir.isDirectory()) return writeErrorReason({ code: 'ENOTDIR' });
    accessSync(log === undefined ? folder : path, constants.W_OK);
    const space = statfsSync(folder);
    if (space.bavail === 0 && space.bfree === 0) return writeErrorReason({ code: 'ENOSPC' });
    return undefined;
  } catch (error) {
    return writeErrorReason(error);
  }
}
