/**
 * Every problem of the config file, as `pagetui config check` lists them, `pagetui keys`, `groups`
 * and `pages` say them, `E` lists them in the app (the status line says the first at start) and
 * `pagetui doctor` counts them: the schema's, the views' (a query that does not parse), a default
 * naming no profile and the keymap's (unknown actions, key names, two actions on one key), in the
 * file's order.
 */
import type { LoadedConfig } from '../auth/config.js';
import type { Env } from '../auth/paths.js';
import { inFileOrder, locatedProblem } from '../config-schema/index.js';
import { sanitize } from '../text/sanitize.js';
import type { Keymap } from '../ui/keymap/index.js';
import { loadKeymap } from './keymap-setting.js';
import { loadConfigWithViews } from './start-view.js';

export interface CheckedConfigFile {
  readonly loaded: LoadedConfig;
  readonly keymap: Keymap;
  /** One line each, in the file's order, each starting with the file and its line. */
  readonly problems: readonly string[];
}

export function checkConfigFile(env: Env): CheckedConfigFile {
  const loaded = loadConfigWithViews(env);
  const keymap = loadKeymap(loaded);
  return { loaded, keymap, problems: configProblems(loaded, keymap.problems) };
}

/**
 * The config's problems (`loaded` read with its views checked), a default naming no profile and
 * the keymap's, in the file's order, each starting with the file and its line.
 */
export function configProblems(loaded: LoadedConfig, keymap: readonly string[]): string[] {
  const { config, source } = loaded;
  if (!source) return [...loaded.problems, ...keymap];
  const located = [...loaded.problems, ...keymapProblems(loaded, keymap)];
  if (config.default !== undefined && config.profiles[config.default] === undefined) {
    located.push(locatedProblem(source.path, source.text, ['default'], `no profile is named ${JSON.stringify(config.default)}`, 'no profile is used by default'));
  }
  return inFileOrder(located);
}

/** The keymap's problems alone, as `configProblems` says them (doctor's Keymap line). */
export function keymapProblems(loaded: LoadedConfig, keymap: readonly string[]): string[] {
  const { source } = loaded;
  return source ? inFileOrder(keymap.map((p) => atItsLine(p, source.path))) : [...keymap];
}

/**
 * The problems as `pagetui keys`, `groups` and `pages` say them on stderr, one a line, sanitised:
 * each, then their count (nothing when there are none).
 */
export function problemsSaid(problems: readonly string[], path: string): string[] {
  if (problems.length === 0) return [];
  return [...problems, `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${path}.`].map((line) => sanitize(line));
}

/**
 * A keymap problem (`<sentence> (FILE:4, line 6 and line 9).`) in the shape of the others, so one
 * listing reads in the file's order: `FILE line 4: <sentence> (also line 6 and line 9)`.
 */
function atItsLine(problem: string, file: string): string {
  const tail = ` (${file}:`;
  const at = problem.lastIndexOf(tail);
  const lines = at < 0 || !problem.endsWith(').') ? null : /^(\d+)(.*)$/.exec(problem.slice(at + tail.length, -2));
  if (!lines) return problem;
  const also = (lines[2] ?? '').replace(/^(, | and )/, '');
  return `${file} line ${lines[1] ?? ''}: ${problem.slice(0, at)}${also === '' ? '' : ` (also ${also})`}`;
}
