/**
 * A page that came uncompressed (a server that does not compress) is kept deflated, against the
 * listing's first body as a dictionary: as it came, 100 items of long names are some 100 KB, which
 * over 1,000,000 pages is a gigabyte. Read at any time, it gives the same items.
 */
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { BodyKeeper, itemsOfSource } from '../../src/api/pager/page-source.js';
import { pageAt } from '../../src/demo-server/shapes.js';
import { buildGroups } from '../../src/demo-server/data.js';
import { waitFor } from '../helpers/wait-for.js';

const group = buildGroups({ seed: 1, pages: 400, groups: 1, faults: false, shape: 'long' })[0]!;
const pageBody = (first: number, count = 100): string =>
  JSON.stringify({ hasMore: false, items: Array.from({ length: count }, (_, i) => pageAt(group, first + i, 1)) });
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('a page that came uncompressed', () => {
  it('is kept deflated at once, a fraction of its size, and still gives the items it was parsed into', () => {
    const body = pageBody(1);
    const kept = new BodyKeeper().keep({ bytes: encode(body), codings: [] });
    expect(kept.bytes.byteLength).toBeLessThan(encode(body).byteLength / 4);
    const expected = JSON.parse(body).items;
    expect(itemsOfSource(kept, undefined)).toEqual(expected);
    expect(itemsOfSource(kept, [3, 7])).toEqual([expected[3], expected[7]]);
  });

  it('the listing\'s first body is the dictionary: later pages are kept no bigger than zlib\'s default level makes them alone', () => {
    const keeper = new BodyKeeper();
    keeper.keep({ bytes: encode(pageBody(1)), codings: [] });
    const later = pageBody(301);
    const kept = keeper.keep({ bytes: encode(later), codings: [] });
    expect(kept.bytes.byteLength).toBeLessThan(deflateSync(encode(later)).byteLength * 0.95);
    expect(itemsOfSource(kept, undefined)).toEqual(JSON.parse(later).items);
  });

  it('a body bigger than a page is deflated off the main thread, and reads the same before and after', async () => {
    const body = pageBody(1, 400);
    const bytes = encode(body);
    expect(bytes.byteLength).toBeGreaterThan(256 * 1024);
    const kept = new BodyKeeper().keep({ bytes, codings: [] });
    const expected = JSON.parse(body).items;
    expect(kept.bytes).toBe(bytes);
    expect(itemsOfSource(kept, [0, 399])).toEqual([expected[0], expected[399]]);
    await waitFor('the body deflated', () => kept.bytes !== bytes, 10_000);
    expect(kept.bytes.byteLength).toBeLessThan(bytes.byteLength / 4);
    expect(itemsOfSource(kept, undefined)).toEqual(expected);
  });

  it('a small body stays as it came (compressing it would save next to nothing)', async () => {
    const small = encode('{"hasMore":false,"items":[{"pageId":"p1"}]}');
    const kept = new BodyKeeper().keep({ bytes: small, codings: [] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(kept.bytes).toBe(small);
    expect(itemsOfSource(kept, undefined)).toEqual([{ pageId: 'p1' }]);
  });
});

describe('a deflated body', () => {
  it('holds bytes of its own, not the rest of the zlib output chunk it was written into', () => {
    const keeper = new BodyKeeper();
    for (const first of [1, 101, 201]) {
      const kept = keeper.keep({ bytes: encode(pageBody(first)), codings: [] });
      expect(kept.bytes.byteLength).toBeLessThan(16 * 1024);
      expect(kept.bytes.buffer.byteLength).toBe(kept.bytes.byteLength);
    }
  });
});
