/**
 * The config file checked against its schema (schema/config.schema.json): the one rule for bad
 * values. A value that does not fit is dropped, as if it were absent (its default applies), and a
 * line says so: `<file> line 4: theme: expected one of auto, dark, light; got "blue" — the
 * default (auto) is used`. Unknown keys are dropped too, with the nearest known name offered.
 */
import { jsonLines } from './json-lines.js';
import { keyPathText, type KeyPath } from './key-path.js';
export { duplicateProblems } from './duplicate-members.js';
import { problemText } from './problem-text.js';
import { CONFIG_SCHEMA } from './schema.js';
import { validate } from './validate.js';

export interface CheckedConfig {
  /**
   * The file's object with everything that did not fit its schema taken out. A list whose entries
   * are named by their index (`commands[2]`) keeps each entry at its index: one taken out is
   * `undefined` there (JSON has no such value), so what is said of a later one names its own place.
   */
  readonly value: Record<string, unknown>;
  /** One line per problem, in the file's order. */
  readonly problems: readonly string[];
}

/** Checks the parsed config `raw` (an object) read from `file`, whose text was `text`. */
export function checkConfig(raw: Record<string, unknown>, text: string, file: string): CheckedConfig {
  const { value, problems } = validate(CONFIG_SCHEMA, raw);
  if (problems.length === 0) return { value: raw, problems: [] };
  const lines = jsonLines(text);
  const located = problems.map((p) => ({ line: lines.lineOf(p.path), text: problemText(p) }));
  located.sort((a, b) => a.line - b.line);
  const kept = (value ?? {}) as Record<string, unknown>;
  for (const list of INDEXED_LISTS) {
    const dropped = new Set(problems.flatMap((p) => (p.dropped.length === 2 && p.dropped[0] === list ? [p.dropped[1]] : [])));
    if (dropped.size > 0 && Array.isArray(raw[list]) && Array.isArray(kept[list])) kept[list] = atTheirIndex(raw[list], kept[list], dropped);
  }
  return { value: kept, problems: located.map((p) => `${file} line ${p.line}: ${p.text}`) };
}

/** Lists whose entries are named by their index in what is said of them. */
const INDEXED_LISTS = ['commands'] as const;

/** The kept entries of `all`, each at its index, `undefined` where one was dropped. */
function atTheirIndex(all: readonly unknown[], kept: readonly unknown[], dropped: ReadonlySet<unknown>): unknown[] {
  let next = 0;
  return all.map((_, index) => (dropped.has(index) ? undefined : kept[next++]));
}

/**
 * A problem the schema cannot see (a view's query, a default profile that is not there), in the
 * same wording as the schema's: `<file> line N: <key path>: <what> — <what happens instead>`.
 */
export function locatedProblem(file: string, text: string, path: KeyPath, what: string, instead: string): string {
  return `${file} line ${jsonLines(text).lineOf(path)}: ${keyPathText(path)}: ${what} — ${instead}`;
}

/** The line a located problem names (0 for one without). */
const problemLine = (problem: string): number => Number(/ line (\d+): /.exec(problem)?.[1] ?? 0);

/** Located problems in the file's order (a stable sort: those of one line keep theirs). */
export const inFileOrder = (problems: readonly string[]): string[] => [...problems].sort((a, b) => problemLine(a) - problemLine(b));
