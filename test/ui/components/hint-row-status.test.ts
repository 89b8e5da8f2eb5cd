/**
 * The hint row under a message too wide for the progress beside it: the key hints stay whole,
 * the progress goes after them only where it fits, and yields where it does not (docs/status-line.md).
 */
import { describe, expect, it } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { ApiError } from '../../../src/api/http/errors.js';
import { layoutStatus, statusLineParts } from '../../../src/ui/components/status-format.js';
import { displayWidth } from '../../../src/text/index.js';
import { groupsOf } from '../store/helpers.js';

const now = 1_000_000;
const loaded: PagerSnapshot = { items: groupsOf(168), state: 'idle', hasMore: false, warnings: [], pagesFetched: 2, loadingAll: false, version: 2 };
const pageHints = 'Enter open  Esc back  / filter  s sort  r refresh / retry  ? help  q quit';
// The name of a page of the demo server's long shape, as `open <group> <page>` and a `:` jump say it.
const longName = { tone: 'info' as const, text: 'hogtn2 162 劍亞交品發帝丼 Tiếng Việt khuyến mãi Tiếng Việt khuyến mãi Добро пожаловать на страницу', until: now + 5_000 };

describe('a message too wide for the progress beside it', () => {
  it('at 80 columns leaves the hints whole ("? help", "q quit") and the progress yields', () => {
    const parts = statusLineParts({ width: 80, pager: loaded, following: false, hint: pageHints, row: 162, toast: longName }, now);
    expect(parts.hintLine).toBe(pageHints);
    expect(parts.right).toBe('');
    expect(parts.progress).toBe('row 162 · all 168 loaded');
    const [row] = layoutStatus(parts.message, parts.right, 80);
    expect(row?.message).toMatch(/^hogtn2 162 .*…$/);
    expect(displayWidth((row?.message ?? '') + (row?.right ?? ''))).toBeLessThanOrEqual(80);
  });

  it('at 120 columns puts the progress after the whole hints, where it fits', () => {
    const parts = statusLineParts({ width: 120, pager: loaded, following: false, hint: pageHints, row: 162, toast: longName }, now);
    expect(parts.hintLine).toMatch(new RegExp(`^${pageHints.replace(/[/?]/g, '\\$&')} +row 162 · all 168 loaded$`));
    expect(displayWidth(parts.hintLine)).toBe(120);
  });

  it('where the hints leave less room, a shorter progress follows them, never cut', () => {
    const hint = 'Enter open  Esc back  ? help  q quit';
    const parts = statusLineParts({ width: 60, pager: loaded, following: false, hint, row: 162, toast: longName }, now);
    expect(parts.hintLine).toMatch(/^Enter open {2}Esc back {2}\? help {2}q quit +all 168 loaded$/);
    expect(displayWidth(parts.hintLine)).toBe(60);
  });

  it('during a rate-limit wait after G, at 80 columns, the hints stay whole and the status row keeps the way out, "Esc to stop"', () => {
    const error = new ApiError('rate-limit', 'RATE_LIMITED', 'Too many requests: the service asks to wait before the next request', { status: 429, requestId: 'req-000123', retryAt: now + 12_000 });
    const waiting: PagerSnapshot = { ...loaded, state: 'rate-limited', hasMore: true, loadingAll: true, retryAt: now + 12_000, error, loadingSince: now - 2_000 };
    const hint = 'Enter open  Esc back  / filter  s sort  r refresh / retry  ? help  q quit';
    const parts = statusLineParts({ width: 80, pager: waiting, following: true, hint, row: 100 }, now);
    expect(parts.message?.code).toMatch(/RATE_LIMITED/);
    expect(parts.hintLine).toBe(hint);
    const width = parts.busy ? 78 : 80;
    const [row] = layoutStatus(parts.message, parts.right, width, parts.rightFirst);
    const line = (row?.message ?? '') + (row?.right ?? '');
    expect(line).toMatch(/^RATE_LIMITED.*…? +Esc to stop$/);
    expect(displayWidth(line)).toBe(width);
    expect(parts.escStops).toBe(true);
  });
});

describe('the count alone after the hints', () => {
  it('keeps a count in the thousands whole ("32,100 loaded"), never its first digits ("32")', () => {
    const big: PagerSnapshot = { ...loaded, items: groupsOf(32_100), hasMore: true, pagesFetched: 321, version: 321 };
    const hint = 'Enter open  Esc back  ? help  q quit';
    for (const width of [60, 56, 52, 50]) {
      const parts = statusLineParts({ width, pager: big, following: false, hint, row: 162, toast: longName }, now);
      expect(parts.hintLine, `at ${width}`).not.toMatch(/ 32$/);
      expect(displayWidth(parts.hintLine)).toBeLessThanOrEqual(width);
    }
    const parts = statusLineParts({ width: 52, pager: big, following: false, hint, row: 162, toast: longName }, now);
    expect(parts.hintLine).toMatch(/32,100 loaded$/);
  });
});
