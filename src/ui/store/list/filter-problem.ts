/** What the filter prompt says is wrong with the query typed, or with running it (docs/queries.md). */
import { countText as count } from '../../../text/count.js';
import { keyNamed } from '../../keys/help.js';
import { problemText } from '../../query/index.js';
import type { ListView } from './list-view.js';

export function filterProblem(view: ListView, loaded: number): string | undefined {
  if (view.queryProblem) return `${problemText(view.queryProblem)} (the rows are those of the last query that was right)`;
  const stoppedAt = view.validQuery === '' ? undefined : view.deriver.queryStoppedAt;
  if (stoppedAt === undefined) return undefined;
  return `the /regex/ took too long: only the first ${count(stoppedAt)} of ${count(loaded)} loaded rows were checked; try a simpler one`;
}

/**
 * What Enter says on a query that does not parse (the prompt stays open): that it was not
 * applied, why, which filter is still in effect, and the ways out.
 */
export function queryNotApplied(view: ListView): string | undefined {
  if (!view.queryProblem) return undefined;
  const esc = keyNamed('cancel', 'filter');
  const inEffect = view.validQuery === ''
    ? `no filter is in effect; fix the query, or ${esc} closes the prompt`
    : `the filter in effect is still ${JSON.stringify(view.validQuery)}; fix the query, or ${esc} clears the filter`;
  // The problem last: the prompt shows it too, so a narrow line cuts it before the way out.
  return `Query not applied: ${inEffect}. ${problemText(view.queryProblem)}`;
}
