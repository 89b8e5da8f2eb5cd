/**
 * A body's memory is given back at once only when the caller alone holds its buffer. From Node 24
 * on, Buffer's shared pool is 64 KB, and zlib's 16 KB output chunks are slices of it: such a slice
 * cannot be transferred (the attempt throws a DataCloneError, costly page after page), and
 * releasing a slice of a buffer that is not Node's pool would empty every other view of it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Buffer } from 'node:buffer';
import { brotliCompressSync, constants } from 'node:zlib';
import { releaseBuffer } from '../../src/api/http/release-bytes.js';
import { keepBufferPoolSmall } from '../../src/cli/buffer-pool.js';
import { buildGroups } from '../../src/demo-server/data.js';
import { pageAt } from '../../src/demo-server/shapes.js';

const POOL_AT_START = Buffer.poolSize;
const group = buildGroups({ seed: 1, pages: 100, groups: 1, faults: false, shape: 'custom' })[0]!;
const body = Buffer.from(JSON.stringify({ hasMore: false, items: Array.from({ length: 100 }, (_, i) => pageAt(group, i + 1, 1)) }));
/** As page-source.ts keeps a body that came uncompressed. */
const encode = (): Buffer => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });

afterEach(() => {
  Buffer.poolSize = POOL_AT_START;
  vi.restoreAllMocks();
});

describe('releasing a body', () => {
  it('a view that does not start its buffer is left alone, without an attempt', () => {
    const shared = new ArrayBuffer(1000);
    const clone = vi.spyOn(globalThis, 'structuredClone');
    releaseBuffer(new Uint8Array(shared, 200, 300));
    expect(shared.byteLength).toBe(1000);
    expect(clone).not.toHaveBeenCalled();
  });

  it('a buffer of its own is given back', () => {
    const own = new Uint8Array(5000);
    releaseBuffer(own);
    expect(own.buffer.byteLength).toBe(0);
  });

  it("with Node 24's 64 KB pool, the app's start lets the encoder's output be given back", () => {
    Buffer.poolSize = 64 * 1024;
    const pooled = encode();
    // Node's pool: 16 KB chunks come from it, and it cannot be transferred.
    expect(pooled.buffer.byteLength).toBe(64 * 1024);
    keepBufferPoolSmall();
    expect(Buffer.poolSize).toBe(8 * 1024);
    const encoded = encode();
    const length = encoded.byteLength;
    expect(length).toBeGreaterThan(0);
    releaseBuffer(encoded);
    expect(encoded.buffer.byteLength).toBe(0);
  });

  it('never raises a pool set smaller', () => {
    Buffer.poolSize = 4 * 1024;
    keepBufferPoolSmall();
    expect(Buffer.poolSize).toBe(4 * 1024);
  });
});
