/**
 * A filter scanned in slices (a budget per derive, the scan going on at the next) gives the rows a
 * scan to the end gives, whatever the query, the data, the order, the slices, the keystrokes that
 * cut a scan short, and the items that arrive meanwhile.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RawItem } from '../../../src/api/types.js';
import type { SortOrder, StatusFilter } from '../../../src/ui/store/list/item-keys.js';
import { FilterScan } from '../../../src/ui/store/list/filter-scan.js';
import { VisibleListDeriver, type ViewSpec, type VisibleList } from '../../../src/ui/store/list/visible-list.js';
import { fuzzParams } from '../../faults/helpers/fuzz.js';

const DAY = 86_400_000;
const NOW = Date.now();
const WORDS = ['sea', 'seasonal', 'oak', 'sale', 'spring', 'Ünï', '宽字', 'a', 'ab'];
const STATUSES = ['draft', 'published', 'archived', 'weird'];

const group = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 3 }).map((w) => w.join(' ')),
  slug: fc.constantFrom('sea', 'oak', '', 'x'),
  status: fc.constantFrom(...STATUSES),
  pageCount: fc.integer({ min: 0, max: 300 }),
  age: fc.integer({ min: 0, max: 60 }),
});

const items = fc.array(group, { minLength: 0, maxLength: 1500, size: 'large' }).map((list) =>
  list.map((g, i): RawItem => ({ pageGroupId: `g-${i}`, title: g.title, slug: g.slug, status: g.status, pageCount: g.pageCount, updatedAt: new Date(NOW - g.age * DAY).toISOString() })),
);

/** Queries of the language, some growing a word of another (a narrowing keystroke). */
const query = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.constantFrom('s', 'se', 'sea', 'seas', 'seaso', 'seasonal', 'o', 'oa', 'oak'),
  fc.constantFrom(...WORDS).map((w) => `${w} ${w.slice(0, 1)}`),
  fc.constantFrom('status:draft', 'slug:sea', '-sea', '-status:draft', '/se.*l/', '/^g-1/', 'updated<7d', 'updated>30d', 'pages>=100', 'sea|oak', 'sale | -spring', 'slug=""', ''),
);

const spec = fc.record({
  query,
  sort: fc.constantFrom<SortOrder>('server', 'name', 'updated'),
  status: fc.option(fc.constantFrom<StatusFilter>('draft', 'published', 'archived', 'other'), { nil: undefined }),
  reversed: fc.boolean(),
});

/** One keystroke: a spec, how many items are loaded then, and how many slices run before the next. */
const step = fc.record({ spec, loaded: fc.double({ min: 0, max: 1, noNaN: true }), slices: fc.integer({ min: 0, max: 4 }), rows: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }) });

const positions = (list: VisibleList): number[] => list.indices?.slice() ?? Array.from({ length: list.items.length }, (_, i) => i);

const viewSpec = (s: { query: string; sort: SortOrder; status: StatusFilter | undefined; reversed: boolean }): ViewSpec => ({ query: s.query, sort: s.sort, reversed: s.reversed, ...(s.status ? { status: s.status } : {}) });

describe('a filter scanned in slices', () => {
  it('ends with the rows of a scan to the end, and shows only matches on the way', () => {
    fc.assert(
      fc.property(items, fc.array(step, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 64 }), (all, steps, chunk) => {
        // Small chunks, so scans are cut short (by a slice's end or a keystroke) in every phase.
        const sliced = new VisibleListDeriver('groups', chunk);
        let loaded = 0;
        for (const { spec: s, loaded: share, slices, rows } of steps) {
          // Items only arrive (a pager appends).
          loaded = Math.max(loaded, Math.floor(share * all.length));
          const source = all.slice(0, loaded);
          const wanted = viewSpec(s);
          // No query: the filter may have closed, which lets the search texts go.
          if (wanted.query === '') sliced.releaseSearch();
          const full = positions(new VisibleListDeriver('groups').derive(source, wanted));
          // One chunk per slice: a budget already spent stops after the first chunk.
          let shown = sliced.derive(source, wanted, { until: Number.NEGATIVE_INFINITY, ...(rows === undefined ? {} : { rows }) });
          for (let k = 0; k < slices && shown.scanning === true; k++) {
            for (const at of positions(shown)) expect(full).toContain(at);
            shown = sliced.derive(source, wanted, { until: Number.NEGATIVE_INFINITY });
          }
          if (shown.scanning !== true) expect(positions(shown)).toEqual(full);
        }
        // The last keystroke's scan, taken to its end.
        const source = all.slice(0, loaded);
        const last = viewSpec((steps.at(-1) as (typeof steps)[number]).spec);
        let shown = sliced.derive(source, last, { until: Number.NEGATIVE_INFINITY });
        while (shown.scanning === true) shown = sliced.derive(source, last, { until: Number.NEGATIVE_INFINITY });
        expect(positions(shown)).toEqual(positions(new VisibleListDeriver('groups').derive(source, last)));
      }),
      fuzzParams(60, 3434),
    );
  }, 120_000);

  it('gives the rows of a scan to the end while a word is typed and erased, each key cutting the last scan short', () => {
    // Each key types the next letter of a phrase the items hold (so each narrows the last), or erases one.
    const keystrokes = fc.array(fc.record({ erase: fc.integer({ min: 0, max: 4 }).map((n) => n === 0), slices: fc.integer({ min: 0, max: 3 }), grow: fc.integer({ min: 0, max: 40 }) }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(items, fc.constantFrom('seasonal', 'sea oak', 'sale spring', 'ab a'), keystrokes, fc.integer({ min: 1, max: 8 }), (all, phrase, keys, chunk) => {
        const sliced = new VisibleListDeriver('groups', chunk);
        let typed = '';
        let loaded = Math.min(all.length, 50);
        for (const key of keys) {
          typed = key.erase ? typed.slice(0, -1) : phrase.slice(0, typed.length + 1);
          loaded = Math.min(all.length, loaded + key.grow);
          const source = all.slice(0, loaded);
          const wanted: ViewSpec = { query: typed, sort: 'server' };
          if (typed === '') sliced.releaseSearch();
          let shown = sliced.derive(source, wanted, { until: Number.NEGATIVE_INFINITY });
          for (let k = 0; k < key.slices && shown.scanning === true; k++) shown = sliced.derive(source, wanted, { until: Number.NEGATIVE_INFINITY });
          while (shown.scanning === true && key.slices === 3) shown = sliced.derive(source, wanted, { until: Number.NEGATIVE_INFINITY });
          if (shown.scanning !== true) expect(positions(shown)).toEqual(positions(new VisibleListDeriver('groups').derive(source, wanted)));
        }
      }),
      fuzzParams(80, 3535),
    );
  }, 120_000);

  it('stops at the first screen of matches, and a narrower word re-checks only what the wider one kept', () => {
    const all: RawItem[] = Array.from({ length: 50_000 }, (_, i) => ({ pageGroupId: `g-${i}`, title: i % 10 === 0 ? `seasonal ${i}` : `oak ${i}`, status: 'draft' }));
    const deriver = new VisibleListDeriver('groups');
    const first = deriver.derive(all, { query: 'sea', sort: 'server' }, { until: Number.POSITIVE_INFINITY, rows: 40 });
    expect(first.scanning).toBe(true);
    expect(first.items.length).toBeGreaterThanOrEqual(40);
    expect(first.items.length).toBeLessThan(5000);
    let done = deriver.derive(all, { query: 'seas', sort: 'server' }, { until: Number.POSITIVE_INFINITY, rows: 40 });
    while (done.scanning === true) done = deriver.derive(all, { query: 'seas', sort: 'server' });
    expect(done.items.length).toBe(5000);
    expect(done.loaded).toBe(50_000);
  });
});

describe('a scan where the search text is still to build', () => {
  it('looks at its budget every page of items past the built text, and every chunk before it', () => {
    const seen: number[] = [];
    let built = 0;
    const check = {
      upTo: (to: number) => {
        seen.push(to);
        built = Math.max(built, to);
        return new Uint8Array(to);
      },
      cheapTo: () => built,
    };
    const scan = FilterScan.full('x', undefined, 1500, 512);
    scan.run(check, { until: Number.POSITIVE_INFINITY });
    expect(seen).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1500]);
    built = 1500;
    const again = FilterScan.full('y', undefined, 1500, 512);
    seen.length = 0;
    again.run(check, { until: Number.POSITIVE_INFINITY });
    expect(seen).toEqual([512, 1024, 1500]);
  });
});
