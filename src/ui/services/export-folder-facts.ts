/**
 * Why a file could not be made in a folder that exists. Under /proc or /sys the kernel answers
 * "no such file" or "permission denied" (even to root) for a name that is not one of its own: the
 * folder is no regular file system, and saying "the folder does not exist" would be wrong.
 */
import { stat, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A write's error with what was found out about its folder. */
export interface FolderFacts {
  /** The folder is on a kernel file system where no file can be made (`proc`, `sysfs`, …). */
  readonly fileSystem?: string;
  /** The folder exists (a "no such file" is then not about the folder). */
  readonly folderExists?: boolean;
}

/** statfs(2) magic numbers of the kernel's own file systems, by name (linux/magic.h). */
const KERNEL_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x1cd1, 'devpts'],
  [0xcafe4a11, 'bpf'],
  [0x6165676c, 'pstore'],
  [0x62656570, 'configfs'],
  [0xde5e81e4, 'efivarfs'],
  [0x65735543, 'fusectl'],
  [0xf97cff8c, 'selinuxfs'],
  [0x6e736673, 'nsfs'],
]);

/** Errors whose reason may lie in the folder rather than in the name. */
const ABOUT_THE_FOLDER = new Set(['ENOENT', 'EACCES', 'EPERM', 'EROFS', 'EINVAL', 'ENOTSUP', 'EOPNOTSUPP']);

/** Rethrows `error` with the facts of the folder of `target` (see FolderFacts) where they explain it. */
export async function withFolderFacts(error: unknown, target: string): Promise<never> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!(error instanceof Error) || code === undefined || !ABOUT_THE_FOLDER.has(code)) throw error;
  const folder = dirname(target);
  const isFolder = await stat(folder).then((s) => s.isDirectory(), () => false);
  if (!isFolder) throw error;
  const fileSystem = await statfs(folder).then((s) => KERNEL_FILE_SYSTEMS.get(Number(s.type)), () => undefined);
  const facts: FolderFacts = fileSystem === undefined ? { folderExists: true } : { fileSystem, folderExists: true };
  throw Object.assign(error, facts);
}
