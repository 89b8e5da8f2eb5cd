/** The demo server compresses when asked, and the client and `pages --json` read the same items either way. */
import http from 'node:http';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type RawItem } from '../../src/api/index.js';
import { runPages } from '../../src/cli/commands/list-commands.js';
import { chooseEncoding } from '../../src/demo-server/compression.js';
import { DEMO_SERVER_USAGE, parseDemoServerArgs } from '../../src/demo-server/args.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { runDemoServerCommand } from '../../src/demo-server/main.js';
import { testIo } from '../cli-list/io.js';

let compressing: DemoServer;
let plain: DemoServer;

beforeAll(async () => {
  compressing = await startDemoServer({ faults: true });
  plain = await startDemoServer({ faults: true, compress: false });
});
afterAll(async () => {
  await Promise.all([compressing.close(), plain.close()]);
});

/** GET with the given Accept-Encoding (none when undefined); the body as received, undecoded. */
function get(server: DemoServer, path: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'x-api-key': server.apiKey };
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
    const req = http.request({ host: '127.0.0.1', port: server.port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(raw: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  return raw.toString();
}

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0.1', 'gzip'],
    ['*, gzip;q=0', 'br'],
    ['deflate, zstd', undefined],
    ['gzip ; q=0.8 , br ; q = 0.9', 'br'],
  ])('%j gives %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressed responses from the demo server', () => {
  const path = '/v0/page_groups/grp-1/pages?limit=100';

  it.each([['gzip'], ['br']])('sends %s when asked, with Vary, and the same JSON', async (enc) => {
    const identity = await get(compressing, path);
    const encoded = await get(compressing, path, enc);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(encoded.headers['content-encoding']).toBe(enc);
    expect(encoded.headers.vary).toBe('Accept-Encoding');
    expect(Number(encoded.headers['content-length'])).toBe(encoded.raw.length);
    expect(encoded.raw.length).toBeLessThan(identity.raw.length / 4);
    expect(JSON.parse(decode(encoded.raw, enc))).toEqual(JSON.parse(identity.raw.toString()));
    const seen = compressing.requests.at(-1);
    expect(seen).toMatchObject({ acceptEncoding: enc, encoding: enc, bodyBytes: encoded.raw.length });
  });

  it('compresses error bodies too', async () => {
    const res = await get(compressing, '/v0/page_groups/nope/pages', 'gzip');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(res.raw, 'gzip'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('with compress: false never compresses', async () => {
    const res = await get(plain, path, 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(JSON.parse(res.raw.toString())).toMatchObject({ hasMore: true });
    expect(plain.requests.at(-1)).toMatchObject({ acceptEncoding: 'gzip, br', bodyBytes: res.raw.length });
    expect(plain.requests.at(-1)?.encoding).toBeUndefined();
  });
});

describe('the client over a compressing demo server', () => {
  async function readAll(server: DemoServer, groupId: string): Promise<RawItem[]> {
    const client: ApiClient = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server.apiKey });
    const items: RawItem[] = [];
    try {
      let cursor: string | undefined;
      do {
        const page = await client.listPages(groupId, { cursor, limit: 100 });
        items.push(...page.items);
        cursor = page.hasMore ? page.nextCursor : undefined;
      } while (cursor !== undefined);
    } finally {
      await client.close();
    }
    return items;
  }

  it('sends Accept-Encoding and reads the same 10,000 items as without compression, on one connection', async () => {
    const before = compressing.requests.length;
    const connectionsBefore = compressing.connections();
    const compressed = await readAll(compressing, 'grp-1');
    const made = compressing.requests.slice(before);
    const uncompressed = await readAll(plain, 'grp-1');
    expect(compressed).toHaveLength(10_000);
    expect(compressed).toEqual(uncompressed);
    expect(made.every((r) => /\bgzip\b/.test(r.acceptEncoding ?? '') && /\bbr\b/.test(r.acceptEncoding ?? ''))).toBe(true);
    expect(made.every((r) => r.encoding === 'br')).toBe(true);
    expect(compressing.connections() - connectionsBefore).toBe(1);
  });

  it('reads the hostile-text group the same either way', async () => {
    expect(await readAll(compressing, 'fault-hostile-text')).toEqual(await readAll(plain, 'fault-hostile-text'));
  });

  it('pages --json prints the same lines with and without compression', async () => {
    const run = async (server: DemoServer): Promise<string> => {
      const t = testIo({ PAGETUI_API_KEY: server.apiKey, PAGETUI_BASE_URL: server.url });
      expect(await runPages(['grp-1', '--json', '--limit', '50', '--max', '500'], t.io)).toBe(0);
      expect(t.stderr.text).toBe('');
      return t.stdout.text;
    };
    const before = compressing.requests.length;
    const compressed = await run(compressing);
    expect(compressing.requests.slice(before).every((r) => r.encoding !== undefined)).toBe(true);
    const uncompressed = await run(plain);
    expect(compressed.split('\n').filter((l) => l !== '')).toHaveLength(500);
    expect(compressed).toBe(uncompressed);
  });
});

describe('--no-compress', () => {
  it('parses, and takes no value', () => {
    expect(parseDemoServerArgs(['--no-compress'])).toEqual({ compress: false });
    expect(() => parseDemoServerArgs(['--no-compress=1'])).toThrow(/^--no-compress takes no value\.$/);
  });

  it('is documented in demo-server --help', async () => {
    let text = '';
    const out = new Writable({
      write(chunk, _enc, done) {
        text += String(chunk);
        done();
      },
    });
    expect(await runDemoServerCommand(['--help'], out)).toBe(0);
    expect(text).toBe(DEMO_SERVER_USAGE);
    expect(text).toMatch(/--no-compress +never compress/);
  });
});
