/** A paced `G` (the server's quota is spent): the pacing note joins the usual status, never replaces it. */
import { expect, it } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { layoutStatus, statusLineParts } from '../../../src/ui/components/status-format.js';
import { groupsOf } from '../store/helpers.js';
import { spokenClockAt } from '../../../src/ui/presentation/spoken-status.js';
import { clockTime } from '../../../src/text/clock-time.js';

const now = 1_000_000;
const pager: PagerSnapshot = { items: groupsOf(300), state: 'loading', hasMore: true, warnings: [], pagesFetched: 3, loadingAll: true, version: 3, loadingSince: now - 11_000 };
const quota = { left: 1, pacingUntil: now + 12_000, version: 1, reading: { remaining: 1, limit: 5, resetAt: now + 12_000 } };
const input = { pager, following: true, hint: 'Esc stop  ? help  q quit', row: 300, quota };

function statusRow(width: number): string {
  const parts = statusLineParts({ ...input, width }, now);
  return layoutStatus(parts.message, parts.right, width - 2).map((l) => l.message + l.right).join('');
}

it('at 120 columns the status says the row, the count, the pacing and the way out', () => {
  const row = statusRow(120);
  expect(row).toMatch(/row 300 · 300 loaded/);
  expect(row).toContain(`pacing: 1 left, resets at ${clockTime(now + 12_000)}`);
  expect(row).toMatch(/going to the end, Esc to stop/);
});

it('at 60 columns the way out stays', () => {
  const row = statusRow(60);
  expect(row).toMatch(/Esc to stop/);
  expect(row).toMatch(/pacing/);
});

it('at 30 columns the way out is what stays', () => {
  expect(statusRow(30)).toMatch(/Esc to stop/);
});

it('a request the quota still holds back says until when, a time that stays true however long the line stays', () => {
  const held = { ...pager, loadingSince: now - 34_000, wait: { limitMs: 30_000, limitSource: '--timeout', waitingFor: () => undefined, sentAt: () => undefined } };
  const parts = statusLineParts({ ...input, pager: held, width: 120 }, now);
  expect(parts.progress).toContain(`waiting for the quota window · pacing: 1 left, resets at ${clockTime(now + 12_000)}`);
  expect(parts.progress).not.toMatch(/\d+ ?s\b/);
});

it('read with a clock that stood still for 27 s, the line says nothing that stopped being true', () => {
  // The screen reader's clock moves only with news: what it said 27 s ago must still hold now.
  const saidAt = now - 27_000;
  const paced = { ...pager, loadingSince: saidAt - 4_000 };
  const line = statusLineParts({ ...input, pager: paced, width: 120, sparseClock: true }, saidAt).progress;
  expect(line).not.toMatch(/resets in|loading… \d|\d+ ?s\b/);
  expect(line).toContain(`resets at ${clockTime(now + 12_000)}`);
});

it('once sent, the wait counts from the request leaving, against its limit', () => {
  const sent = { ...pager, loadingSince: now - 34_000, wait: { limitMs: 30_000, limitSource: '--timeout', waitingFor: () => undefined, sentAt: () => now - 6_000 } };
  const parts = statusLineParts({ ...input, pager: sent, width: 120 }, now);
  expect(parts.progress).toContain('waiting for the service — 6 s of 30 s');
});

it('the spoken clock moves once when the quota window resets, so a reset time gone by is not said', () => {
  const stopped: PagerSnapshot = { ...pager, state: 'idle', loadingAll: false, loadingSince: undefined };
  expect(spokenClockAt(now, now + 5_000, stopped, undefined, quota)).toBe(now);
  const after = spokenClockAt(now, now + 13_000, stopped, undefined, quota);
  expect(after).toBeGreaterThanOrEqual(now + 12_000);
  expect(spokenClockAt(now, now + 20_000, stopped, undefined, quota)).toBe(after);
  expect(statusLineParts({ ...input, pager: stopped, following: false, width: 120, sparseClock: true }, after).progress).not.toContain('resets at');
});

it('read with a clock that moves only with news, a request the quota holds back is said held from the news of the hold on', () => {
  // The clock stands at the hold's start (the pacing note is the news): no second has passed on it.
  const held = { ...pager, loadingSince: now, wait: { limitMs: 30_000, limitSource: '--timeout', waitingFor: () => undefined, sentAt: () => undefined } };
  expect(statusLineParts({ ...input, pager: held, width: 120, sparseClock: true }, now).progress).toContain('300 loaded, waiting for the quota window');
  // Once it left, it is loading again (the usual pace), with no elapsed time said.
  const sent = { ...held, wait: { ...held.wait, sentAt: () => now } };
  expect(statusLineParts({ ...input, pager: sent, width: 120, sparseClock: true }, now).progress).toContain('300 loaded, loading…');
});
