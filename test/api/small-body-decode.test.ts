/** A page-sized compressed body is decoded in one call, not through a stream per request. */
import * as realZlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const streams = vi.hoisted(() => ({ created: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  const counted =
    <A extends unknown[], R>(create: (...args: A) => R) =>
    (...args: A): R => {
      streams.created++;
      return create(...args);
    };
  // The zstd names are absent on Node 20; the module probes them, so the mock must answer.
  const { createZstdDecompress, zstdDecompressSync } = zlib as { createZstdDecompress?: unknown; zstdDecompressSync?: unknown };
  return { ...zlib, createZstdDecompress, zstdDecompressSync, createGunzip: counted(zlib.createGunzip), createBrotliDecompress: counted(zlib.createBrotliDecompress), createInflate: counted(zlib.createInflate) };
});

const listing = { items: Array.from({ length: 100 }, (_, i) => ({ pageGroupId: `g-${i}`, title: `Group ${i}` })), hasMore: false };
const json = Buffer.from(JSON.stringify(listing));
let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => 'test-key-123' });
});
afterEach(() => {
  streams.created = 0;
});
afterAll(async () => {
  await client.close();
  await server.close();
  vi.doUnmock('node:zlib'); // unit files share a thread (test/setup/in-process-only.ts)
});

function answer(encoding: string, bytes: Buffer, chunked = false): void {
  server.handle((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, ...(chunked ? {} : { 'content-length': String(bytes.length) }) });
    res.end(bytes);
  });
}

describe('decoding a page of items', () => {
  it.each([
    ['gzip', realZlib.gzipSync(json)],
    ['br', realZlib.brotliCompressSync(json)],
    ['deflate', realZlib.deflateSync(json)],
    ['gzip, br', realZlib.brotliCompressSync(realZlib.gzipSync(json))],
  ])('%s of known length: one call, no decoder stream', async (encoding, bytes) => {
    answer(encoding, bytes);
    expect((await client.listPageGroups()).items).toHaveLength(100);
    expect(streams.created).toBe(0);
  });

  it('a body of unknown length (chunked) is still decoded as a stream, with the same result', async () => {
    answer('gzip', realZlib.gzipSync(json), true);
    expect((await client.listPageGroups()).items).toHaveLength(100);
    expect(streams.created).toBe(1);
  });

  it('a small body that expands past the cap is refused like a large one', async () => {
    const small = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => 'test-key-123', maxResponseBytes: 1000 });
    try {
      answer('br', realZlib.brotliCompressSync(json));
      await expect(small.listPageGroups()).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE', status: 200 });
    } finally {
      await small.close();
    }
  });
});
