/** While rows from the last session are shown (stale), the status says what the header says. */
import { expect, it } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { countOf } from '../../../src/ui/components/header-format.js';
import { describeStatus } from '../../../src/ui/store/status.js';
import { groupsOf } from './helpers.js';

const staleSnap = (staleHasMore: boolean, state: PagerSnapshot['state'] = 'idle'): PagerSnapshot => ({
  items: groupsOf(36),
  state,
  hasMore: true, // the live pager's initial guess
  warnings: [],
  pagesFetched: 0,
  loadingAll: false,
  version: 1,
  stale: true,
  staleHasMore,
});

it('cached rows of a complete list: "all 36 loaded", as the header says [36]', () => {
  const snap = staleSnap(false);
  expect(countOf(snap)).toBe('36'); // the header puts it in brackets
  expect(describeStatus(snap, undefined, 0).right).toBe('all 36 loaded');
});

it('cached rows of a list with more: "more available"', () => {
  expect(describeStatus(staleSnap(true), undefined, 0).right).toBe('36 loaded, more available');
});
