/** The screen-reader status line's two rows: the message with its kind first on one row, cut with "…", the key hints always below. */
import { describe, expect, it } from 'vitest';
import { spokenStatus } from '../../src/ui/presentation/spoken-status.js';
import { displayWidth } from '../../src/text/index.js';
import type { StatusMessage } from '../../src/ui/store/status-message.js';

describe('spokenStatus', () => {
  it('says progress with commas and words: no separator glyph, no double space, "2 of 5" for a quota', () => {
    const rows = spokenStatus(undefined, '300 loaded, loading… 3s · quota 2/5, resets in 12s — going to the end, Esc to stop', 'Esc stop', 120);
    expect(rows.first.trim()).toBe('300 loaded, loading… 3s, quota 2 of 5, resets in 12s, going to the end, Esc to stop');
    expect(rows.first.trim()).not.toMatch(/ {2}|·|—|\d\/\d/);
  });

  it('shows progress too long for the line, cut, where there is no message', () => {
    const rows = spokenStatus(undefined, '28 of 100 loaded match — more not loaded yet (Tab loads all)', 'Enter open  Esc back', 40);
    expect(rows.first.trim()).toMatch(/^28 of 100 loaded match/);
    expect(rows.first.length).toBeLessThanOrEqual(40);
    expect(rows.second).toBe('Enter open  Esc back');
  });

  it('cuts an API error to its row, naming E, and keeps the hints below, without the count', () => {
    const message: StatusMessage = { tone: 'error', code: 'NOT_FOUND (HTTP 404)', text: 'Not found', reason: '/v0/page_groups/nope/pages', field: 'path' };
    const rows = spokenStatus(message, 'all 40 loaded', 'Enter open  d details', 40);
    expect(rows.first).toMatch(/^Error: NOT_FOUND \(HTTP 404\)/);
    expect(displayWidth(rows.first)).toBeLessThanOrEqual(40);
    expect(rows.first).toMatch(/(…|E shows all)$/);
    expect(rows.first).not.toContain('loaded');
    expect(rows.second).toBe('Enter open  d details');
  });

  it('cuts an error of the app\'s own with "…" and names E where that leaves its words room', () => {
    const rows = spokenStatus({ tone: 'error', text: 'No page "zz" in this group (all 10,000 loaded).' }, 'all 10,000 loaded', 'Enter open  Esc back', 40);
    expect(rows.first).toMatch(/^Error: No page "zz" .*…, E shows all$/);
    expect(displayWidth(rows.first)).toBeLessThanOrEqual(40);
    expect(rows.second).toBe('Enter open  Esc back');
  });

  it('cuts a long "Done:" with "…", never running into the hints', () => {
    const rows = spokenStatus({ tone: 'success', text: 'Copied the value of pageId to the tmux buffer (prefix ])' }, 'all 40 loaded', 'Enter open  d details', 40);
    expect(rows.first).toMatch(/^Done: Copied the value of pageId.*…$/);
    expect(displayWidth(rows.first)).toBe(40);
    expect(rows.second).toBe('Enter open  d details');
  });

  it('says an outcome alone on its row: the count is neither beside it nor below', () => {
    const rows = spokenStatus({ tone: 'success', text: 'Copied grp-1' }, 'all 40 loaded', 'Enter open  d details', 40);
    expect(rows.first).toBe('Done: Copied grp-1');
    expect(rows.second).toBe('Enter open  d details');
  });

  it('keeps progress beside information that leaves it room; the hint row is the hints alone', () => {
    const short = spokenStatus({ tone: 'info', text: 'Search wrapped to the top.' }, 'all 40 loaded', 'Enter open', 60);
    expect(short.first).toMatch(/^Search wrapped to the top\. +all 40 loaded$/);
    expect(short.second).toBe('Enter open');
    const long = spokenStatus({ tone: 'info', text: 'Looking for page "p-9" — 1,200 loaded, loading the rest, Esc to stop' }, '1,200 loaded, loading…', 'Enter open  Esc back  / filter  s sort  ? help  q quit', 40);
    expect(long.first).toMatch(/^Looking for page "p-9" .*…$/);
    expect(long.second).toBe('Enter open  Esc back  / filter  s sort …');
  });

  it('cuts a hostile message by display width: no control left, wide characters counted as two', () => {
    const text = `\u001b]0;owned\u0007${'国際🌍'.repeat(30)}\nsecond line\u001b[2J`;
    for (const tone of ['error', 'warning', 'success', 'info'] as const) {
      for (const width of [40, 41, 120]) {
        const rows = spokenStatus({ tone, text, code: tone === 'error' ? 'BAD\u001b[31m (HTTP 500)' : undefined }, 'all 40 loaded', 'Enter open', width);
        expect(displayWidth(rows.first)).toBeLessThanOrEqual(width);
        expect(rows.first).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect(rows.first).toMatch(/(…|E shows all)$/);
        expect(rows.second).toBe('Enter open');
      }
    }
  });
});

describe('spokenStatus at 40 columns keeps the way out', () => {
  it('says "press r to retry" of a 502 before its detail, cutting the rest', () => {
    const message: StatusMessage = { tone: 'error', code: 'HTTP 502 Bad Gateway', text: 'nginx', hint: 'press r to retry', requestId: 'req-000002' };
    const rows = spokenStatus(message, 'all 40 loaded', 'r retry  E error  q quit', 40);
    expect(rows.first).toMatch(/^Error: HTTP 502.* r retries, E shows all$/);
    expect(displayWidth(rows.first)).toBeLessThanOrEqual(40);
    expect(spokenStatus(message, '', '', 120).first).toBe('Error: HTTP 502 Bad Gateway: nginx — press r to retry (req-000002)');
  });

  it('a cut error keeps both its way out and the way to its whole text, at every width from 40 to 80', () => {
    const message: StatusMessage = { tone: 'error', code: 'HTTP 502 Bad Gateway', text: 'nginx', hint: 'press r to retry', requestId: 'req-000002' };
    for (let width = 40; width <= 80; width++) {
      const row = spokenStatus(message, '', '', width).first;
      expect(displayWidth(row)).toBeLessThanOrEqual(width);
      if (row.includes('req-000002')) continue;
      expect(row, `at ${width}`).toMatch(/^Error: HTTP 502.*(press r to retry, |r retries, )E shows all$/);
    }
  });
});
