/** The loaded count in the breadcrumb: '300+' while more exists, '2,500' once all is loaded. */
import { describe, expect, it } from 'vitest';
import { countOf, formatHeaderLine, loadedCount, staleLabel } from '../../../src/ui/components/header-format.js';
import { displayWidth } from '../../../src/text/index.js';

describe('loadedCount', () => {
  it('says how many rows are loaded, with + while more exist', () => {
    expect(loadedCount(300, true, 3)).toBe('300+');
    expect(loadedCount(2500, false, 25)).toBe('2,500');
    expect(loadedCount(0, false, 1)).toBe('0');
    expect(loadedCount(0, true, 0)).toBeUndefined(); // nothing known before the first page
  });

  it("a list whose paging a guard stopped, though the server said more follows, is not counted as complete", () => {
    const items = Array.from({ length: 400 }, (_, i) => ({ id: `p-${i}` }));
    expect(countOf({ items, hasMore: false, pagesFetched: 4, stoppedEarly: true })).toBe('400+');
    expect(countOf({ items, hasMore: false, pagesFetched: 4 })).toBe('400');
  });
});

describe('the breadcrumb with a count', () => {
  it('follows the current place, in brackets', () => {
    const line = formatHeaderLine({ breadcrumb: ['demo', 'Evergreen Landing Pages'], count: '10,000' }, 80);
    expect(line.startsWith('pagetui  demo › Evergreen Landing Pages [10,000]')).toBe(true);
    expect(displayWidth(line)).toBe(80);
  });

  it('stays whole when the crumbs are cut, and is shown on the group list too', () => {
    const line = formatHeaderLine({ breadcrumb: ['https://pages.example.com', 'A rather long page group title'], count: '300+', sort: 'name A→Z' }, 50);
    expect(displayWidth(line)).toBe(50);
    expect(line).toContain('[300+]');
    expect(line).toContain('…');
    expect(formatHeaderLine({ breadcrumb: ['demo'], count: '12' }, 40)).toContain('pagetui  demo [12]');
  });

  it('shows no brackets without a count', () => {
    expect(formatHeaderLine({ breadcrumb: ['demo', 'G'] }, 40)).not.toContain('[');
  });
});

describe('the header of the last session rows (the list cache)', () => {
  const stale = { items: Array.from({ length: 36 }, (_, i) => ({ pageGroupId: `g-${i}` })), hasMore: true, pagesFetched: 0, stale: true, state: 'loading' } as const;

  it('counts them as the cache knew them: all 36, or 36 of more', () => {
    expect(countOf({ ...stale, staleHasMore: false })).toBe('36');
    expect(countOf({ ...stale, staleHasMore: true })).toBe('36+');
    // Once the first page is in, the pager's own word counts.
    expect(countOf({ ...stale, stale: undefined, staleHasMore: undefined, hasMore: false, pagesFetched: 1 })).toBe('36');
  });

  it.each([40, 50, 60, 80, 120])('keeps the cached mark at %i columns, with the count whole', (columns) => {
    for (const crumbs of [['http://127.0.0.1:18431'], ['https://pages.example.com/api/v1', 'A rather long page group title']]) {
      const line = formatHeaderLine({ breadcrumb: crumbs, count: '36', cached: staleLabel(stale), watch: 'watching · every 10s', sort: 'name A→Z' }, columns);
      expect(displayWidth(line)).toBe(columns);
      expect(line).toContain('[36]');
      expect(line).toContain('cached');
      if (columns >= 80) expect(line).toContain('cached · refreshing');
    }
  });
});

it('at 80 columns a long watch mark is shortened, never dropped: the header always says the list is watched', () => {
  const line = formatHeaderLine(
    {
      appName: 'pagetui',
      breadcrumb: ['http://127.0.0.1:18492', 'Evergreen Landing Pages'],
      count: '5,290+',
      watch: 'watching · every 10s · last 01:34:13 · 24 new · r reloads',
    },
    80,
  );
  expect(line).toContain('watching');
  expect(line).toContain('[5,290+]');
});

describe('a watched list that is filtered and sorted', () => {
  const content = {
    appName: 'pagetui',
    breadcrumb: ['http://127.0.0.1:18492', 'Evergreen Landing Pages'],
    count: '4,990',
    watch: 'watching · every 10s · last 01:34:13 · 10 new · r reloads',
    filter: 'sale',
    sort: 'name A→Z (loaded items)',
  };

  it('at 120 columns shortens the watch mark (keeping what is new) before it drops the filter or the sort', () => {
    const line = formatHeaderLine(content, 120);
    expect(line).toContain('filter: "sale"');
    expect(line).toContain('sort: name A→Z');
    expect(line).toContain('watching · 10 new');
    expect(displayWidth(line)).toBe(120);
  });

  it('at 80 columns keeps the filter, which hides rows, and says the list is watched', () => {
    const line = formatHeaderLine(content, 80);
    expect(line).toContain('filter: "sale"');
    expect(line).toContain('watching');
    expect(line).toContain('[4,990]');
    expect(displayWidth(line)).toBe(80);
  });
});

it('quotes a filter once: a phrase already in quotes is shown as typed', () => {
  expect(formatHeaderLine({ breadcrumb: ['http://127.0.0.1:1'], filter: '"Hero checkout"' }, 80)).toContain('filter: "Hero checkout"');
  expect(formatHeaderLine({ breadcrumb: ['http://127.0.0.1:1'], filter: 'hero' }, 80)).toContain('filter: "hero"');
});
