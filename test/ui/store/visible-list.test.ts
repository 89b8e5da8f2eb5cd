import { itemArray } from '../../../src/api/pager/packed-items.js';
import type { ItemSeq } from '../../../src/api/types.js';
import { describe, expect, it } from 'vitest';
import type { RawItem } from '../../../src/api/types.js';
import { naturalKey, searchText } from '../../../src/ui/store/list/item-keys.js';
import { VisibleListDeriver, type ViewSpec } from '../../../src/ui/store/list/visible-list.js';

const STATUSES = ['draft', 'published', 'archived'];

/** Synthetic groups whose `title` and `status` reads are counted (to see what a filter touches). */
function makeGroups(n: number, reads: { title: number; status: number }, from = 0): RawItem[] {
  const items: RawItem[] = [];
  for (let i = from; i < from + n; i++) {
    const title = `Group ${(i * 7919) % 100_003} ${i % 3 === 0 ? 'Alpha' : 'Beta'}`;
    const status = STATUSES[i % 3] ?? 'draft';
    items.push(
      Object.defineProperties({ pageGroupId: `g-${i}`, slug: `slug-${i}`, updatedAt: new Date(Date.UTC(2024, 0, 1) + ((i * 104_729) % 1_000_000) * 60_000).toISOString() }, {
        title: { enumerable: true, get: () => (reads.title++, title) },
        status: { enumerable: true, get: () => (reads.status++, status) },
      }) as RawItem,
    );
  }
  return items;
}

/** The rows a filter should give, computed the slow, obvious way. */
function naive(items: readonly RawItem[], spec: ViewSpec): RawItem[] {
  const q = spec.query.toLowerCase();
  const rows = items
    .map((raw, index) => ({ raw, index }))
    .filter(({ raw }) => spec.status === undefined || raw.status === spec.status)
    .filter(({ raw }) => searchText('groups', raw).includes(q));
  const key = (raw: RawItem): string => naturalKey(String(raw.title).toLowerCase());
  if (spec.sort === 'name') rows.sort((a, b) => (key(a.raw) < key(b.raw) ? -1 : key(a.raw) > key(b.raw) ? 1 : a.index - b.index));
  if (spec.sort === 'updated') rows.sort((a, b) => Date.parse(String(b.raw.updatedAt)) - Date.parse(String(a.raw.updatedAt)) || a.index - b.index);
  return rows.map((r) => r.raw);
}

describe('VisibleListDeriver', () => {
  it('returns the pager array itself when nothing filters or sorts', () => {
    const items = makeGroups(10, { title: 0, status: 0 });
    const view = new VisibleListDeriver('groups').derive(items, { query: '', sort: 'server' });
    expect(view.items).toBe(items);
    expect(view.indices).toBeUndefined();
    expect(view.filtered).toBe(false);
  });

  it('filters 100,000 items as the query grows, reading each item once and narrowing the previous result', () => {
    const reads = { title: 0, status: 0 };
    const items = makeGroups(100_000, reads);
    const deriver = new VisibleListDeriver('groups');
    let previous = items.length;
    for (const query of ['1', '12', '123', '1234']) {
      const spec: ViewSpec = { query, sort: 'server' };
      const view = deriver.derive(items, spec);
      expect(itemArray(view.items)).toEqual(naive(items, spec));
      expect(view.items.length).toBeLessThanOrEqual(previous);
      expect(view.loaded).toBe(100_000);
      previous = view.items.length;
    }
    // Lowercased search text is built once per item (plus the naive checks above, 4 × 100k).
    expect(reads.title - 4 * 100_000).toBe(100_000);
  });

  it('checks only the previous matches when the query grows (status reads count the checks)', () => {
    const reads = { title: 0, status: 0 };
    const items = makeGroups(30_000, reads);
    const deriver = new VisibleListDeriver('groups');
    const textHits = items.filter((raw) => searchText('groups', raw).includes('1')).length;
    reads.status = 0;
    const first = deriver.derive(items, { query: '1', status: 'draft', sort: 'server' });
    // One read per item while its search text is built (once, for every item: the texts are
    // packed as they arrive), plus one status check per item whose text matches.
    expect(reads.status).toBe(30_000 + textHits);
    reads.status = 0;
    const second = deriver.derive(items, { query: '12', status: 'draft', sort: 'server' });
    // The status is read only for the previous matches whose text holds "12" (they were all
    // drafts): items of another status that hold "12" are not looked at again.
    expect(reads.status).toBe(second.items.length);
    expect(second.items.length).toBeLessThan(first.items.length);
    // A shorter query cannot reuse the narrower result: everything is checked again.
    reads.status = 0;
    deriver.derive(items, { query: '', status: 'draft', sort: 'server' });
    expect(reads.status).toBe(30_000);
  });

  it('filters only the new items when the pager appends, and merges them into a sorted view', () => {
    const reads = { title: 0, status: 0 };
    const first = makeGroups(5_000, reads);
    const more = first.concat(makeGroups(5_000, reads, 5_000));
    for (const sort of ['server', 'name', 'updated'] as const) {
      const deriver = new VisibleListDeriver('groups');
      const spec: ViewSpec = { query: 'alpha', sort };
      deriver.derive(first, spec);
      reads.status = 0;
      const grown = deriver.derive(more, { ...spec, status: undefined });
      expect(itemArray(grown.items)).toEqual(naive(more, spec));
      const narrowed = deriver.derive(more, { ...spec, status: 'published' });
      expect(itemArray(narrowed.items)).toEqual(naive(more, { ...spec, status: 'published' }));
    }
  });

  it('sorts by name A→Z and by updated newest first, ties in server order, and back to server order', () => {
    const items: RawItem[] = [
      { pageGroupId: 'a', title: 'beta', updatedAt: '2024-01-01T00:00:00Z' },
      { pageGroupId: 'b', title: 'Alpha', updatedAt: '2024-03-01T00:00:00Z' },
      { pageGroupId: 'c', title: 'beta', updatedAt: 'not a time' },
      { pageGroupId: 'd', title: 'alpha', updatedAt: '2024-02-01T00:00:00Z' },
    ];
    const deriver = new VisibleListDeriver('groups');
    const ids = (spec: ViewSpec) => itemArray(deriver.derive(items, spec).items).map((i) => i.pageGroupId);
    expect(ids({ query: '', sort: 'name' })).toEqual(['b', 'd', 'a', 'c']);
    expect(ids({ query: '', sort: 'updated' })).toEqual(['b', 'd', 'a', 'c']);
    expect(ids({ query: 'beta', sort: 'updated' })).toEqual(['a', 'c']);
    expect(ids({ query: '', sort: 'server' })).toEqual(['a', 'b', 'c', 'd']);
    expect(deriver.derive(items, { query: '', sort: 'server' }).items).toBe(items);
  });

  it('never matches text inside escape sequences of server strings', () => {
    const items: RawItem[] = [{ pageGroupId: 'x', title: 'Red\u001b[31mtext' }];
    const deriver = new VisibleListDeriver('groups');
    expect(deriver.derive(items, { query: '31m', sort: 'server' }).items).toHaveLength(0);
    expect(deriver.derive(items, { query: 'redtext', sort: 'server' }).items).toHaveLength(1);
  });

  it('starts over when the listing is replaced', () => {
    const deriver = new VisibleListDeriver('pages');
    const a: RawItem[] = [{ pageId: 'p-1', effectiveName: 'One' }];
    const b: RawItem[] = [{ pageId: 'p-2', effectiveName: 'Two' }];
    expect(itemArray(deriver.derive(a, { query: 'o', sort: 'server' }).items)).toEqual(a);
    expect(itemArray(deriver.derive(b, { query: 'o', sort: 'server' }).items)).toEqual(b);
    expect(itemArray(deriver.derive(b, { query: 'on', sort: 'server' }).items)).toEqual([]);
  });
});

describe('VisibleListDeriver.prepare', () => {
  it('builds search text as pages arrive, so the first keystroke reads no item again', () => {
    const reads = { title: 0, status: 0 };
    const first = makeGroups(100, reads);
    const all = first.concat(makeGroups(100, reads, 100));
    const deriver = new VisibleListDeriver('groups');
    deriver.prepare(first);
    deriver.derive(first, { query: '', sort: 'server' });
    deriver.prepare(all);
    expect(reads.title).toBe(200);
    const view = deriver.derive(all, { query: 'alpha', sort: 'server' });
    expect(reads.title).toBe(200);
    expect(itemArray(view.items)).toEqual(naive(all, { query: 'alpha', sort: 'server' }));
  });
});

describe('VisibleListDeriver.revise (a watch edited loaded items in place)', () => {
  it('gives the rows a fresh derivation gives, without keying every item again', () => {
    const reads = { title: 0, status: 0 };
    const items = makeGroups(2000, reads);
    const deriver = new VisibleListDeriver('groups');
    deriver.prepare(items);
    const specs: ViewSpec[] = [{ query: 'alpha', sort: 'name' }, { query: '', sort: 'updated' }, { query: 'beta', sort: 'server', status: 'draft' }];
    for (const spec of specs) deriver.derive(items, spec);
    // Item 1500 renamed to match 'alpha', items 10 and 1200 gone.
    const edited = items.slice();
    const renamed = { pageGroupId: 'g-1500', slug: 'slug-1500', title: 'Renamed Alpha', status: 'draft', updatedAt: '2030-01-01T00:00:00Z' };
    edited[1500] = renamed;
    edited.splice(1200, 1);
    edited.splice(10, 1);
    deriver.revise(new Map([[1500, renamed]]), [10, 1200]);
    const before = reads.title;
    deriver.prepare(edited);
    const rows = specs.map((spec) => deriver.derive(edited, spec).items);
    // Only the revised item had its keys built again (a reset would read all 2,000 titles again).
    expect(reads.title - before).toBeLessThan(10);
    specs.forEach((spec, i) => {
      const fresh = new VisibleListDeriver('groups');
      fresh.prepare(edited);
      expect(itemArray(rows[i] as ItemSeq)).toEqual(itemArray(fresh.derive(edited, spec).items));
      expect(itemArray(rows[i] as ItemSeq)).toEqual(naive(edited, spec));
    });
  });
});

describe('VisibleListDeriver.releaseSearch (the filter closed)', () => {
  /** Pages with names in many scripts, wide and with letters whose case folds outside ASCII. */
  const NAMES = ['Zürich STRASSE', 'ÉDITION spéciale', '東京オフィス 春', 'ΑΘΗΝΑ κέντρο', 'İstanbul ılık', 'Ñandú PIÑATA', '서울 신제품', '👍🏽 approved'];
  const pages = (n: number): RawItem[] =>
    Array.from({ length: n }, (_, i) => ({ pageId: `p-${i}`, customName: i % 2 === 0 ? `${NAMES[i % NAMES.length]} ${i}` : '', computedName: `${NAMES[(i + 3) % NAMES.length]} c${i}` }));

  it('lets the texts go and gives the same rows when a filter builds them again', () => {
    const items = pages(3000);
    const queries = ['zürich', 'édition spé', '東京', 'αθηνα', 'piñata', '서울', '👍🏽', 'name:strasse', 'c12'];
    const deriver = new VisibleListDeriver('pages');
    const before = queries.map((query) => itemArray(deriver.derive(items, { query, sort: 'server' }).items));
    expect(deriver.prepared).toBe(3000);
    deriver.derive(items, { query: '', sort: 'server' });
    deriver.releaseSearch();
    expect(deriver.prepared).toBe(0);
    const after = queries.map((query) => itemArray(deriver.derive(items, { query, sort: 'server' }).items));
    expect(after).toEqual(before);
    const fresh = new VisibleListDeriver('pages');
    expect(after).toEqual(queries.map((query) => itemArray(fresh.derive(items, { query, sort: 'server' }).items)));
    expect(before.every((rows) => rows.length > 0)).toBe(true);
    // Case folds as the text is lowercased: upper-case letters in a name match a lower-case query.
    expect(before[0]?.length).toBe(items.filter((p) => `${String(p.customName)} ${String(p.computedName)}`.includes('Zürich')).length);
  });

  it('builds no text for pages that arrive while the text is let go, and a page at a time while a filter uses it', () => {
    const items = pages(3000);
    const deriver = new VisibleListDeriver('pages');
    deriver.prepareArrived(items.slice(0, 100), 1000);
    expect(deriver.prepared).toBe(0);
    deriver.derive(items.slice(0, 100), { query: 'zürich', sort: 'server' });
    expect(deriver.prepared).toBe(100);
    deriver.prepareArrived(items, 1000);
    expect(deriver.prepared).toBe(1100);
  });
});
