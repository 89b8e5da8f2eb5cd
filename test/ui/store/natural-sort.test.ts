/** The name sort reads numbers as numbers ("Page 3" before "Page 28"), as file managers and k9s users expect. */
import { describe, expect, it } from 'vitest';
import { itemArray } from '../../../src/api/pager/packed-items.js';
import type { RawItem } from '../../../src/api/types.js';
import { VisibleListDeriver } from '../../../src/ui/store/list/visible-list.js';
import { nameSortField } from '../../../src/ui/store/list/item-keys.js';

const page = (name: string, i: number): RawItem => ({ pageId: `p${i}`, effectiveName: name });
const sortedNames = (names: readonly string[], reversed = false): string[] => {
  const items = names.map(page);
  const list = new VisibleListDeriver('pages').derive(items, { query: '', sort: 'name', ...(reversed ? { reversed: true } : {}) });
  return itemArray(list.items).map((i) => String(i.effectiveName));
};

describe('the name sort', () => {
  it('puts Page 3 before Page 28 and Page 28029 last', () => {
    expect(sortedNames(['Page 28029', 'Page 3', 'Page 28', 'Page 100', 'Page 2'])).toEqual(['Page 2', 'Page 3', 'Page 28', 'Page 100', 'Page 28029']);
  });

  it('compares every number in a name, and text between them as before (case aside)', () => {
    expect(sortedNames(['v10.2 sale', 'v2.10 sale', 'v2.9 sale', 'V2.9 Launch', 'sale'])).toEqual(['sale', 'V2.9 Launch', 'v2.9 sale', 'v2.10 sale', 'v10.2 sale']);
  });

  it('keeps leading zeros from mattering and ties in the server order', () => {
    expect(sortedNames(['Item 007', 'Item 7', 'Item 06'])).toEqual(['Item 06', 'Item 007', 'Item 7']);
  });

  it('reverses the same order with S', () => {
    expect(sortedNames(['Page 10', 'Page 9', 'Page 100'], true)).toEqual(['Page 100', 'Page 10', 'Page 9']);
  });

  it('orders numbers of any length, and names without digits are left as they were', () => {
    const long = '1'.repeat(120);
    expect(sortedNames([`n ${long}`, 'n 2', `n ${long.slice(1)}`])).toEqual(['n 2', `n ${long.slice(1)}`, `n ${long}`]);
    expect(nameSortField('pages', page('Crème brûlée', 0))).toBe('crème brûlée');
  });

  it('digits other than ASCII stay text', () => {
    expect(sortedNames(['Page ٣', 'Page 3', 'Page 20'])).toEqual(['Page 3', 'Page 20', 'Page ٣']);
  });
});
