/** The client's peek methods against the demo server: the same pages as the plain calls, parsed later. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { ExchangeLog } from '../../src/api/inspector/exchange-log.js';
import { isPeekedPage } from '../../src/api/pager/peeked-page.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';

let demo: DemoServer;
let client: ApiClient;
const log = new ExchangeLog();

beforeAll(async () => {
  demo = await startDemoServer({ pages: 250, groups: 3 });
  client = createApiClient({ baseUrl: parseBaseUrl(demo.url, {}), getApiKey: () => demo.apiKey, observer: log });
});
afterAll(async () => {
  await client.close();
  await demo.close();
});

/** A client of the demo server recording into a log of its own, closed after `use`. */
async function withOwnLog(use: (client: ReturnType<typeof createApiClient>, log: ExchangeLog) => Promise<void>): Promise<void> {
  const own = new ExchangeLog();
  const client = createApiClient({ baseUrl: parseBaseUrl(demo.url, {}), getApiKey: () => demo.apiKey, observer: own });
  try {
    await use(client, own);
  } finally {
    await client.close();
  }
}

describe('client peek methods', () => {
  it('hand back a page that says more follows peeked, whose parse is the plain call\'s page', async () => {
    const first = await client.peekPages('grp-1', { limit: 100 });
    if (!isPeekedPage(first)) throw new Error('the first page was not peeked');
    const plain = await client.listPages('grp-1', { limit: 100 });
    expect(first.nextCursor).toBe(plain.nextCursor);
    const parsed = first.parse();
    expect(parsed.items).toEqual(plain.items);
    expect(parsed).toMatchObject({ hasMore: true, nextCursor: plain.nextCursor, warnings: plain.warnings });
    expect(parsed.source?.bytes.length).toBeGreaterThan(0);
    // The inspector hears of the page's items once it is parsed.
    const exchange = log.entries().find((e) => e.items !== undefined && e.cursor === undefined);
    expect(exchange?.items).toBe(100);

    const groups = await client.peekPageGroups({ limit: 2 });
    expect(isPeekedPage(groups)).toBe(true);
  });

  it('hand back the last page parsed (it ends the listing: nothing to send ahead)', async () => {
    const first = await client.peekPages('grp-1', { limit: 100 });
    const second = await client.peekPages('grp-1', { limit: 100, cursor: isPeekedPage(first) ? first.nextCursor : '' });
    const third = await client.peekPages('grp-1', { limit: 100, cursor: isPeekedPage(second) ? second.nextCursor : '' });
    if (isPeekedPage(third)) throw new Error('the last page was peeked');
    expect(third).toMatchObject({ hasMore: false });
    expect(third.items).toHaveLength(50);
  });

  it('record a peeked page in the exchange log, with its body, once it is parsed (its record and the body\'s search for the key are not on the way to the next request)', async () => {
    await withOwnLog(async (c, own) => {
      const first = await c.peekPages('grp-1', { limit: 100 });
      if (!isPeekedPage(first)) throw new Error('the first page was not peeked');
      expect(own.entries().filter((e) => e.path.includes('/pages'))).toHaveLength(0);
      first.parse();
      const exchange = own.entries().at(-1);
      expect(exchange).toMatchObject({ status: 200, path: expect.stringContaining('/pages') });
      expect(exchange?.body?.text).toContain(`"nextCursor":"${first.nextCursor}"`);
      expect(exchange?.items).toBe(100);
      // A page that is not peeked (the last) has its body at once.
      const last = await c.peekPages('grp-1', { limit: 100, cursor: first.nextCursor });
      const second = isPeekedPage(last) ? await c.peekPages('grp-1', { limit: 100, cursor: last.nextCursor }) : last;
      expect(isPeekedPage(second)).toBe(false);
      expect(own.entries().at(-1)?.body?.text).toContain('"hasMore":false');
    });
  });

  it('record a peeked page that is never parsed (its listing gone) when it is settled, without its body', async () => {
    await withOwnLog(async (c, own) => {
      const first = await c.peekPages('grp-1', { limit: 100 });
      if (!isPeekedPage(first)) throw new Error('the first page was not peeked');
      first.settle();
      expect(own.entries().at(-1)).toMatchObject({ status: 200, path: expect.stringContaining('/pages') });
      expect(own.entries().at(-1)?.body).toBeUndefined();
      first.parse();
      expect(own.entries()).toHaveLength(1);
    });
  });

  it('report errors as the plain calls do', async () => {
    await expect(client.peekPages('no-such-group', { limit: 100 })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(client.peekPages('')).rejects.toMatchObject({ kind: 'usage', code: 'BAD_ID' });
  });
});
