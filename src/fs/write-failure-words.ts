/**
 * A failed write said in the words `e` and `V` use ("the disk is full"), with what frees it, for
 * the messages of the files pagetui keeps (credentials, config). Never the bare errno alone.
 */

/** Why a write failed (`reason`) and what the user can do about it (`fix`, may be empty). */
export interface WriteFailureWords {
  readonly reason: string;
  readonly fix: string;
}

const WORDS: Readonly<Record<string, WriteFailureWords>> = {
  ENOSPC: { reason: 'the disk is full', fix: 'free space' },
  EDQUOT: { reason: 'the disk quota is used up', fix: 'free space' },
  EROFS: { reason: 'the file system is read-only', fix: 'make it writable' },
  EACCES: { reason: 'permission denied', fix: "check the folder's owner and mode" },
  EPERM: { reason: 'permission denied', fix: "check the folder's owner and mode" },
  ENOENT: { reason: 'the folder does not exist', fix: 'create it' },
  ENOTDIR: { reason: 'a part of the path is a file, not a folder', fix: '' },
  EIO: { reason: 'the disk reported an input/output error', fix: '' },
};

/** The words for `error` (a Node error with a `code`, or anything else). */
export function writeFailureWords(error: unknown): WriteFailureWords {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && WORDS[code] !== undefined) return WORDS[code];
  if (typeof code === 'string') return { reason: `error ${code}`, fix: '' };
  return { reason: error instanceof Error ? error.message : String(error), fix: '' };
}
