/**
 * Why a command of the user's own could not start, in words rather than errno text: not found,
 * a directory, a file without execute permission. Anything else is the error's own message.
 */
import { statSync } from 'node:fs';
import { sanitizeString } from '../../text/sanitize.js';

export function startFailure(program: string, error: NodeJS.ErrnoException): string {
  const shown = sanitizeString(program);
  if (error.code === 'ENOENT') return `${shown} was not found (not on PATH?)`;
  if (error.code === 'EACCES') {
    // A bare name was looked up on PATH: what was found there is not known here.
    if (!program.includes('/')) return `${shown} could not be run (a directory or a file not executable on PATH?)`;
    return isDirectory(program) ? `${shown} is a directory, not a program` : `${shown} is not executable (no permission to run it)`;
  }
  if (error.code === 'ENOEXEC') return `${shown} is not a program this system can run`;
  return sanitizeString(error.message);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
