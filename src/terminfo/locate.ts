/**
 * Finding the compiled terminfo entry for a terminal name, in the places and order ncurses
 * searches: $TERMINFO, ~/.terminfo, $TERMINFO_DIRS (an empty element meaning the system
 * directories), then /etc/terminfo, /lib/terminfo, /usr/share/terminfo. A directory holds an
 * entry either under its first letter (`x/xterm`, Linux) or its hex code (`78/xterm`, macOS).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SYSTEM_DIRS = ['/etc/terminfo', '/lib/terminfo', '/usr/share/terminfo'];
/** Entries are small (a few KB); anything much larger is not one. */
const MAX_ENTRY_BYTES = 64 * 1024;

export interface TerminfoEnv {
  readonly TERMINFO?: string;
  readonly TERMINFO_DIRS?: string;
  readonly HOME?: string;
}

/** The directories searched, in order, without repeats. */
export function terminfoDirs(env: TerminfoEnv): string[] {
  const dirs: string[] = [];
  if (env.TERMINFO) dirs.push(env.TERMINFO);
  if (env.HOME) dirs.push(join(env.HOME, '.terminfo'));
  if (env.TERMINFO_DIRS !== undefined) {
    for (const dir of env.TERMINFO_DIRS.split(':')) dirs.push(...(dir === '' ? SYSTEM_DIRS : [dir]));
  }
  dirs.push(...SYSTEM_DIRS);
  return [...new Set(dirs)];
}

/** A name that can only name a file inside a terminfo directory. */
function isPlainName(term: string): boolean {
  return term !== '' && !term.includes('/') && !term.includes('\0') && !term.startsWith('.');
}

/** The bytes of the first entry found for `term`, or undefined. */
export function readTerminfoFile(term: string, env: TerminfoEnv): Buffer | undefined {
  return findTerminfoFile(term, env)?.data;
}

/** The first readable entry for `term`: its path and bytes, or undefined. */
export function findTerminfoFile(term: string, env: TerminfoEnv): { path: string; data: Buffer } | undefined {
  if (!isPlainName(term)) return undefined;
  const letter = term.charAt(0);
  const hex = letter.charCodeAt(0).toString(16).padStart(2, '0');
  for (const dir of terminfoDirs(env)) {
    for (const sub of [letter, hex]) {
      const path = join(dir, sub, term);
      // A stat that does not throw: most places searched hold no entry, and exceptions are slow.
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat?.isFile() || stat.size > MAX_ENTRY_BYTES) continue;
      try {
        return { path, data: readFileSync(path) };
      } catch {
        // unreadable: keep looking
      }
    }
  }
  return undefined;
}
