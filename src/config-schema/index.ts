/**
 * The config file checked against its schema (schema/config.schema.json): the one rule for bad
 * values. A value that does not fit is dropped, as if it were absent (its default applies), and a
 * line says so: `<file> line 4: theme: expected one of auto, dark, light; got "blue" — the
 * default (auto) is used`. Unknown keys are dropped too, with the nearest known name offered.
 */
import { jsonLines } from './json-lines.js';
export { duplicateProblems } from './duplicate-members.js';
import { problemText } from './problem-text.js';
import { CONFIG_SCHEMA } from './schema.js';
import { validate } from './validate.js';

export interface CheckedConfig {
  /** The file's object with everything that did not fit its schema taken out. */
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
  return {
    value: (value ?? {}) as Record<string, unknown>,
    problems: located.map((p) => `${file} line ${p.line}: ${p.text}`),
  };
}
