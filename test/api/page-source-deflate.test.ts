/**
 * A page that came uncompressed (a server that does not compress) is kept deflated, against the
 * listing's first body as a dictionary: as it came, 100 items of long names are some 100 KB, which
 * over 1,000,000 pages is a gigabyte. Read at any time, it gives the same items.
 */
import { describe, expect, it } from 'vitest';
import { brotliCompressSync, constants, deflateRawSync, deflateSync } from 'node:zlib';
import { BodyKeeper, itemsOfSource } from '../../src/api/pager/page-source.js';
import { pageAt } from '../../src/demo-server/shapes.js';
import { buildGroups, type GroupRecord as Group } from '../../src/demo-server/data.js';
import { waitFor } from '../helpers/wait-for.js';

const groupOf = (shape: 'long' | 'custom'): Group => buildGroups({ seed: 1, pages: 400, groups: 1, faults: false, shape })[0]!;
const group = groupOf('long');
const bodyOf = (of: Group, first: number, count = 100): string =>
  JSON.stringify({ hasMore: false, items: Array.from({ length: count }, (_, i) => pageAt(of, first + i, 1)) });
const pageBody = (first: number, count = 100): string => bodyOf(group, first, count);
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('a page that came uncompressed', () => {
  it('is kept deflated at once, a fraction of its size, and still gives the items it was parsed into', () => {
    const body = pageBody(1);
    const kept = new BodyKeeper().keep({ bytes: encode(body), codings: [] }, 100);
    expect(kept.bytes.byteLength).toBeLessThan(encode(body).byteLength / 4);
    const expected = JSON.parse(body).items;
    expect(itemsOfSource(kept, undefined)).toEqual(expected);
    expect(itemsOfSource(kept, [3, 7])).toEqual([expected[3], expected[7]]);
  });

  it('the listing\'s first body is the dictionary: later pages are kept no bigger than zlib\'s default level makes them alone', () => {
    const keeper = new BodyKeeper();
    keeper.keep({ bytes: encode(pageBody(1)), codings: [] }, 100);
    const later = pageBody(301);
    const kept = keeper.keep({ bytes: encode(later), codings: [] }, 100);
    expect(kept.bytes.byteLength).toBeLessThan(deflateSync(encode(later)).byteLength * 0.95);
    expect(itemsOfSource(kept, undefined)).toEqual(JSON.parse(later).items);
  });

  it('a page of small items is kept brotli-encoded at quality 1 (cheaper than level 5), a fifth of its size, read the same', () => {
    const custom = groupOf('custom');
    const keeper = new BodyKeeper();
    keeper.keep({ bytes: encode(bodyOf(custom, 1)), codings: [] }, 100);
    const later = encode(bodyOf(custom, 301));
    expect(later.byteLength).toBeLessThan(100 * 768);
    const kept = keeper.keep({ bytes: later, codings: [] }, 100);
    expect(kept.codings).toEqual(['br']);
    expect(kept.dictionary).toBeUndefined();
    const quality1 = brotliCompressSync(later, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: later.byteLength } });
    expect(kept.bytes).toEqual(new Uint8Array(quality1));
    expect(kept.bytes.byteLength).toBeLessThan(later.byteLength / 4);
    expect(kept.bytes.buffer.byteLength).toBe(kept.bytes.byteLength);
    expect(itemsOfSource(kept, undefined)).toEqual(JSON.parse(new TextDecoder().decode(later)).items);
  });

  it('a page of long items keeps level 5 against the dictionary', () => {
    const keeper = new BodyKeeper();
    const first = encode(pageBody(1));
    keeper.keep({ bytes: first, codings: [] }, 100);
    const later = encode(pageBody(301));
    const dictionary = first.slice(Math.max(0, first.byteLength - 32 * 1024));
    expect(keeper.keep({ bytes: later, codings: [] }, 100).bytes.byteLength).toBe(deflateRawSync(later, { level: 5, dictionary }).byteLength);
  });

  it('a body bigger than a page is deflated off the main thread, and reads the same before and after', async () => {
    const body = pageBody(1, 400);
    const bytes = encode(body);
    expect(bytes.byteLength).toBeGreaterThan(256 * 1024);
    const kept = new BodyKeeper().keep({ bytes, codings: [] }, 400);
    const expected = JSON.parse(body).items;
    expect(kept.bytes).toBe(bytes);
    expect(itemsOfSource(kept, [0, 399])).toEqual([expected[0], expected[399]]);
    await waitFor('the body deflated', () => kept.bytes !== bytes, 10_000);
    expect(kept.bytes.byteLength).toBeLessThan(bytes.byteLength / 4);
    expect(itemsOfSource(kept, undefined)).toEqual(expected);
  });

  it('a small body stays as it came (compressing it would save next to nothing)', async () => {
    const small = encode('{"hasMore":false,"items":[{"pageId":"p1"}]}');
    const kept = new BodyKeeper().keep({ bytes: small, codings: [] }, 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(kept.bytes).toBe(small);
    expect(itemsOfSource(kept, undefined)).toEqual([{ pageId: 'p1' }]);
  });
});

describe('a deflated body', () => {
  it('holds bytes of its own, not the rest of the zlib output chunk it was written into', () => {
    const keeper = new BodyKeeper();
    for (const first of [1, 101, 201]) {
      const kept = keeper.keep({ bytes: encode(pageBody(first)), codings: [] }, 100);
      expect(kept.bytes.byteLength).toBeLessThan(16 * 1024);
      expect(kept.bytes.buffer.byteLength).toBe(kept.bytes.byteLength);
    }
  });
});
