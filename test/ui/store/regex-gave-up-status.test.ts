/** A query whose /regex/ ran out of time counts its matches among the rows it checked, not among all loaded. */
import { expect, it } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { describeStatus } from '../../../src/ui/store/status.js';
import { groupsOf } from './helpers.js';

const snap = (hasMore: boolean): PagerSnapshot => ({ items: groupsOf(500), state: 'idle', hasMore, warnings: [], pagesFetched: 5, loadingAll: false, version: 1 });

it('says "of the first N checked" while the regex gave up, on a complete list and on one with more', () => {
  expect(describeStatus(snap(false), undefined, 0, { matches: 7, checked: 230 }).right).toBe('7 of the first 230 checked match');
  expect(describeStatus(snap(true), undefined, 0, { matches: 7, checked: 230 }).right).toBe('7 of the first 230 checked match');
  expect(describeStatus(snap(false), undefined, 0, { matches: 7 }).right).toBe('7 of 500 match');
});
