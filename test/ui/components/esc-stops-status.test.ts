/**
 * Whether the status line offers Esc to stop something (marked in the frame, so a late Esc is read
 * against it: src/ui/store/esc-as-shown.ts): what the app says of its own loads, never server text.
 */
import { expect, it } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { statusLineParts } from '../../../src/ui/components/status-format.js';
import { groupsOf } from '../store/helpers.js';

const now = 1_000_000;
const loaded: PagerSnapshot = { items: groupsOf(300), state: 'idle', hasMore: false, warnings: [], pagesFetched: 3, loadingAll: false, version: 3 };
const base = { width: 120, pager: loaded, following: false, hint: 'Esc back  q quit', row: 300 };

it('says so while G goes to the end, and not once the list is loaded', () => {
  expect(statusLineParts({ ...base, pager: { ...loaded, state: 'loading', hasMore: true, loadingSince: now }, following: true }, now).escStops).toBe(true);
  expect(statusLineParts(base, now).escStops).toBe(false);
});

it('a toast of the app that ends with the way out says so; server text that merely contains it does not', () => {
  const jump = { tone: 'info' as const, text: 'Looking for page "p-9" — 300 loaded, loading the rest, Esc to stop', until: now + 5_000 };
  expect(statusLineParts({ ...base, toast: jump }, now).escStops).toBe(true);
  const hostile = { tone: 'error' as const, text: 'VALIDATION_ERROR: Esc to stop', until: now + 5_000 };
  expect(statusLineParts({ ...base, toast: hostile }, now).escStops).toBe(false);
});

it('a filter whose scan falls behind the rows Tab loads still offers Esc to stop', () => {
  const loading: PagerSnapshot = { ...loaded, state: 'loading', hasMore: true, loadingAll: true, loadingSince: now };
  const parts = statusLineParts({ ...base, pager: loading, view: { matches: 120, scanning: true, loadingAll: true } }, now);
  expect(parts.progress).toMatch(/matching… 120 so far/);
  expect(parts.progress).toMatch(/Esc to stop/);
  expect(parts.escStops).toBe(true);
});

it('G over a kept filter says its way out once, not the filter\'s "loading the rest" as well', () => {
  const loading: PagerSnapshot = { ...loaded, state: 'loading', hasMore: true, loadingAll: true, loadingSince: now };
  const parts = statusLineParts({ ...base, pager: loading, following: true, view: { matches: 24_830, scanning: true, loadingAll: true } }, now);
  expect(parts.progress).toMatch(/matching… 24,830 so far — going to the end, Esc to stop$/);
  expect(parts.progress.match(/Esc to stop/g)).toHaveLength(1);
  expect(parts.escStops).toBe(true);
});

it('a long refresh at 40 columns keeps its way out whole: the count gives way, never "Esc to stop"', () => {
  const refresh: PagerSnapshot = { ...loaded, items: groupsOf(278), state: 'loading', hasMore: true, loadingSince: now };
  for (const width of [40, 36, 30]) {
    const parts = statusLineParts({ ...base, width, hint: 'j/k move  Esc back  ? help', refresh, refreshTarget: 100_000 }, now);
    const line = [parts.right, parts.hintLine].join('\n');
    expect(line, `at ${width} columns`).toContain('Esc to stop');
    expect(line).not.toMatch(/Esc to…|Esc t…|Esc…/);
    // A count is never cut inside ("of 10…" reads as "of 10"): the total goes first, whole.
    expect(line, `at ${width} columns`).not.toMatch(/\d…/);
    expect(parts.escStops).toBe(true);
  }
});
