/** The client through a tiny proxy of the test's own: what a 407, a 403, a dead proxy and a bare host:port become. */
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { createApiClient } from '../../src/api/http/client.js';
import { runPages } from '../../src/cli/commands/list-commands.js';
import { testIo } from '../cli-list/io.js';
import { freePort } from '../helpers/free-port.js';
import { clientsFor, failureWithout } from './helpers/client-checks.js';
import { startConnectProxy, type ConnectProxy } from './helpers/connect-proxy.js';
import { json, startTestServer, type TestServer } from './helpers/test-server.js';

const KEY = 'sk-proxy-0a1b2c3d4e';
/** A name nothing resolves: only a proxy can reach it. */
const HTTPS_TARGET = 'https://pages.pagetui.test';
let server: TestServer;
let proxy: ConnectProxy | undefined;
const { clients, make } = clientsFor(() => HTTPS_TARGET, KEY);
const failure = (p: Promise<unknown>) => failureWithout(KEY, p);

beforeAll(async () => {
  server = await startTestServer();
  server.handle(json(200, { hasMore: false, items: [{ pageId: 'via-proxy' }] }));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await proxy?.close();
  proxy = undefined;
});
afterAll(async () => {
  await server.close();
});

describe('an https service through HTTPS_PROXY (CONNECT)', () => {
  it('a 407 without credentials says where they go, not "cancelled"', async () => {
    proxy = await startConnectProxy({ credentials: 'alice:s3cret' });
    const e = await failure(make({ proxyEnv: { HTTPS_PROXY: `127.0.0.1:${proxy.port}` } }).listPageGroups());
    expect(e).toMatchObject({ kind: 'network', code: 'PROXY_AUTH_REQUIRED', retryable: false });
    expect(e.message).toBe(`The proxy 127.0.0.1:${proxy.port} answered 407: proxy authentication required (put user:pass@ in HTTPS_PROXY).`);
    expect(proxy.seen).toEqual([{ target: 'CONNECT pages.pagetui.test:443', auth: undefined }]);
  });

  it('a 407 to wrong credentials says they were refused and never shows them', async () => {
    proxy = await startConnectProxy({ credentials: 'alice:s3cret' });
    const e = await failure(make({ proxyEnv: { https_proxy: `http://alice:wrong-pass@127.0.0.1:${proxy.port}` } }).listPageGroups());
    expect(e.code).toBe('PROXY_AUTH_REQUIRED');
    expect(e.message).toContain('proxy authentication required (put user:pass@ in https_proxy; the one there was refused)');
    expect(JSON.stringify(e)).not.toContain('wrong-pass');
    expect(e.message).not.toContain('alice');
    expect(proxy.seen[0]?.auth).toBe(`Basic ${Buffer.from('alice:wrong-pass').toString('base64')}`);
  });

  it('a 403 to CONNECT names the proxy, not the service', async () => {
    proxy = await startConnectProxy({ connectAnswer: 403 });
    const e = await failure(make({ proxyEnv: { HTTPS_PROXY: `http://bob:pw-9876@127.0.0.1:${proxy.port}` } }).listPageGroups());
    expect(e).toMatchObject({ kind: 'network', code: 'PROXY_REFUSED', retryable: false });
    expect(e.message).toBe(`The proxy 127.0.0.1:${proxy.port} refused to connect to ${HTTPS_TARGET} (HTTP 403: its rules do not allow it).`);
    expect(JSON.stringify(e)).not.toContain('pw-9876');
  });

  it('a 503 to CONNECT says the proxy could not reach the service', async () => {
    proxy = await startConnectProxy({ connectAnswer: 503 });
    const e = await failure(make({ proxyEnv: { HTTPS_PROXY: `127.0.0.1:${proxy.port}` } }).listPageGroups());
    expect(e).toMatchObject({ code: 'PROXY_ERROR', retryable: true });
    expect(e.message).toBe(`The proxy 127.0.0.1:${proxy.port} could not connect to ${HTTPS_TARGET} (HTTP 503).`);
  });

  it('a proxy that does not answer is named, with its variable, and the service is not blamed', async () => {
    const port = await freePort();
    const e = await failure(make({ proxyEnv: { HTTPS_PROXY: `http://carol:pw-5555@127.0.0.1:${port}` } }).listPageGroups());
    expect(e).toMatchObject({ kind: 'network', code: 'PROXY_UNREACHABLE' });
    expect(e.message).toBe(`Could not connect to the proxy 127.0.0.1:${port} (from HTTPS_PROXY): connection refused.`);
    expect(JSON.stringify(e)).not.toContain('pw-5555');
  });

  it('a proxy variable that is not a URL is a usage error naming it, when the client is made', () => {
    expect(() => createApiClient({ baseUrl: new URL(HTTPS_TARGET), getApiKey: () => KEY, proxyEnv: { HTTPS_PROXY: 'http://[::1' } })).toThrow(
      expect.objectContaining({ kind: 'usage', code: 'BAD_PROXY', message: 'HTTPS_PROXY is not a valid proxy URL: "http://[::1" cannot be parsed (give host:port or http://host:port).' }),
    );
  });
});

describe('a plain-http service through HTTP_PROXY (absolute form)', () => {
  const httpTarget = () => parseBaseUrl(`http://pages.pagetui.test:${server.port}`, { allowInsecureHttp: true });

  it('sends the credentials from the URL and gets the answer', async () => {
    proxy = await startConnectProxy({ credentials: 'alice:s3cret' });
    const page = await make({ baseUrl: httpTarget(), proxyEnv: { http_proxy: `alice:s3cret@127.0.0.1:${proxy.port}` } }).listPageGroups();
    expect(page.items.length).toBe(1);
    expect(proxy.seen[0]?.target).toBe(`http://pages.pagetui.test:${server.port}/v0/page_groups`);
  });

  it('a 407 is said as for CONNECT', async () => {
    proxy = await startConnectProxy({ credentials: 'alice:s3cret' });
    const e = await failure(make({ baseUrl: httpTarget(), proxyEnv: { HTTP_PROXY: `127.0.0.1:${proxy.port}` } }).listPageGroups());
    expect(e.code).toBe('PROXY_AUTH_REQUIRED');
    expect(e.message).toContain('proxy authentication required (put user:pass@ in HTTP_PROXY)');
  });
});

describe('pagetui pages through a proxy', () => {
  const run = async (env: Record<string, string>) => {
    const t = testIo({ PAGETUI_API_KEY: KEY, PAGETUI_BASE_URL: HTTPS_TARGET, ...env });
    const code = await runPages(['grp-1', '--json'], t.io);
    return { code, stderr: t.stderr.text };
  };

  it('a malformed HTTPS_PROXY is a usage error (exit 2) naming the variable', async () => {
    const r = await run({ HTTPS_PROXY: 'http://[::1' });
    expect(r).toEqual({ code: 2, stderr: 'pagetui: HTTPS_PROXY is not a valid proxy URL: "http://[::1" cannot be parsed (give host:port or http://host:port).\n' });
  });

  it('a 407 is one line, exit 6, saying where the credentials go', async () => {
    proxy = await startConnectProxy({ credentials: 'alice:s3cret' });
    const r = await run({ HTTPS_PROXY: `127.0.0.1:${proxy.port}` });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^pagetui: error PROXY_AUTH_REQUIRED.*proxy authentication required \(put user:pass@ in HTTPS_PROXY\)/);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
