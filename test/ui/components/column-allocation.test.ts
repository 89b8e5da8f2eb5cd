/** Column widths by priority: what goes first on a narrow terminal, where the room goes on a wide one. */
import { describe, expect, it } from 'vitest';
import type { RawItem } from '../../../src/api/types.js';
import { ColumnMeasure, columnsFor, rowFor, widthCellsFor } from '../../../src/ui/table-model/index.js';

const group = (id: string, title: string, status: string, pageCount?: number): RawItem => ({
  pageGroupId: id,
  title,
  slug: title.toLowerCase().replace(/\s+/g, '-'),
  status,
  updatedAt: '2024-05-23T19:10:00Z',
  ...(pageCount === undefined ? {} : { pageCount }),
});

const groups: RawItem[] = [
  group('fault-hostile-text', 'A title long enough to need more than sixty columns to be shown whole, and more', 'scheduled', 24),
  group('grp-1', 'Evergreen Landing Pages', 'published', 10_000),
  group('grp-2', 'Empty Drafts', 'draft', 0),
];

const measured = (items: readonly RawItem[]) => new ColumnMeasure(rowFor('groups')).measure(items);
const total = (set: ReturnType<typeof columnsFor>) => 1 + set.columns.reduce((sum, c) => sum + (set.widths[c] ?? 0) + 2, 0);

describe('group columns', () => {
  it('show the id left of the title, and the page count when the server sends it', () => {
    const set = columnsFor('groups', 140, measured(groups));
    expect(set.columns).toEqual(['id', 'title', 'status', 'pages', 'slug', 'updated']);
    expect(set.headers.pages).toBe('PAGES');
    expect(columnsFor('groups', 140, measured(groups.map(({ pageCount: _, ...g }) => g))).columns).not.toContain('pages');
    expect(rowFor('groups')(groups[1]!).pages).toBe('10,000');
  });

  it('never cut the id at 40 to 60 columns: the slug and the time go first', () => {
    for (let width = 40; width <= 60; width++) {
      const set = columnsFor('groups', width, measured(groups));
      expect(set.columns[0]).toBe('id');
      expect(set.widths.id).toBe('fault-hostile-text'.length);
      expect(set.columns).toContain('title');
      expect(total(set)).toBeLessThanOrEqual(width);
      if (set.columns.includes('updated')) expect(set.widths.updated).toBe(16);
    }
    expect(columnsFor('groups', 40, measured(groups)).columns).not.toContain('slug');
  });

  describe('on a narrowing terminal, as k9s would: the id and the page count stay, the title shrinks before a column goes', () => {
    const demo = Array.from({ length: 36 }, (_, i) => group(`grp-${i + 1}`, i === 0 ? 'Evergreen Landing Pages' : `Holiday Sale ${i + 1}`, 'published', i === 0 ? 10_000 : 171));
    const widths = measured(demo);
    const naturalOf = (key: string) => Math.max({ id: 2, title: 5, status: 6, pages: 5, slug: 4, updated: 7 }[key] ?? 0, widths[key] ?? 16);

    it.each([
      [40, ['id', 'title', 'pages']],
      [60, ['id', 'title', 'status', 'pages', 'updated']],
      [72, ['id', 'title', 'status', 'pages', 'slug', 'updated']],
      [80, ['id', 'title', 'status', 'pages', 'slug', 'updated']],
      [120, ['id', 'title', 'status', 'pages', 'slug', 'updated']],
    ])('at %i columns: %j', (width, columns) => {
      const set = columnsFor('groups', width, widths);
      expect(set.columns).toEqual(columns);
      expect(total(set)).toBeLessThanOrEqual(width);
      expect(set.widths.id).toBe(6);
      expect(set.widths.pages).toBe('10,000'.length);
    });

    it('leaves a column out only when it does not fit with the title at its narrowest', () => {
      for (let width = 40; width <= 120; width++) {
        const set = columnsFor('groups', width, widths);
        expect(set.columns, `at ${width}`).toEqual(expect.arrayContaining(['id', 'title', 'pages']));
        const titleAtMin = total(set) - ((set.widths.title ?? 12) - 12);
        for (const key of ['status', 'slug', 'updated'].filter((k) => !set.columns.includes(k))) {
          expect(titleAtMin + Math.min(naturalOf(key), key === 'slug' ? 8 : naturalOf(key)) + 2, `${key} at ${width}`).toBeGreaterThan(width);
        }
      }
    });
  });

  it('cap the title at a readable width on a wide terminal; the rest stays blank', () => {
    const set = columnsFor('groups', 250, measured(groups));
    expect(set.widths.title).toBe(60);
    expect(total(set)).toBeLessThan(250);
    expect(set.columns).toHaveLength(6);
  });

  it('show an unknown status as sent, as `pagetui groups` does', () => {
    expect(rowFor('groups')(groups[0]!).status).toBe('scheduled');
  });
});

describe('page columns', () => {
  it('keep the page id whole and cap the name', () => {
    const pages: RawItem[] = [{ pageId: 'grp-1-p10000', effectiveName: 'x'.repeat(200), updatedAt: '2024-05-23T19:10:00Z' }];
    const measure = new ColumnMeasure(rowFor('pages')).measure(pages);
    const narrow = columnsFor('pages', 40, measure);
    expect(narrow.widths.id).toBe('grp-1-p10000'.length);
    expect(total(narrow)).toBeLessThanOrEqual(40);
    expect(columnsFor('pages', 250, measure).widths.name).toBe(80);
  });
});

describe('ColumnMeasure', () => {
  it('measures appended items only, and starts over for another listing', () => {
    const seen: RawItem[] = [];
    const measure = new ColumnMeasure((raw) => {
      seen.push(raw);
      return rowFor('groups')(raw);
    });
    const first = measure.measure(groups.slice(0, 2));
    expect(measure.measure(groups.slice(0, 2))).toBe(first); // unchanged: the same object
    measure.measure(groups);
    expect(seen).toEqual(groups);
    measure.measure([groups[2]!]);
    expect(seen).toHaveLength(4);
    expect(measure.measure([groups[2]!]).id).toBe('grp-2'.length);
  });
});

describe('measuring what G loads', () => {
  it('reads no timestamp (the time column has one width) and gives the widths full rows give', () => {
    const read: string[] = [];
    const watched = (raw: RawItem): RawItem =>
      new Proxy(raw, {
        get: (target, key) => {
          if (typeof key === 'string') read.push(key);
          return Reflect.get(target, key) as unknown;
        },
      });
    const items: RawItem[] = [
      { pageId: 'grp-1-p1', effectiveName: 'Spring sale', updatedAt: '2024-05-23T19:10:00Z' },
      { pageId: 'grp-1-p22', effectiveName: '春のセール 👍', updatedAt: '2024-05-24T08:00:00Z' },
      { pageId: 'grp-1-p333', customName: 'a\u001b[31mred\u001b[0m name', updatedAt: 'yesterday, more or less' },
    ];
    const cheap = new ColumnMeasure(widthCellsFor('pages')).measure(items.map(watched));
    expect(read).not.toContain('updatedAt');
    const full = new ColumnMeasure(rowFor('pages')).measure(items);
    expect(cheap).toEqual({ name: full.name, id: full.id });
    expect(columnsFor('pages', 120, cheap)).toEqual(columnsFor('pages', 120, full));
    expect(new ColumnMeasure(widthCellsFor('groups')).measure(groups)).toEqual(
      Object.fromEntries(Object.entries(new ColumnMeasure(rowFor('groups')).measure(groups)).filter(([key]) => key !== 'updated')),
    );
  });
});
