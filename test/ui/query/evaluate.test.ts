import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemArray } from '../../../src/api/pager/packed-items.js';
import type { RawItem } from '../../../src/api/types.js';
import { parseQuery, QueryRun } from '../../../src/ui/query/index.js';
import { VisibleListDeriver } from '../../../src/ui/store/list/visible-list.js';

const DAY = 86_400_000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const GROUPS: RawItem[] = [
  { pageGroupId: 'g-1', title: 'Spring Sale', slug: 'spring', status: 'draft', pageCount: 120, updatedAt: iso(now - 2 * DAY) },
  { pageGroupId: 'g-2', title: 'Summer Sale', slug: 'summer', status: 'published', pageCount: 5, updatedAt: iso(now - 30 * DAY) },
  { pageGroupId: 'g-3', title: 'Autumn', slug: 'autumn', status: 'archived', pageCount: 100, updatedAt: '2025-12-31T10:00:00Z' },
  { pageGroupId: 'g-4', title: 'Winter \u001b[31mRed', status: 'weird' },
];

const ids = (query: string): string[] =>
  itemArray(new VisibleListDeriver('groups').derive(GROUPS, { query, sort: 'server' }).items).map((g) => String(g.pageGroupId));

describe('accented letters typed one way, sent the other', () => {
  // "été" as one code point a letter (as keyboards type it) and as e + U+0301 (as some servers send it): they look the same.
  const composed = '\u00e9t\u00e9';
  const decomposed = 'e\u0301te\u0301';
  const ACCENTED: RawItem[] = [
    { pageGroupId: 'a-1', title: `Offre ${composed}`, slug: 'a1' },
    { pageGroupId: 'a-2', title: `Offre ${decomposed}`, slug: 'a2' },
    { pageGroupId: 'a-3', title: 'Offre hiver', slug: 'a3' },
  ];
  const matching = (query: string): string[] =>
    itemArray(new VisibleListDeriver('groups').derive(ACCENTED, { query, sort: 'server' }).items).map((g) => String(g.pageGroupId));

  it('match each other in plain words, phrases, fields and exact fields', () => {
    for (const typed of [composed, decomposed]) {
      expect(matching(typed), typed).toEqual(['a-1', 'a-2']);
      expect(matching(`offre ${typed}`)).toEqual(['a-1', 'a-2']);
      expect(matching(`"offre ${typed}"`)).toEqual(['a-1', 'a-2']);
      expect(matching(`title:${typed}`)).toEqual(['a-1', 'a-2']);
      expect(matching(`title="offre ${typed}"`)).toEqual(['a-1', 'a-2']);
      expect(matching(`-${typed}`)).toEqual(['a-3']);
    }
  });
});

describe('queries over loaded groups', () => {
  it('filters as docs/queries.md says', () => {
    expect(ids('sale')).toEqual(['g-1', 'g-2']);
    expect(ids('sale spring')).toEqual(['g-1']);
    expect(ids('"spring sale"')).toEqual(['g-1']);
    expect(ids('-sale')).toEqual(['g-3', 'g-4']);
    expect(ids('-"spring sale"')).toEqual(['g-2', 'g-3', 'g-4']);
    expect(ids('-(spring | autumn)')).toEqual(['g-2', 'g-4']);
    expect(ids('status:draft')).toEqual(['g-1']);
    expect(ids('-status:draft')).toEqual(['g-2', 'g-3', 'g-4']);
    expect(ids('status=publ')).toEqual([]);
    expect(ids('status:publ')).toEqual(['g-2']);
    expect(ids('slug=""')).toEqual(['g-4']);
    expect(ids('pages>=100')).toEqual(['g-1', 'g-3']);
    expect(ids('pages<100')).toEqual(['g-2']);
    expect(ids('updated<7d')).toEqual(['g-1']);
    expect(ids('updated>7d')).toEqual(['g-2', 'g-3']);
    expect(ids('spring | autumn')).toEqual(['g-1', 'g-3']);
    expect(ids('sale status:draft | autumn')).toEqual(['g-1', 'g-3']);
    expect(ids('sale (status:draft | status:published) -spring')).toEqual(['g-2']);
    expect(ids('title:/^s.*sale$/')).toEqual(['g-1', 'g-2']);
    expect(ids('/^SUM/')).toEqual(['g-2']);
    expect(ids('id:/g-[34]/')).toEqual(['g-3', 'g-4']);
    expect(ids('name:autumn')).toEqual(['g-3']);
    // Escape sequences in server text never match: the text is sanitised first.
    expect(ids('"[31m"')).toEqual([]);
  });

  it('tests a bare /regex/ on each of the title, id and slug alone, as field:/regex/ does', () => {
    // ^ and $ anchor every field, not only the first and the last of the row.
    expect(ids('/^g-/')).toEqual(['g-1', 'g-2', 'g-3', 'g-4']);
    expect(ids('/^g-2$/')).toEqual(['g-2']);
    expect(ids('/sale$/')).toEqual(['g-1', 'g-2']);
    expect(ids('/^spring sale$/')).toEqual(['g-1']);
    expect(ids('/^spring$/')).toEqual(['g-1']);
    expect(ids('/^autumn$/')).toEqual(['g-3']);
    // A pattern never spans two fields.
    expect(ids('/sale\\sg-1/')).toEqual([]);
    expect(ids('/sale[^x]g-/')).toEqual([]);
    // And with - and |.
    expect(ids('-/^g-/')).toEqual([]);
    expect(ids('-/^g-[12]$/')).toEqual(['g-3', 'g-4']);
    expect(ids('/^g-1$/ | /^autumn$/')).toEqual(['g-1', 'g-3']);
    expect(ids('/sale$/ -/^summer$/')).toEqual(['g-1']);
  });

  it('tests a bare /regex/ on each of a page\'s names, id and slug alone', () => {
    const pages: RawItem[] = [
      { pageId: 'p-1', customName: 'Home', computedName: 'Home Page', slug: 'home' },
      { pageId: 'p-2', computedName: 'About', slug: 'about-us' },
    ];
    const pick = (query: string) => itemArray(new VisibleListDeriver('pages').derive(pages, { query, sort: 'server' }).items).map((p) => p.pageId);
    expect(pick('/^p-/')).toEqual(['p-1', 'p-2']);
    expect(pick('/^home page$/')).toEqual(['p-1']);
    expect(pick('/^about$/')).toEqual(['p-2']);
    expect(pick('/us$/')).toEqual(['p-2']);
    expect(pick('-/^p-1$/')).toEqual(['p-2']);
  });

  it('compares whole days in local time: > is after the day, >= from its start', () => {
    const day = new Date(2025, 11, 31, 12);
    const items: RawItem[] = [{ pageGroupId: 'a', updatedAt: day.toISOString() }, { pageGroupId: 'b', updatedAt: new Date(2026, 0, 1, 0, 30).toISOString() }];
    const pick = (query: string) => itemArray(new VisibleListDeriver('groups').derive(items, { query, sort: 'server' }).items).map((g) => g.pageGroupId);
    expect(pick('updated>2025-12-31')).toEqual(['b']);
    expect(pick('updated>=2025-12-31')).toEqual(['a', 'b']);
    expect(pick('updated<2026-01-01')).toEqual(['a']);
    expect(pick('updated:2025-12-31')).toEqual(['a']);
    expect(pick('updated<=2025-12-31')).toEqual(['a']);
  });

  it('keeps a structured query as pages arrive, checking only the new items', () => {
    const deriver = new VisibleListDeriver('groups');
    const first = GROUPS.slice(0, 2);
    expect(itemArray(deriver.derive(first, { query: 'pages>=100', sort: 'server' }).items)).toHaveLength(1);
    expect(itemArray(deriver.derive(GROUPS, { query: 'pages>=100', sort: 'server' }).items)).toHaveLength(2);
  });

  it('agrees with a plain reading of each term for any mix of words and, or, not', () => {
    const words = ['sale', 'spring', 'g-3', 'status:draft', 'pages>=100'];
    const single = new Map(words.map((w) => [w, new Set(ids(w))]));
    const all = GROUPS.map((g) => String(g.pageGroupId));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.constantFrom(...words)), { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.boolean(), fc.constantFrom(...words)), { minLength: 1, maxLength: 3 }), (left, right) => {
        const side = (terms: [boolean, string][]) => all.filter((id) => terms.every(([neg, w]) => single.get(w)?.has(id) !== neg));
        const text = (terms: [boolean, string][]) => terms.map(([neg, w]) => `${neg ? '-' : ''}${w}`).join(' ');
        const expected = all.filter((id) => side(left).includes(id) || side(right).includes(id));
        expect(ids(`${text(left)} | ${text(right)}`)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('QueryRun', () => {
  it('stops a /regex/ past its time budget and says where', () => {
    const parsed = parseQuery('/a/', 'groups', now);
    if (!('node' in parsed) || parsed.node === null) throw new Error('no query');
    let clock = 0;
    const run = new QueryRun(parsed.node, () => (clock += 100));
    const n = 10_000;
    const marks = run.update({ length: n, markText: () => {}, textAt: () => 'a', markField: () => {}, fieldText: () => '', fieldNumber: () => Number.NaN });
    expect(run.stoppedAt).toBeGreaterThan(0);
    expect(run.stoppedAt).toBeLessThan(n);
    expect(marks[0]).toBe(1);
    expect(marks[n - 1]).toBe(0);
  });

  it('gives /regex/ terms 5 s over all the slices of a scan (docs/queries.md), not each slice its own', () => {
    const parsed = parseQuery('/a/', 'groups', now);
    if (!('node' in parsed) || parsed.node === null) throw new Error('no query');
    // The clock is read every 64 items (and at each slice's start and end): 1 ms a read makes
    // 64 items a millisecond, so 5 s is about 320,000 items.
    let clock = 0;
    const run = new QueryRun(parsed.node, () => (clock += 1));
    const data = { length: 1_000_000, markText: () => {}, textAt: () => 'a', markField: () => {}, fieldText: () => '', fieldNumber: () => Number.NaN };
    for (let to = 10_000; to <= data.length && run.stoppedAt === undefined; to += 10_000) run.update(data, to);
    expect(run.stoppedAt).toBeGreaterThan(64 * 4_500);
    expect(run.stoppedAt).toBeLessThan(64 * 5_000);
  });
});
