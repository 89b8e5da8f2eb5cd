/**
 * The words of the screen-reader mode, as "read current line" says them: a page's status where it
 * has one, the same wording for every status and every row without a readable date, no space
 * before a comma, dates and empty values in the details said in words, sorts named in words, and
 * the "too small" notice worded alike at every size.
 */
import { describe, expect, it } from 'vitest';
import { tooSmallLines } from '../../src/ui/components/too-small-text.js';
import { spokenDateTime } from '../../src/text/spoken-date.js';
import { spokenRow } from '../../src/ui/presentation/spoken-row.js';
import { detailLayout } from '../../src/ui/store/details/detail-lines.js';
import { sortAnnouncement, sortLabel } from '../../src/ui/store/list/item-keys.js';
import { setPlainGlyphs, spokenKeys } from '../../src/text/glyphs.js';

const NOON = '2024-12-14T12:00:00Z';
const at = { index: 1, total: 10_000, more: false };

describe('spokenRow', () => {
  it('says a page\'s status where the page has one, as a group\'s', () => {
    const page = { pageId: 'p1', effectiveName: 'Hero signup form 1', status: 'published', updatedAt: NOON };
    expect(spokenRow('pages', page, 120, { position: at })).toBe('Hero signup form 1, published, updated 14 December 2024, 1 of 10,000');
    const { status: _, ...without } = page;
    expect(spokenRow('pages', without, 120, { position: at })).toBe('Hero signup form 1, updated 14 December 2024, 1 of 10,000');
  });

  it('words every status alike, an unknown one marked as such', () => {
    const group = (status: string) => ({ pageGroupId: 'g', title: 'Group', status, pageCount: 2, updatedAt: NOON });
    expect(spokenRow('groups', group('draft'), 120)).toBe('Group, draft, 2 pages, updated 14 December 2024');
    expect(spokenRow('groups', group('scheduled'), 120)).toBe('Group, scheduled (unknown status), 2 pages, updated 14 December 2024');
  });

  it('says "update time unknown" for a time it cannot read and for none at all', () => {
    const bad = spokenRow('pages', { pageId: 'p3', effectiveName: 'Three', updatedAt: 'not a timestamp' }, 120);
    const none = spokenRow('pages', { pageId: 'p4', effectiveName: 'Four' }, 120);
    expect(bad).toBe('Three, update time unknown');
    expect(none).toBe('Four, update time unknown');
  });

  it('leaves no space before a comma where a name ends in spaces or controls', () => {
    const line = spokenRow('pages', { pageId: 'p2', effectiveName: 'Title hijack \u001b]0;pwned\u0007', updatedAt: NOON }, 120);
    expect(line).toBe('Title hijack, updated 14 December 2024');
  });

  it('leaves one space where a control between two spaces was removed', () => {
    const group = { id: 'g-1', title: 'C1 controls \u0085 end\u009b', status: 'published' };
    expect(spokenRow('groups', group, 120)).toBe('C1 controls end, published, update time unknown');
  });

  it('says the id where the name is nothing but controls', () => {
    expect(spokenRow('pages', { pageId: 'p9', effectiveName: '\u001b[2J \u0007' }, 120)).toBe('p9, update time unknown');
  });
});

describe('the details for a screen reader', () => {
  it('says a date and time in words, and an empty value as "empty"', () => {
    const record = { pageId: 'p1', customName: '', createdAt: '2024-07-28T00:17:41Z', note: 'not a timestamp' };
    const spoken = detailLayout(record, 80, true).lines;
    expect(spoken[0]).toBe('pageId: p1');
    expect(spoken[1]).toBe('customName: empty');
    expect(spoken[2]).toBe(`createdAt: ${spokenDateTime('2024-07-28T00:17:41Z')}`);
    expect(spoken[3]).toBe('note: not a timestamp');
    // The normal mode shows the values as sent.
    expect(detailLayout(record, 80).lines.slice(1, 3)).toEqual(['customName: ', 'createdAt: 2024-07-28T00:17:41Z']);
  });

  it('says a time with its day, month in words, hour and zone', () => {
    const said = spokenDateTime('2024-07-28T00:17:41Z');
    expect(said).toMatch(/^\d{1,2} (July|August) 2024, \d\d:\d\d UTC([+-]\d{1,2}(:\d\d)?)?$/);
    if (new Date('2024-07-28T00:17:41Z').getTimezoneOffset() === 0) expect(said).toBe('28 July 2024, 00:17 UTC');
    expect(spokenDateTime('yesterday')).toBeUndefined();
  });
});

describe('sorts in words', () => {
  it('names the order without arrows or dashes for a screen reader', () => {
    expect(sortLabel('name', false, true)).toBe('name, A to Z (loaded items)');
    expect(sortLabel('name', true, true)).toBe('name, Z to A (loaded items)');
    expect(sortLabel('name')).toBe('name A→Z (loaded items)');
  });

  it('announces the order first, so a cut at 40 columns keeps it, in the header\'s words', () => {
    for (const sort of ['server', 'name', 'updated'] as const) {
      for (const reversed of [false, true]) {
        const said = sortAnnouncement(sort, reversed);
        const label = sortLabel(sort, reversed, true) ?? 'server order';
        expect(said).toBe(`Sorted: ${label}.`);
        expect(`Done: ${said}`.slice(0, 40)).toContain(label.split(' (')[0]?.slice(0, 20));
      }
    }
    expect(sortAnnouncement('server', true)).toBe('Sorted: server order reversed (loaded items).');
  });
});

describe('the "too small" notice for a screen reader', () => {
  it('is worded the same at every size', () => {
    expect(tooSmallLines(30, 6, true)).toEqual(['Too small (30x6); needs 40x10.']);
    expect(tooSmallLines(40, 9, true)).toEqual(['Too small (40x9); needs 40x10.']);
    expect(tooSmallLines(120, 9, true)).toEqual(['Too small (120x9); needs 40x10.']);
  });
});

describe('key hints for a screen reader', () => {
  it('join their parts with a comma and one space, not a separator drawn as a comma beside two spaces', () => {
    setPlainGlyphs(true);
    try {
      expect(spokenKeys('  Enter keep · Esc clear · ↑↓ move')).toBe('  Enter keep, Esc clear, Up/Down move');
    } finally {
      setPlainGlyphs(false);
    }
    expect(spokenKeys('  Enter keep · Esc clear')).toBe('  Enter keep · Esc clear');
  });
});

describe('spokenRow with a status longer than the row', () => {
  const long = 'RED C1 RLO-bidi iso zerowidth beyond any status the spec names '.repeat(8);
  it.each([38, 60, 120])('at %i columns still says the place, the status shortened, never cut off the end', (width) => {
    const row = spokenRow('groups', { pageGroupId: 'g-1', title: 'Hostile group', status: long }, width, { position: { index: 2, total: 15, more: false } });
    expect(row.endsWith(', 2 of 15'), row).toBe(true);
    expect(row.startsWith('Hostile'), row).toBe(true);
    expect(row).toContain('RED C1');
  });
});
