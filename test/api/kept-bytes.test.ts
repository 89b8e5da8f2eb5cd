/**
 * A listing's kept bodies live side by side in blocks V8 maps itself, each a view of its block:
 * every copy reads back byte for byte, whatever block it landed in.
 */
import { describe, expect, it } from 'vitest';
import { KeptBytes } from '../../src/api/pager/kept-bytes.js';

const bytesOf = (length: number, seed: number): Uint8Array => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);

describe('KeptBytes', () => {
  it('copies bodies side by side into one block, each reading back as it was, the source left as it was', () => {
    const kept = new KeptBytes();
    const sources = [100, 5000, 1, 70_000].map((n, i) => bytesOf(n, i));
    const copies = sources.map((s) => kept.copy(s));
    for (const [i, copy] of copies.entries()) {
      expect(copy).toEqual(sources[i]);
      expect(copy.buffer).toBe(copies[0]!.buffer);
      if (i > 0) expect(copy.byteOffset).toBe(copies[i - 1]!.byteOffset + copies[i - 1]!.byteLength);
    }
    expect(sources[3]!.byteLength).toBe(70_000);
  });

  it('starts a new block when one is full, and gives a body over a sixteenth of a block a buffer of its own', () => {
    const kept = new KeptBytes(64 * 1024);
    const copies = Array.from({ length: 40 }, (_, i) => ({ source: bytesOf(4000, i), copy: kept.copy(bytesOf(4000, i)) }));
    const blocks = new Set(copies.map((c) => c.copy.buffer));
    expect(blocks.size).toBe(3);
    for (const { source, copy } of copies) expect(copy).toEqual(source);
    const big = bytesOf(4097, 9);
    const own = kept.copy(big);
    expect(own).toEqual(big);
    expect(own.buffer.byteLength).toBe(4097);
  });

  it('copies an empty body', () => {
    expect(new KeptBytes().copy(new Uint8Array(0)).byteLength).toBe(0);
  });
});
