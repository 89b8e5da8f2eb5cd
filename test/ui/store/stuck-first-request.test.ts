/**
 * The first request stuck behind a proxy that takes the connection and never answers its CONNECT
 * (or answers it and then goes silent): the status says what it waits for and the limit, and Esc
 * or `r` stop the wait, leaving the first screen with the error and `r` to retry it.
 */
import { afterEach, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/http/client.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { describeStatus, errorParagraph } from '../../../src/ui/store/status.js';
import { waitFor } from '../../helpers/wait-for.js';
import { startSilentServer, type SilentServer } from '../../helpers/silent-server.js';

let server: SilentServer | undefined;
let client: ApiClient | undefined;
let store: AppStore | undefined;

async function stallingProxy(mode: 'silent' | 'connect-ok'): Promise<SilentServer> {
  server = await startSilentServer(mode);
  return server;
}

function storeThrough(port: number): AppStore {
  client = createApiClient({
    baseUrl: new URL('https://pages.pagetui.test'),
    getApiKey: () => 'sk-stuck-first-1234',
    timeout: { ms: 30_000, source: '--timeout' },
    proxyEnv: { HTTPS_PROXY: `127.0.0.1:${port}` },
  });
  store = new AppStore({ client, columns: 120, rows: 30, pageSize: 100 });
  store.start();
  return store;
}

afterEach(async () => {
  store?.dispose();
  await client?.close();
  await server?.close();
  store = client = server = undefined;
});

const statusAfter = (s: AppStore, seconds: number): string => {
  const pager = s.getSnapshot().pager;
  return describeStatus(pager, undefined, (pager.loadingSince ?? 0) + seconds * 1000).right;
};

it('the wait names the proxy that owes its answer to the CONNECT, and the limit', async () => {
  const proxy = await stallingProxy('silent');
  const s = storeThrough(proxy.port);
  await waitFor('the CONNECT sent', () => proxy.connections() === 1 && client?.waitingFor?.() !== undefined, 5000);
  expect(statusAfter(s, 20)).toBe(`0 loaded, waiting for the proxy 127.0.0.1:${proxy.port} (from HTTPS_PROXY) — 20 s of 30 s`);
}, 10_000);

it('once the CONNECT is answered, the wait is for the service', async () => {
  const proxy = await stallingProxy('connect-ok');
  const s = storeThrough(proxy.port);
  await waitFor('the CONNECT answered', () => proxy.connections() === 1 && client?.waitingFor?.() === undefined && s.getSnapshot().pager.state === 'loading', 5000);
  // The TLS handshake then waits on a silent tunnel: the proxy answered, the service did not.
  await waitFor('the tunnel up', () => statusAfter(s, 7) === '0 loaded, waiting for the service — 7 s of 30 s', 5000);
}, 10_000);

for (const key of ['back', 'refresh'] as const) {
  it(`${key === 'back' ? 'Esc' : 'r'} during the stuck first request stops it: the error says what it waited for, and r retries`, async () => {
    const proxy = await stallingProxy('silent');
    const s = storeThrough(proxy.port);
    await waitFor('the CONNECT sent', () => proxy.connections() === 1 && client?.waitingFor?.() !== undefined, 5000);
    s.command(key);
    const snap = s.getSnapshot();
    expect(snap.pager.state).toBe('error');
    expect(snap.refreshing).toBeUndefined();
    const error = snap.pager.error;
    expect(error).toBeDefined();
    if (error === undefined) return;
    expect(errorParagraph(error)).toMatch(new RegExp(`^STOPPED — Stopped waiting for the proxy 127\\.0\\.0\\.1:${proxy.port} \\(from HTTPS_PROXY\\) after \\d+ s \\(of 30 s, --timeout\\)\\. r retries\\.$`));
    // r then sends the first request again.
    s.command('refresh');
    expect(s.getSnapshot().pager.state).toBe('loading');
    await waitFor('a second CONNECT', () => proxy.connections() === 2, 5000);
  }, 10_000);
}

it("Esc on a group's pages whose first request hangs stops it there (the screen says Esc stops it); Esc again goes back", async () => {
  const { createServer } = await import('node:http');
  const hung = createServer((req, res) => {
    if (req.url?.startsWith('/v0/page_groups?') || req.url === '/v0/page_groups') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ items: [{ pageGroupId: 'grp-1', title: 'One', status: 'published' }], hasMore: false }));
    }
    // /v0/page_groups/grp-1/pages: never answered.
  });
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  const port = (hung.address() as { port: number }).port;
  try {
    client = createApiClient({ baseUrl: new URL(`http://127.0.0.1:${port}`), getApiKey: () => 'sk-stuck-first-1234', timeout: { ms: 30_000, source: '--timeout' } });
    const s = new AppStore({ client, columns: 120, rows: 30, pageSize: 100 });
    store = s;
    s.start();
    await waitFor('the groups', () => s.getSnapshot().pager.items.length === 1, 5000);
    s.command('open');
    await waitFor('the pages requested', () => s.getSnapshot().route === 'pages' && s.getSnapshot().pager.state === 'loading', 5000);
    // The status offers Esc to stop once the request has waited a second.
    await waitFor('a second of waiting', () => Date.now() - (s.getSnapshot().pager.loadingSince ?? Date.now()) >= 1000, 5000);
    s.command('back');
    expect(s.getSnapshot().route).toBe('pages');
    expect(s.getSnapshot().pager.state).toBe('error');
    s.command('back');
    expect(s.getSnapshot().route).toBe('groups');
  } finally {
    store?.dispose();
    store = undefined;
    hung.closeAllConnections();
    await new Promise((resolve) => hung.close(resolve));
  }
}, 10_000);
