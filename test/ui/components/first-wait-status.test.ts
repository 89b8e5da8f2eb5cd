/**
 * The status of a first request that waits: on a narrow terminal the wait is cut rather than
 * dropped, and a screen reader is told what it waits for once (its clock otherwise never moves by itself).
 */
import { expect, it } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { statusLineParts } from '../../../src/ui/components/status-format.js';
import { spokenClockAt } from '../../../src/ui/presentation/spoken-status.js';
import { clockTime } from '../../../src/text/clock-time.js';

const since = 1_000_000;
const waiting: PagerSnapshot = {
  items: [],
  state: 'loading',
  hasMore: true,
  warnings: [],
  pagesFetched: 0,
  loadingAll: false,
  version: 1,
  loadingSince: since,
  wait: { limitMs: 30_000, limitSource: '--timeout', waitingFor: () => 'the proxy 127.0.0.1:13130 (from HTTPS_PROXY)' },
};

it('a narrow status line keeps the start of the wait and the way out', () => {
  const parts = statusLineParts({ width: 50, pager: waiting, following: false, hint: 'q quit' }, since + 20_000);
  expect(parts.progress).toMatch(/^0 loaded, waiting for the proxy .*… — Esc to stop$/);
});

it('the spoken clock moves once, a few seconds into a first request, so the wait is said', () => {
  const frozenAt = since + 10;
  expect(spokenClockAt(frozenAt, since + 1_000, waiting, undefined)).toBe(frozenAt);
  const said = spokenClockAt(frozenAt, since + 20_000, waiting, undefined);
  expect(said).toBeGreaterThan(since + 1_000);
  expect(spokenClockAt(frozenAt, since + 25_000, waiting, undefined)).toBe(said);
});

it('read by the spoken clock, a first wait says when it gives up, not seconds that stop being true', () => {
  const said = statusLineParts({ width: 120, pager: waiting, following: false, hint: 'q quit', sparseClock: true }, since + 3_000).progress;
  expect(said).toContain(`waiting for the proxy 127.0.0.1:13130 (from HTTPS_PROXY), gives up at ${clockTime(since + 30_000)}`);
  expect(said).not.toMatch(/\d+ s of/);
  expect(said).toMatch(/Esc to stop$/);
});
