/**
 * A plain-http service through HTTP_PROXY, where the proxy itself refuses (squid's `http_access deny`:
 * 403 with its own HTML page, `X-Squid-Error` and `Via`): a proxy error naming the proxy and the
 * variable (PROXY_REFUSED, exit 6), never "the key was rejected". The service's own 403 passed on by
 * a proxy (JSON, with `Via`) stays the service's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { runGroups } from '../../src/cli/commands/list-commands.js';
import { testIo } from '../cli-list/io.js';
import { failureWithout } from './helpers/client-checks.js';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';

const KEY = 'ProxyKey-ABCDEFGH12345';
const TARGET = 'http://pages.pagetui.test:18310';
const HTTP_TARGET = parseBaseUrl(TARGET, { allowInsecureHttp: true });
type Answer = { status: number; headers: Record<string, string>; body: string };
let answer: Answer;
let proxy: Server;
let port = 0;

const SQUID_DENIED: Answer = {
  status: 403,
  headers: { 'content-type': 'text/html;charset=utf-8', 'x-squid-error': 'ERR_ACCESS_DENIED 0', via: '1.1 proxy.local (squid/5.7)' },
  body: '<html><title>ERROR: The requested URL could not be retrieved</title><body>Access Denied.</body></html>',
};

beforeAll(async () => {
  proxy = createServer((req, res) => {
    req.resume();
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  port = (proxy.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
function client(): ApiClient {
  const c = createApiClient({ baseUrl: HTTP_TARGET, getApiKey: () => KEY, proxyEnv: { HTTP_PROXY: `http://127.0.0.1:${port}` } });
  clients.push(c);
  return c;
}

describe("a plain-http proxy's own refusal", () => {
  it('squid 403 (X-Squid-Error, Via, HTML) is PROXY_REFUSED naming the proxy and HTTP_PROXY', async () => {
    answer = SQUID_DENIED;
    const e = await failureWithout(KEY, client().listPageGroups());
    expect(e.code).toBe('PROXY_REFUSED');
    expect(e.kind).toBe('network');
    expect(e.message).toContain(`The proxy 127.0.0.1:${port} (from HTTP_PROXY) refused`);
    expect(e.message).not.toMatch(/key/i);
  });

  it('a 403 with Via and a body that is not JSON is the proxy too', async () => {
    answer = { status: 403, headers: { 'content-type': 'text/html', via: '1.1 gateway' }, body: '<h1>Forbidden by policy</h1>' };
    expect((await failureWithout(KEY, client().listPageGroups())).code).toBe('PROXY_REFUSED');
  });

  it("the service's own 403 (JSON) passed on with Via stays the service's", async () => {
    answer = { status: 403, headers: { 'content-type': 'application/json', via: '1.1 proxy.local (squid/5.7)' }, body: '{"code":"FORBIDDEN","message":"no"}' };
    const e = await failureWithout(KEY, client().listPageGroups());
    expect(e.kind).toBe('auth');
  });

  it('pagetui groups: exit 6, one line about the proxy and its variable, not the key', async () => {
    answer = SQUID_DENIED;
    const t = testIo({ PAGETUI_API_KEY: KEY, HTTP_PROXY: `http://127.0.0.1:${port}` });
    const code = await runGroups(['--base-url', TARGET, '--allow-insecure-http', '--max', '1'], t.io);
    expect(code).toBe(6);
    expect(t.stderr.text).toMatch(/PROXY_REFUSED/);
    expect(t.stderr.text).toContain('HTTP_PROXY');
    expect(t.stderr.text).not.toMatch(/rejected|set a valid key/);
  });
});
