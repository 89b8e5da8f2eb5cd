import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/http/client.js';
import { Pager } from '../../src/api/pager/pager.js';
import { itemId } from '../../src/api/items.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ pages: 2000 });
});
afterAll(() => server.close());

it('loads a whole listing, page after page, over one keep-alive connection', async () => {
  const client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server.apiKey });
  const before = server.connections();
  const pager = new Pager((cursor, signal) => client.listPages('grp-1', { cursor, limit: 100, signal }), {
    idOf: (raw) => itemId('page', raw),
  });
  await new Promise<void>((resolve) => {
    pager.subscribe(() => {
      if (pager.getSnapshot().state === 'done') resolve();
    });
    pager.ensure(Number.POSITIVE_INFINITY);
  });
  expect(pager.getSnapshot().items).toHaveLength(2000);
  expect(pager.getSnapshot().pagesFetched).toBe(20);
  expect(server.connections() - before).toBe(1);
  pager.dispose();
  await client.close();
});

it('reports the x-request-id header when an error body has no requestId', async () => {
  const client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server.apiKey });
  const { startDemoServer: start } = await import('../../src/demo-server/index.js');
  const faulty = await start({ faults: true });
  try {
    const other = createApiClient({ baseUrl: new URL(faulty.url), getApiKey: () => faulty.apiKey });
    const error = await other.listPages('fault-bad-gateway').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, requestId: expect.stringMatching(/^req-/) });
    await other.close();
  } finally {
    await faulty.close();
    await client.close();
  }
});
