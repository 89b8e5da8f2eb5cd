/** Compressed responses: what the client asks for, how it decodes, and how it fails on bad encodings. */
import { itemArray } from '../../src/api/pager/packed-items.js';
import * as zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type ApiClientOptions } from '../../src/api/index.js';
import { startTestServer, type Handler, type TestServer } from './helpers/test-server.js';

let server: TestServer;
const clients: ApiClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await server.close();
});

function client(extra: Partial<ApiClientOptions> = {}): ApiClient {
  const c = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => 'test-key-123', ...extra });
  clients.push(c);
  return c;
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a failure');
}

const encoders: Record<string, (b: Buffer) => Buffer> = {
  gzip: (b) => zlib.gzipSync(b),
  br: (b) => zlib.brotliCompressSync(b),
  deflate: (b) => zlib.deflateSync(b),
};

/** Answers with `body` as JSON, encoded by each coding in turn (the header lists them in that order). */
function encoded(status: number, body: unknown, codings: string[], opts: { chunked?: boolean; type?: string; headers?: Record<string, string> } = {}): Handler {
  return (_req, res) => {
    let bytes: Buffer = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    for (const c of codings) bytes = (encoders[c] as (b: Buffer) => Buffer)(bytes);
    const headers: Record<string, string> = { 'content-type': opts.type ?? 'application/json', 'content-encoding': codings.join(', '), ...opts.headers };
    if (opts.chunked !== true) headers['content-length'] = String(bytes.length);
    res.writeHead(status, headers);
    res.end(bytes);
  };
}

/** Answers with raw bytes under a given Content-Encoding. */
function raw(status: number, bytes: Buffer, contentEncoding: string): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': contentEncoding, 'content-length': String(bytes.length) });
    res.end(bytes);
  };
}

const listing = {
  hasMore: true,
  nextCursor: 'c-2',
  items: Array.from({ length: 100 }, (_, i) => ({ pageId: `p${i}`, effectiveName: `Page ${i} — ünïcode ✓`, updatedAt: '2024-05-01T10:00:00Z' })),
};

describe('asking for compression', () => {
  it('sends Accept-Encoding with gzip and br, and zstd only where this Node can decode it', async () => {
    await client().listPageGroups();
    const sent = String(server.requests.at(-1)?.headers['accept-encoding']);
    const codings = sent.split(',').map((s) => s.trim());
    expect(codings).toEqual(expect.arrayContaining(['gzip', 'br']));
    expect(codings.includes('zstd')).toBe(typeof (zlib as { createZstdDecompress?: unknown }).createZstdDecompress === 'function');
  });
});

describe('decoding', () => {
  it.each([[['gzip']], [['br']], [['deflate']], [['gzip', 'br']]])('reads the same page whatever the encoding: %j', async (codings) => {
    server.handle(encoded(200, listing, codings));
    const page = await client().listPageGroups();
    expect(itemArray(page.items)).toEqual(listing.items);
    expect(page.nextCursor).toBe('c-2');
  });

  it('reads a chunked gzip body (no content-length) and an upper-case coding name', async () => {
    server.handle(encoded(200, listing, ['gzip'], { chunked: true }));
    expect((await client().listPageGroups()).items).toEqual(listing.items);
    server.handle(raw(200, zlib.gzipSync(JSON.stringify(listing)), 'GZIP'));
    expect((await client().listPageGroups()).items).toEqual(listing.items);
  });

  it('keeps one keep-alive connection across compressed responses', async () => {
    server.handle(encoded(200, listing, ['gzip']));
    const c = client();
    const before = server.connections();
    for (let i = 0; i < 5; i++) await c.listPageGroups();
    expect(server.connections() - before).toBe(1);
  });

  it('decodes compressed error bodies: problem+json, ours, and a 429 with its retry hint', async () => {
    const problem = { type: 'https://example.com/probs/limit', title: 'Bad limit', status: 400, detail: 'limit must be at most 100', errors: [{ field: 'limit', reason: 'too big' }] };
    server.handle(encoded(400, problem, ['gzip'], { type: 'application/problem+json' }));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'validation', status: 400, field: 'limit', reason: 'too big' });

    server.handle(encoded(404, { code: 'NOT_FOUND', message: 'No such group', requestId: 'rq-9' }, ['br']));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'not-found', code: 'NOT_FOUND', requestId: 'rq-9', detail: 'No such group' });

    server.handle(encoded(429, { code: 'RATE_LIMITED', message: 'slow down', requestId: 'rq-429' }, ['gzip'], { headers: { 'retry-after': '7' } }));
    const limited = await failure(client({ now: () => 1_000_000 }).listPageGroups());
    expect(limited).toMatchObject({ kind: 'rate-limit', requestId: 'rq-429', retryAt: 1_007_000 });
  });
});

describe('bad encodings are typed errors', () => {
  const gz = zlib.gzipSync(JSON.stringify(listing));

  it('an unknown Content-Encoding', async () => {
    server.handle(raw(200, Buffer.from(JSON.stringify(listing)), 'foo'));
    const err = await failure(client().listPageGroups());
    expect(err).toMatchObject({ kind: 'bad-response', code: 'UNSUPPORTED_ENCODING', status: 200 });
    expect(err.message).toBe('The server sent its response in an encoding pagetui cannot read ("foo").');
  });

  it('an odd encoding name is not echoed raw or whole', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'x\u009b\u00ff-evil-coding-name-that-goes-on-and-on-forever' });
      res.end('{}');
    });
    const err = await failure(client().listPageGroups());
    expect(err.code).toBe('UNSUPPORTED_ENCODING');
    expect(err.message).toMatch(/^[\x20-\x7e…]+$/);
    expect(err.message.length).toBeLessThan(120);
  });

  it('too many stacked encodings', async () => {
    server.handle(encoded(200, listing, ['gzip', 'gzip', 'gzip', 'gzip']));
    expect(await failure(client().listPageGroups())).toMatchObject({ code: 'UNSUPPORTED_ENCODING' });
  });

  it('a truncated gzip body', async () => {
    server.handle(raw(200, gz.subarray(0, gz.length - 40), 'gzip'));
    const err = await failure(client().listPageGroups());
    expect(err).toMatchObject({ kind: 'bad-response', code: 'BAD_ENCODING', retryable: false });
    expect(err.message).toBe("The server's gzip response could not be decoded (it ends too early).");
  });

  it('a gzip header followed by garbage, and plain JSON labelled gzip', async () => {
    server.handle(raw(200, Buffer.concat([gz.subarray(0, 10), Buffer.from('this is not deflate data at all '.repeat(20))]), 'gzip'));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'bad-response', code: 'BAD_ENCODING' });
    server.handle(raw(200, Buffer.from(JSON.stringify(listing)), 'gzip'));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'bad-response', code: 'BAD_ENCODING' });
    server.handle(raw(200, Buffer.from('garbage, not brotli'), 'br'));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'bad-response', code: 'BAD_ENCODING' });
  });

  it('the client keeps working after a bad encoding', async () => {
    const c = client();
    server.handle(raw(200, gz.subarray(0, 30), 'gzip'));
    expect(await failure(c.listPageGroups())).toMatchObject({ code: 'BAD_ENCODING' });
    server.handle(encoded(200, listing, ['gzip']));
    expect((await c.listPageGroups()).items).toHaveLength(100);
  });

  it('an error status with an undecodable body is still reported by its status', async () => {
    server.handle(raw(503, Buffer.from('not gzip'), 'gzip'));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'server', status: 503 });
    server.handle(raw(401, Buffer.from('{"code":"UNAUTHORIZED"}'), 'foo'));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'auth', status: 401 });
  });

  it('a connection reset in the middle of a gzip body is a network error, not a bad encoding', async () => {
    server.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gz.length) });
      res.write(gz.subarray(0, gz.length >> 1));
      setTimeout(() => req.socket.resetAndDestroy(), 30);
    });
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'network', code: 'CONNECTION_RESET' });
  });

  it('a gzip body that stops coming times out, and a cancelled one is a cancellation', async () => {
    const stall: Handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.write(gz.subarray(0, 20));
    };
    server.handle(stall);
    expect(await failure(client({ bodyTimeoutMs: 300 }).listPageGroups())).toMatchObject({ kind: 'timeout', code: 'BODY_TIMEOUT' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    expect(await failure(client().listPageGroups({ signal: controller.signal }))).toMatchObject({ kind: 'aborted' });
    server.dropSockets();
  });

  it('an empty body that names an encoding is an empty body', async () => {
    server.handle(raw(200, Buffer.alloc(0), 'gzip'));
    expect(await failure(client().listPageGroups())).toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe('the size cap counts decoded bytes', () => {
  const big = { hasMore: false, items: Array.from({ length: 2000 }, (_, i) => ({ pageId: `p${i}`, effectiveName: 'n'.repeat(50) })) };

  it('refuses a small compressed body that decodes past the cap, with the cap in the message', async () => {
    const compressed = zlib.gzipSync(JSON.stringify(big));
    expect(compressed.length).toBeLessThan(16 * 1024);
    server.handle(encoded(200, big, ['gzip']));
    const err = await failure(client({ maxResponseBytes: 64 * 1024 }).listPageGroups());
    expect(err).toMatchObject({ kind: 'bad-response', code: 'RESPONSE_TOO_LARGE', status: 200 });
    expect(err.message).toBe("The server's response is larger than 64 KiB.");
  });

  it('refuses it through stacked encodings and when chunked, then works again', async () => {
    const c = client({ maxResponseBytes: 64 * 1024 });
    server.handle(encoded(200, big, ['gzip', 'br'], { chunked: true }));
    expect(await failure(c.listPageGroups())).toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
    server.handle(encoded(200, listing, ['br'], { chunked: true }));
    expect((await c.listPageGroups()).items).toHaveLength(100);
  });

  it('accepts a compressed body that decodes just under the cap', async () => {
    const text = JSON.stringify(big);
    server.handle(encoded(200, big, ['gzip']));
    expect((await client({ maxResponseBytes: Buffer.byteLength(text) }).listPageGroups()).items).toHaveLength(2000);
    expect(await failure(client({ maxResponseBytes: Buffer.byteLength(text) - 1 }).listPageGroups())).toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
  });
});
