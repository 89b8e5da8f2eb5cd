/** `S` in the deriver: the reversed rows stay right as pages arrive and the query changes. */
import { describe, expect, it } from 'vitest';
import { itemArray } from '../../../src/api/pager/packed-items.js';
import type { ItemSeq } from '../../../src/api/types.js';
import { VisibleListDeriver } from '../../../src/ui/store/list/visible-list.js';
import { pagesOf } from './helpers.js';

const ids = (items: ItemSeq) => itemArray(items).map((i) => String(i.pageId));

describe('reversed order', () => {
  it('reverses the server order and stays reversed as pages are appended', () => {
    const all = pagesOf('g', 30);
    const deriver = new VisibleListDeriver('pages');
    const first = deriver.derive(all.slice(0, 10), { query: '', sort: 'server', reversed: true });
    expect(ids(first.items)).toEqual(ids(all.slice(0, 10)).reverse());
    expect(first.indices?.[0]).toBe(9);
    const grown = deriver.derive(all, { query: '', sort: 'server', reversed: true });
    expect(ids(grown.items)).toEqual(ids(all).reverse());
    // The same source and spec give the same object (no work, no redraw).
    expect(deriver.derive(all, { query: '', sort: 'server', reversed: true })).toBe(grown);
  });

  it('reverses a filtered, sorted result, and the same source and spec give the same rows object', () => {
    const all = pagesOf('g', 30);
    const deriver = new VisibleListDeriver('pages');
    const forward = new VisibleListDeriver('pages').derive(all, { query: 'page 2', sort: 'name' });
    const reversed = deriver.derive(all, { query: 'page 2', sort: 'name', reversed: true });
    expect(ids(reversed.items)).toEqual(ids(forward.items).reverse());
    expect(reversed.filtered).toBe(true);
    expect(deriver.derive(all, { query: 'page 2', sort: 'name', reversed: true })).toBe(reversed);
    const narrower = deriver.derive(all, { query: 'page 21', sort: 'name', reversed: true });
    expect(ids(narrower.items)).toEqual(['g-p21']);
  });
});
