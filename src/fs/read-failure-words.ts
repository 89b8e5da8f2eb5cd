/**
 * Why a file could not be read, in words with the code after them ("permission denied (EACCES)"),
 * for the messages about the files pagetui reads (config, credentials). Never the bare errno alone
 * where there are words for it.
 */
const WORDS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'a symbolic link that leads back to itself',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EIO: 'the disk reported an input/output error',
  EMFILE: 'too many files open',
  ENFILE: 'too many files open',
};

/** `permission denied (EACCES)`; `(ECODE)` for a code without words; `(unknown error)` without one. */
function readFailureText(code: string | undefined): string {
  if (code === undefined) return '(unknown error)';
  const words = Object.hasOwn(WORDS, code) ? WORDS[code] : undefined;
  return words === undefined ? `(${code})` : `${words} (${code})`;
}

/** `it could not be read: permission denied (EACCES)`, `… could not be read (ECODE)`. */
export function couldNotBeRead(code: string | undefined): string {
  const why = readFailureText(code);
  return why.startsWith('(') ? `could not be read ${why}` : `could not be read: ${why}`;
}
