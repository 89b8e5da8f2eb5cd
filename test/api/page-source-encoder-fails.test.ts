/**
 * An encoder that throws while a page is kept (zlib out of memory, say) must not lose the page or
 * stop the load: the body is kept as it came, and its items read the same.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  const fail = (): never => {
    throw new Error('Cannot allocate memory');
  };
  // zstd is read as an optional export (Node 22.15+); a mock must name it either way.
  return { ...zlib, zstdDecompressSync: (zlib as { zstdDecompressSync?: unknown }).zstdDecompressSync, brotliCompressSync: fail };
});

const { BodyKeeper, itemsOfSource } = await import('../../src/api/pager/page-source.js');

const body = (name: string, count: number): string =>
  JSON.stringify({ hasMore: false, items: Array.from({ length: count }, (_, i) => ({ pageId: `p${i}`, name: `${name} ${i} `.repeat(40) })) });

describe('a page whose encoding fails', () => {
  it('is kept as it came, and reads the same', () => {
    const keeper = new BodyKeeper();
    for (const text of [body('first', 10), body('second', 30)]) {
      const kept = keeper.keep({ bytes: new TextEncoder().encode(text), codings: [] });
      expect(kept.codings).toEqual([]);
      expect(new TextDecoder().decode(kept.bytes)).toBe(text);
      expect(itemsOfSource(kept, undefined)).toEqual(JSON.parse(text).items);
    }
  });
});
