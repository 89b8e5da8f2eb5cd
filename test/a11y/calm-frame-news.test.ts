/**
 * Without motion the rows are held between count updates; another item under the selection is
 * news all the same (a filter still scanning, a sorted list growing), so the row a screen reader
 * says at the cursor is the one Enter and `d` act on.
 */
import { describe, expect, it } from 'vitest';
import type { PagerSnapshot } from '../../src/api/types.js';
import { ApiError } from '../../src/api/http/errors.js';
import { frameNews, newsDiffers, refreshNews, type ListFrame } from '../../src/ui/presentation/use-calm-value.js';

const rows = (...ids: string[]): ListFrame['items'] => ({ length: ids.length, at: (i: number) => (ids[i] === undefined ? undefined : { id: ids[i] }) }) as unknown as ListFrame['items'];
const frame = (items: ListFrame['items'], selected = 0): ListFrame => ({ items, selected, top: 0, identity: 'pages\u0000grp-1\u0000hero\u0000updated', following: false, valueWidths: {} });

describe('calm frames: what is news', () => {
  it('more rows after the selected one are not news', () => {
    expect(frameNews(frame(rows('p83', 'p90')), frame(rows('p83', 'p90', 'p91', 'p95')))).toBe(false);
  });
  it('another item under the same selected index is news', () => {
    expect(frameNews(frame(rows('p83', 'p90')), frame(rows('p1384', 'p83', 'p90')))).toBe(true);
  });
  it('another page under the selection is news: a page is known by its pageId', () => {
    const pages = (...ids: string[]): ListFrame['items'] => ({ length: ids.length, at: (i: number) => (ids[i] === undefined ? undefined : { pageId: ids[i] }) }) as unknown as ListFrame['items'];
    const idOf = (raw: Readonly<Record<string, unknown>>): string => String(raw.pageId);
    expect(frameNews({ ...frame(pages('p490', 'p83')), idOf }, { ...frame(pages('p1398', 'p490', 'p83')), idOf })).toBe(true);
    expect(frameNews({ ...frame(pages('p490', 'p83')), idOf }, { ...frame(pages('p490', 'p83', 'p91')), idOf })).toBe(false);
  });
  it('a move is news', () => {
    expect(frameNews(frame(rows('p1', 'p2'), 0), frame(rows('p1', 'p2'), 1))).toBe(true);
  });
});

describe('calm counts: the end of a load is news', () => {
  const snap = (state: PagerSnapshot['state'], loadingAll: boolean, n: number): PagerSnapshot => ({ items: rows(...Array.from({ length: n }, (_, i) => `p${i}`)), state, hasMore: true, warnings: [], pagesFetched: n / 100, loadingAll, version: n });
  it('the request still in flight after Esc stopped G lands: news, so "loading…" does not stay for seconds', () => {
    expect(newsDiffers(snap('loading', false, 300), snap('idle', false, 400))).toBe(true);
  });
  it('pages coming and going during G are counts, not news', () => {
    expect(newsDiffers(snap('loading', true, 300), snap('idle', true, 400))).toBe(false);
    expect(newsDiffers(snap('idle', true, 400), snap('loading', true, 400))).toBe(false);
  });
});

describe('calm counts: a refresh', () => {
  const refresh = (state: PagerSnapshot['state'], n: number, error?: PagerSnapshot['error']): PagerSnapshot => ({ items: rows(...Array.from({ length: n }, (_, i) => `p${i}`)), state, hasMore: true, warnings: [], pagesFetched: n / 100, loadingAll: false, version: n, ...(error ? { error } : {}) });
  it('its pages coming and going are counts, not news', () => {
    expect(refreshNews(refresh('loading', 300), refresh('idle', 400))).toBe(false);
    expect(refreshNews(refresh('idle', 400), refresh('loading', 400))).toBe(false);
  });
  it('its start, its end and its failure are news', () => {
    expect(refreshNews(undefined, refresh('loading', 0))).toBe(true);
    expect(refreshNews(refresh('idle', 9_900), undefined)).toBe(true);
    expect(refreshNews(refresh('loading', 400), refresh('error', 400, new ApiError('network', 'NETWORK', 'down')))).toBe(true);
  });
});
