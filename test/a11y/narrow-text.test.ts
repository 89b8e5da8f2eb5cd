/**
 * Text at 40 columns for a screen reader, read line by line: the help gives every word of every
 * key's meaning; a line broken inside a sentence ends in "…" and none after a finished sentence;
 * a path does not leave its method alone on a line; an empty list's text cut to its rows says
 * where the rest is.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import type { PagerSnapshot } from '../../src/api/types.js';
import { displayWidth } from '../../src/text/index.js';
import { helpSections } from '../../src/ui/keys/index.js';
import { emptyListText, spokenEmptyLines } from '../../src/ui/screens/empty-text.js';
import { helpLayout, helpText } from '../../src/ui/store/help-layout.js';
import { errorViewLines } from '../../src/ui/store/error-view.js';

const words = (text: string): string => text.replace(/…/g, ' ').split(/\s+/).filter((w) => w !== '').join(' ');

describe('the help at 40 columns', () => {
  for (const screenReader of [true, false]) {
    it(`says every word of every meaning (${screenReader ? 'screen reader' : 'normal'})`, () => {
      const lines = helpText(40, 9, screenReader);
      for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(40);
      const all = words(lines.join(' '));
      for (const section of helpSections()) {
        for (const row of section.rows) expect(all, row.label).toContain(words(row.description));
      }
    });
  }

  it('does not read "go to bottom" like progress', () => {
    const all = helpText(40, 9, true).join('\n');
    expect(all).not.toMatch(/loading…/);
    expect(words(all)).toContain('go to the bottom (loads the rest)');
  });
});

describe('the last error (E) at 40 columns', () => {
  it('keeps the method with the start of its path, and marks a broken sentence with "…"', () => {
    const text = [
      'Request: GET /v0/page_groups/grp-fault-validation/pages?limit=100',
      'Errors:',
      '  - field page_group_id: this page group is misconfigured and cannot be listed',
      'Next: a retry would fail the same way. i shows the request and its answer.',
    ];
    const lines = errorViewLines(text, 40, true);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(40);
    expect(lines[0]).toMatch(/^Request: GET \/v0\/\S+/);
    expect(lines).toContain('  - field page_group_id: this page…');
    expect(lines.filter((l) => /[.:]…$/.test(l))).toEqual([]);
    expect(words(lines.join(' ')).replace(/ /g, '')).toContain(words(text.join(' ')).replace(/ /g, '').slice(0, 40));
  });
});

describe('the empty list\'s text at 40x10', () => {
  const failed = (error: ApiError): PagerSnapshot => ({ items: [], state: 'error', hasMore: true, error, warnings: [], pagesFetched: 0, loadingAll: false, version: 1 });

  it('ends each broken line in "…", none after a finished sentence, and says where the rest is', () => {
    const error = new ApiError('validation', 'VALIDATION_ERROR', 'Invalid page_group_id: this page group is misconfigured and cannot be listed.', {
      status: 400, requestId: 'req-000103', fieldErrors: [{ field: 'page_group_id', reason: 'this page group is misconfigured and cannot be listed' }],
    });
    const lines = spokenEmptyLines(emptyListText('pages', failed(error), false), 40, 5);
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(lines.filter((l) => /\.…$/.test(l)), lines.join('\n')).toEqual([]);
    expect(lines.at(-1), lines.join('\n')).toMatch(/E shows all\.$/);
  });

  it('starts every line with its text, not a space a reader would say or the cursor would land on', () => {
    const error = new ApiError('server', 'HTTP_502', 'Bad Gateway', { status: 502, requestId: 'req-000003' });
    for (const text of ['This page group has no pages.', 'No row matches.', emptyListText('pages', failed(error), false)]) {
      const lines = spokenEmptyLines(text, 40, 8);
      for (const line of lines) expect(line, lines.join('\n')).toMatch(/^\S/);
      expect(lines[0]?.slice(0, 10)).toBe(text.slice(0, 10));
    }
  });

  it('starts "r retries." on a line of its own rather than breaking it', () => {
    const error = new ApiError('server', 'HTTP_502', 'Bad Gateway', { status: 502, requestId: 'req-000003' });
    const lines = spokenEmptyLines(emptyListText('pages', failed(error), false), 40, 8);
    expect(lines.map((l) => l.trim()), lines.join('\n')).toContain('r retries.');
  });
});

it("the one-column help's title has no double space between the place and the way out", () => {
  const [title] = helpLayout(120, 10, 0, true);
  expect(title).toMatch(/^Keys, lines 1 to \d+ of [\d,]+ \(\? or Esc to close\)$/);
});
