/**
 * `r` while a later page hangs (the service took the request for page 3 and never answers): the
 * hung request is stopped first, then the refresh starts, so one listing never has two requests in
 * flight, and the refresh replaces the rows as usual.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/http/client.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { onLoopback } from '../../helpers/loopback-server.js';
import { waitFor } from '../../helpers/wait-for.js';
import { groupsOf, pagesOf } from './helpers.js';

const PAGE = 100;
const PAGES = pagesOf('g-1', 1000);
/** The page-3 request hangs while this is true (the first listing's); later ones are answered. */
let hangPage3 = true;
/** The first page fails while this is true (a refresh that fails). */
let failFirstPage = false;
/** Requests for g-1's pages taken and neither answered nor closed, now and at most at once. */
let inFlight = 0;
let mostInFlight = 0;
const pageRequests: string[] = [];

function list(res: ServerResponse, items: readonly unknown[], offset: number): void {
  const next = offset + PAGE;
  const more = next < items.length;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ items: items.slice(offset, next), hasMore: more, ...(more ? { nextCursor: `c${next}` } : {}) }));
}

/**
 * The key of the test running: a request of an earlier test's store that reaches the server late
 * (its prefetch, on a loaded machine) is refused and not counted, so it cannot pass for this one's.
 */
let currentKey = '';
let keys = 0;

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.headers['x-api-key'] !== currentKey) {
    res.statusCode = 503;
    res.end();
    return;
  }
  const offset = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
  if (!url.pathname.endsWith('/pages')) return list(res, groupsOf(3), offset);
  pageRequests.push(`c${offset}`);
  inFlight++;
  mostInFlight = Math.max(mostInFlight, inFlight);
  let open = true;
  const key = currentKey;
  const done = (): void => {
    // One that ends after its test did is not this test's to count.
    if (open && key === currentKey) inFlight--;
    open = false;
  };
  res.on('close', done);
  if (offset === 2 * PAGE && hangPage3) return; // never answered
  if (offset === 0 && failFirstPage) {
    res.statusCode = 503;
    res.end();
    return done();
  }
  list(res, PAGES, offset);
  done();
});
const base = onLoopback(server);

let client: ApiClient | undefined;
let store: AppStore | undefined;
afterEach(async () => {
  hangPage3 = true;
  failFirstPage = false;
  currentKey = '';
  inFlight = 0;
  pageRequests.length = 0;
  mostInFlight = 0;
  store?.dispose();
  await client?.close();
  store = client = undefined;
});

/** A store on g-1 with page 3 asked for and hanging. */
async function onHungPage3(): Promise<AppStore> {
  const key = `sk-hung-page-${++keys}`;
  currentKey = key;
  client = createApiClient({ baseUrl: new URL(base()), getApiKey: () => key, timeout: { ms: 60_000, source: '--timeout' } });
  store = new AppStore({ client, columns: 100, rows: 30, pageSize: PAGE });
  const app = store;
  app.start();
  await waitFor('the groups', () => app.getSnapshot().visible.items.length === 3);
  app.command('open');
  await waitFor('the first page', () => app.getSnapshot().pager.items.length === PAGE);
  // Down to the second page's end: page 3 is asked for, and hangs.
  const deadline = Date.now() + 20_000;
  while (!pageRequests.includes(`c${2 * PAGE}`)) {
    if (Date.now() > deadline) throw new Error(`page 3 never asked for: ${pageRequests.join(' ')}, ${app.getSnapshot().pager.items.length} loaded`);
    app.command('pageDown');
    await new Promise((resolve) => setImmediate(resolve));
  }
  await waitFor('page 3 in flight', () => inFlight === 1 && app.getSnapshot().pager.items.length === 2 * PAGE);
  return app;
}

it('r on a hung page 3 stops it, then refreshes: never two requests for the listing in flight', async () => {
  const app = await onHungPage3();
  hangPage3 = false;
  const asked = pageRequests.length;
  app.command('refresh');
  await waitFor('the refresh’s first page asked for', () => pageRequests.length > asked);
  expect(pageRequests[asked]).toBe('c0');
  await waitFor('the refresh to replace the rows', () => app.getSnapshot().refreshing === undefined && inFlight === 0, 10_000);
  expect(mostInFlight).toBe(1);
  expect(app.getSnapshot().pager.items.length).toBeGreaterThanOrEqual(2 * PAGE);
}, 90_000);

it('a refresh that fails leaves the shown listing free to load on', async () => {
  const app = await onHungPage3();
  hangPage3 = false;
  failFirstPage = true;
  app.command('refresh');
  await waitFor('the refresh to fail', () => app.getSnapshot().refreshing?.state === 'error', 10_000);
  const asked = pageRequests.length;
  app.command('pageDown');
  await waitFor('page 3 asked for again by the shown listing', () => pageRequests.slice(asked).includes(`c${2 * PAGE}`), 10_000);
  await waitFor('page 3 loaded', () => app.getSnapshot().pager.items.length >= 3 * PAGE, 10_000);
  expect(mostInFlight).toBe(1);
}, 90_000);
