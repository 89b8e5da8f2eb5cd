/**
 * The filter's query language (docs/queries.md): parsing (parser.ts, lexer.ts, values.ts,
 * safe-regex.ts), the fields per list (fields.ts), and running a query over loaded items
 * (query-run.ts over query-columns.ts). No React here: the store uses it, the prompt shows its
 * problems.
 */
import type { ListKind } from '../../api/pager/list-pager.js';
import type { QueryProblem } from './lexer.js';
import { parseQuery } from './parser.js';

export type { QueryProblem } from './lexer.js';
export { hasOtherForm, parseQuery, type QueryNode } from './parser.js';
export { QueryColumns, type SearchTextSource } from './query-columns.js';
export { QueryRun } from './query-run.js';
export { plainWords, queryNarrows } from './plain-words.js';
export { FIELD_BREAK } from './safe-regex.js';

/** Why `text` is not a query on list `kind`, or undefined when it is one. */
export function queryProblem(text: string, kind: ListKind, now = Date.now()): QueryProblem | undefined {
  const parsed = parseQuery(text, kind, now);
  return 'problem' in parsed ? parsed.problem : undefined;
}

/** The problem as the prompt says it: 'col 7: unknown field "foo" …'. */
export const problemText = (problem: QueryProblem): string => `col ${problem.at + 1}: ${problem.message}`;
