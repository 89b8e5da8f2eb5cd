import { itemArray } from '../../../src/api/pager/packed-items.js';
import { describe, expect, it } from 'vitest';
import { searchText } from '../../../src/ui/store/list/item-keys.js';
import { VisibleListDeriver } from '../../../src/ui/store/list/visible-list.js';

describe('searchText', () => {
  it('keeps the fields apart: a query never matches across a title and an id', () => {
    const raw = { pageGroupId: 'g-7', title: 'Spring Sale', slug: 'spring' };
    expect(searchText('groups', raw)).toBe('spring sale\ng-7\nspring');
    const deriver = new VisibleListDeriver('groups');
    expect(itemArray(deriver.derive([raw], { query: '"sale g-7"', sort: 'server' }).items)).toEqual([]);
    // Words side by side each match in any field.
    expect(itemArray(deriver.derive([raw], { query: 'sale g-7', sort: 'server' }).items)).toEqual([raw]);
    expect(itemArray(deriver.derive([raw], { query: 'sale', sort: 'server' }).items)).toEqual([raw]);
  });

  it('still removes escape sequences from each field', () => {
    expect(searchText('pages', { pageId: 'p-1', customName: 'a\u001b[31mRed\u001b[0m' })).toBe('ared\np-1');
  });
});
