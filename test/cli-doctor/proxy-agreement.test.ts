/**
 * proxyForUrl says what the client's dispatcher does: a request to a non-loopback base URL reaches
 * the proxy HTTP_PROXY names exactly when proxyForUrl says so. The "proxy" is a server on loopback.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, parseBaseUrl } from '../../src/api/index.js';
import { proxyForUrl } from '../../src/api/http/proxy-env.js';

const NAMES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
let proxy: Server;
let proxyUrl: string;
const seen: string[] = [];

beforeAll(async () => {
  proxy = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"items":[],"hasMore":false}');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  proxyUrl = `http://127.0.0.1:${address.port}`;
});
afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
});

async function reachesProxy(baseUrl: URL): Promise<boolean> {
  const before = seen.length;
  const client = createApiClient({ baseUrl, getApiKey: () => 'doctor-key-1234', connectTimeoutMs: 2000 });
  try {
    await client.listPageGroups({ limit: 1 }).catch(() => undefined);
  } finally {
    await client.close();
  }
  return seen.length > before;
}

describe('proxyForUrl agrees with the client', () => {
  const baseUrl = parseBaseUrl('http://pages.doctor.invalid', { allowInsecureHttp: true });

  it('HTTP_PROXY set: both go through it', async () => {
    for (const n of NAMES) delete process.env[n];
    process.env.HTTP_PROXY = proxyUrl;
    expect(proxyForUrl(baseUrl, process.env).proxy).toBe(proxyUrl);
    expect(await reachesProxy(baseUrl)).toBe(true);
    expect(seen.at(-1)).toBe('http://pages.doctor.invalid/v0/page_groups?limit=1');
  });

  it('NO_PROXY naming the domain: both go direct', async () => {
    for (const n of NAMES) delete process.env[n];
    process.env.HTTP_PROXY = proxyUrl;
    process.env.NO_PROXY = '.doctor.invalid';
    expect(proxyForUrl(baseUrl, process.env)).toMatchObject({ bypass: 'NO_PROXY' });
    expect(await reachesProxy(baseUrl)).toBe(false);
  });

  it('only HTTPS_PROXY set, an http base URL: both go direct', async () => {
    for (const n of NAMES) delete process.env[n];
    process.env.HTTPS_PROXY = proxyUrl;
    expect(proxyForUrl(baseUrl, process.env).proxy).toBeUndefined();
    expect(await reachesProxy(baseUrl)).toBe(false);
  });
});
