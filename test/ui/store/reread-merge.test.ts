/** A re-read applied in place: changed by id, gone only between two found ids, new ones only counted. */
import { describe, expect, it } from 'vitest';
import type { RawItem } from '../../../src/api/types.js';
import { mergeReread } from '../../../src/ui/store/reload/reread-merge.js';

const p = (id: string, name = id): RawItem => ({ pageId: id, name });
const idOf = (raw: RawItem) => String(raw.pageId);
const loaded = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => p(id));

describe('mergeReread', () => {
  it('replaces a changed item at its position and marks gone only what sat between two found ids', () => {
    // The page [b..f] read again: 'a2' was inserted above (so f moved to the next page), c went, e changed.
    const merge = mergeReread(loaded, 1, 6, [p('x'), p('b'), p('d'), p('e', 'E!')], idOf);
    expect([...merge.replaced]).toEqual([[4, p('e', 'E!')]]);
    expect(merge.changed).toEqual(['e']);
    expect(merge.removed).toEqual([2]);
    expect(merge.gone).toEqual([{ raw: p('c'), anchor: 'b' }]);
    // f, at the edge, is not gone: it may have moved to the next page.
    expect(merge.removed).not.toContain(5);
    expect([...merge.unplaced]).toEqual(['x']);
  });

  it('anchors consecutive gone items on the last row that stays, and finds nothing gone when nothing matched', () => {
    const merge = mergeReread(loaded, 0, 7, [p('a'), p('d'), p('g')], idOf);
    expect(merge.gone.map((g) => [idOf(g.raw), g.anchor])).toEqual([['b', 'a'], ['c', 'a'], ['e', 'd'], ['f', 'd']]);
    expect(mergeReread(loaded, 0, 7, [p('y'), p('z')], idOf).removed).toEqual([]);
  });
});
