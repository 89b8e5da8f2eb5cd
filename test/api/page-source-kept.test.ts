/**
 * A page that came uncompressed (a server that does not compress) is kept brotli-encoded at
 * quality 1: as it came, 100 items of long names are some 100 KB, which over 1,000,000 pages is a
 * gigabyte. Read at any time, it gives the same items.
 */
import { describe, expect, it } from 'vitest';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
  it('is kept brotli-encoded at once, a fraction of its size, and still gives the items it was parsed into', () => {
    const body = pageBody(1);
    const kept = new BodyKeeper().keep({ bytes: encode(body), codings: [] });
    expect(kept.codings).toEqual(['br']);
    expect(kept.bytes.byteLength).toBeLessThan(encode(body).byteLength / 8);
    const expected = JSON.parse(body).items;
    expect(itemsOfSource(kept, undefined)).toEqual(expected);
    expect(itemsOfSource(kept, [3, 7])).toEqual([expected[3], expected[7]]);
  });

  it('pages of small items and of long ones alike are brotli at quality 1, read the same', () => {
    const keeper = new BodyKeeper();
    for (const of of [groupOf('custom'), group]) {
      const later = encode(bodyOf(of, 301));
      const quality1 = brotliCompressSync(later, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: later.byteLength } });
      const expected = JSON.parse(new TextDecoder().decode(later)).items;
      const kept = keeper.keep({ bytes: later.slice(), codings: [] });
      expect(kept.codings).toEqual(['br']);
      expect(kept.bytes).toEqual(new Uint8Array(quality1));
      expect(kept.bytes.byteLength).toBeLessThan(later.byteLength / 4);
      expect(itemsOfSource(kept, undefined)).toEqual(expected);
    }
  });

  it('a body bigger than a page is compressed off the main thread, and reads the same before and after', async () => {
    const body = pageBody(1, 400);
    const bytes = encode(body);
    const size = bytes.byteLength;
    expect(size).toBeGreaterThan(256 * 1024);
    const kept = new BodyKeeper().keep({ bytes, codings: [] });
    const expected = JSON.parse(body).items;
    expect(kept.bytes).toBe(bytes);
    expect(itemsOfSource(kept, [0, 399])).toEqual([expected[0], expected[399]]);
    await waitFor('the body compressed', () => kept.bytes !== bytes, 10_000);
    expect(kept.bytes.byteLength).toBeLessThan(size / 4);
    expect(itemsOfSource(kept, undefined)).toEqual(expected);
    expect(kept.codings).toEqual(['br']);
    // The body as it came is let go once its compressed copy is kept.
    expect(bytes.byteLength).toBe(0);
  });

  it('a small body is kept as it came (compressing it would save next to nothing)', () => {
    const text = '{"hasMore":false,"items":[{"pageId":"p1"}]}';
    const kept = new BodyKeeper().keep({ bytes: encode(text), codings: [] });
    expect(kept.codings).toEqual([]);
    expect(kept.bytes).toEqual(encode(text));
    expect(itemsOfSource(kept, undefined)).toEqual([{ pageId: 'p1' }]);
  });

  it('a body that does not shrink (bytes no encoder makes smaller) is kept exactly as it came', () => {
    const keeper = new BodyKeeper();
    for (const size of [4096, 65_536]) {
      const random = crypto.getRandomValues(new Uint8Array(size));
      const kept = keeper.keep({ bytes: random.slice(), codings: [] });
      expect(kept.codings).toEqual([]);
      expect(kept.bytes).toEqual(random);
    }
  });
});

describe('kept bodies', () => {
  it('lie side by side in the listing\'s block, not each in the buffer it came in or in the encoder\'s output chunk', () => {
    const keeper = new BodyKeeper();
    const kept = [1, 101, 201].map((first) => keeper.keep({ bytes: encode(pageBody(first)), codings: [] }));
    const [a, b, c] = kept.map((k) => k.bytes) as [Uint8Array, Uint8Array, Uint8Array];
    expect(a.byteLength).toBeLessThan(16 * 1024);
    expect(b.buffer).toBe(a.buffer);
    expect(c.buffer).toBe(a.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + a.byteLength);
    expect(c.byteOffset).toBe(b.byteOffset + b.byteLength);
    for (const [i, first] of [1, 101, 201].entries()) expect(itemsOfSource(kept[i]!, undefined)).toEqual(JSON.parse(pageBody(first)).items);
  });

  it('a body handed over whole is let go once kept; one that shares its buffer (a socket read\'s pool) is left as it is', () => {
    const whole = encode(pageBody(1));
    const keeper = new BodyKeeper();
    keeper.keep({ bytes: whole, codings: [] });
    expect(whole.byteLength).toBe(0);
    const pool = new Uint8Array(8192);
    pool.fill(7);
    const text = '{"hasMore":false,"items":[{"pageId":"p9"}]}';
    const shared = pool.subarray(100, 100 + text.length);
    shared.set(encode(text));
    const kept = keeper.keep({ bytes: shared, codings: [] });
    expect(pool.byteLength).toBe(8192);
    expect(pool[0]).toBe(7);
    expect(kept.bytes.buffer).not.toBe(pool.buffer);
    expect(itemsOfSource(kept, undefined)).toEqual([{ pageId: 'p9' }]);
  });

  it('a body that came compressed is kept as it came, with its codings, read the same', () => {
    const body = pageBody(1);
    const gz = gzipSync(encode(body));
    const kept = new BodyKeeper().keep({ bytes: new Uint8Array(gz), codings: ['gzip'] });
    expect(kept.codings).toEqual(['gzip']);
    expect(kept.bytes).toEqual(new Uint8Array(gz));
    expect(itemsOfSource(kept, [5])).toEqual([JSON.parse(body).items[5]]);
  });
});
