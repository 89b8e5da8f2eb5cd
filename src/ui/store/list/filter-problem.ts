/** What the filter prompt says is wrong with the query typed, or with running it (docs/queries.md). */
import { countText as count } from '../../../text/count.js';
import { problemText } from '../../query/index.js';
import type { ListView } from './list-view.js';

export function filterProblem(view: ListView, loaded: number): string | undefined {
  if (view.queryProblem) return `${problemText(view.queryProblem)} (the rows are those of the last query that was right)`;
  const stoppedAt = view.validQuery === '' ? undefined : view.deriver.queryStoppedAt;
  if (stoppedAt === undefined) return undefined;
  return `the /regex/ took too long: only the first ${count(stoppedAt)} of ${count(loaded)} loaded rows were checked; try a simpler one`;
}
