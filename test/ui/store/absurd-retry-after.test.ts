/**
 * A 429 whose Retry-After asks for thousands of years, over a real client and a server of the
 * test's own: the first 429 is a rate limit waited out (capped), not "after several retries"; `r`
 * sends the request once more, as the status line offers; other lists are not locked out for a day.
 */
import { afterEach, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/http/client.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { describeStatus } from '../../../src/ui/store/status.js';
import { startTestServer, type TestServer } from '../../api/helpers/test-server.js';
import { waitFor } from '../../helpers/wait-for.js';

const KEY = 'sk-test-absurd-429-81c3';
let server: TestServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

async function limitedStore(headers: Record<string, string>): Promise<{ store: AppStore; server: TestServer }> {
  server = await startTestServer((_req, res) => {
    res.writeHead(429, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests.' } }));
  });
  client = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => KEY });
  const store = new AppStore({ client, columns: 80, rows: 24 });
  store.start();
  await waitFor('the first 429', () => server?.requests.length === 1 && store.getSnapshot().pager.state !== 'loading', 3000);
  return { store, server };
}

it.each([
  ['Retry-After in thousands of years', { 'retry-after': '999999999999' }],
  ['an HTTP-date in 2099', { 'retry-after': 'Thu, 01 Jan 2099 00:00:00 GMT' }],
  ['with a RateLimit field of nothing left for 31 years', { 'retry-after': '999999999999', ratelimit: '"default";r=0;t=999999999', 'ratelimit-policy': '"default";q=100;w=60' }],
])('%s: a capped wait, said as a wait; r tries once now', async (_name, headers) => {
  const { store, server: s } = await limitedStore(headers);
  const snap = store.getSnapshot();
  expect(snap.pager.state).toBe('rate-limited');
  const said = describeStatus(snap.pager, snap.toast, Date.now()).message;
  expect(said?.text).not.toMatch(/several retries/);
  store.command('refresh');
  await waitFor('r to send the request once more', () => s.requests.length === 2, 3000);
  store.dispose();
});

it('r pressed again and again during a day-long wait: each press sends one request, nothing goes unasked', async () => {
  const { store, server: s } = await limitedStore({ 'retry-after': '999999999999', ratelimit: '"default";r=0;t=999999999', 'ratelimit-policy': '"default";q=100;w=60' });
  // More presses than the automatic waits allowed in a row: each sends its one request.
  for (let i = 0; i < 6; i++) {
    store.command('refresh');
    await waitFor('r to send one request', () => s.requests.length === 2 + i, 3000);
    await waitFor('the answer', () => store.getSnapshot().pager.state !== 'loading', 3000);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(s.requests).toHaveLength(7);
  const snap = store.getSnapshot();
  expect(describeStatus(snap.pager, snap.toast, Date.now()).message?.text).not.toMatch(/several retries/);
  store.dispose();
});

it('groups opened in turn during a day-long wait send nothing by themselves; r on any of them sends one request', async () => {
  server = await startTestServer((req, res) => {
    if (req.url?.startsWith('/v0/page_groups?') === true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ items: Array.from({ length: 8 }, (_, i) => ({ pageGroupId: `g-${i + 1}`, title: `Group ${i + 1}` })), hasMore: false }));
      return;
    }
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '999999999999' });
    res.end(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests.' } }));
  });
  const s = server;
  client = createApiClient({ baseUrl: new URL(s.origin), getApiKey: () => KEY });
  const store = new AppStore({ client, columns: 80, rows: 24 });
  store.start();
  await waitFor('the groups', () => store.getSnapshot().pager.items.length === 8, 3000);
  store.command('open');
  await waitFor('the first group to be limited', () => s.requests.length === 2 && store.getSnapshot().pager.state === 'rate-limited', 3000);
  for (let i = 0; i < 6; i++) {
    store.command('back');
    store.command('moveDown');
    store.command('open');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Refused by the client while the wait stands: not one more request.
  expect(s.requests).toHaveLength(2);
  const snap = store.getSnapshot();
  expect(describeStatus(snap.pager, snap.toast, Date.now()).message?.text).not.toMatch(/several retries/);
  store.command('refresh');
  await waitFor('r to send one request', () => s.requests.length === 3, 3000);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(s.requests).toHaveLength(3);
  store.dispose();
});
