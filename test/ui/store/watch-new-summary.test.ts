/** While watching, items a re-read found beyond the loaded rows are said beside the count, not "all N loaded". */
import { expect, it } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { describeStatus } from '../../../src/ui/store/status.js';
import { groupsOf } from './helpers.js';

const done: PagerSnapshot = { items: groupsOf(4990), state: 'done', hasMore: false, warnings: [], pagesFetched: 50, loadingAll: false, version: 1 };

it('says the new items are not loaded yet and that r loads them', () => {
  expect(describeStatus(done, undefined, 0, { unplaced: 10 }).right).toBe('4,990 loaded, 10 new not loaded (r reloads)');
});

it('says all loaded when the re-read found nothing new', () => {
  expect(describeStatus(done, undefined, 0, { unplaced: 0 }).right).toBe('all 4,990 loaded');
  expect(describeStatus(done, undefined, 0).right).toBe('all 4,990 loaded');
});

it('a filtered list keeps its match count, with the new items after it', () => {
  expect(describeStatus(done, undefined, 0, { matches: 12, unplaced: 1 }).right).toBe('12 of 4,990 match, 1 new not loaded (r reloads)');
});
