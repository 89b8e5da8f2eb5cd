/**
 * A page that came uncompressed (a server that does not compress) is kept deflated once the
 * thread pool has compressed it: as it came, 100 items of long names are some 100 KB, which over
 * 1,000,000 pages is a gigabyte. Read before or after, it gives the same items.
 */
import { describe, expect, it } from 'vitest';
import { itemsOfSource, ownSource } from '../../src/api/pager/page-source.js';
import { pageAt } from '../../src/demo-server/shapes.js';
import { buildGroups } from '../../src/demo-server/data.js';
import { waitFor } from '../helpers/wait-for.js';

const group = buildGroups({ seed: 1, pages: 200, groups: 1, faults: false, shape: 'long' })[0]!;
const body = JSON.stringify({ hasMore: false, items: Array.from({ length: 100 }, (_, i) => pageAt(group, i + 1, 1)) });

describe('a page that came uncompressed', () => {
  it('is kept deflated, a fraction of its size, and still gives the items it was parsed into', async () => {
    const bytes = new TextEncoder().encode(body);
    const kept = ownSource({ bytes, codings: [] });
    const expected = JSON.parse(body).items;
    expect(itemsOfSource(kept, undefined)).toEqual(expected);
    await waitFor('the body deflated', () => kept.codings.length > 0, 10_000);
    expect(kept.codings).toEqual(['deflate']);
    expect(kept.bytes.byteLength).toBeLessThan(bytes.byteLength / 4);
    expect(itemsOfSource(kept, [3, 7])).toEqual([expected[3], expected[7]]);
  });

  it('a small body stays as it came (compressing it would save next to nothing)', async () => {
    const small = new TextEncoder().encode('{"hasMore":false,"items":[{"pageId":"p1"}]}');
    const kept = ownSource({ bytes: small, codings: [] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(kept.bytes).toBe(small);
    expect(itemsOfSource(kept, undefined)).toEqual([{ pageId: 'p1' }]);
  });
});
