/**
 * A page read ahead in the background waits for a far-off quota reset; once the user moves onto
 * the rows it would bring, the request is theirs: it goes now (the server's 429 would enforce the
 * quota), not at tomorrow's reset. Over a real client and a server of the test's own.
 */
import { afterEach, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { listPager } from '../../src/api/pager/list-pager.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { waitFor } from '../helpers/wait-for.js';

let server: TestServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

it('a background request still waiting for the quota goes at once when the screen needs its rows', async () => {
  server = await startTestServer((req, res) => {
    const cursor = new URL(req.url ?? '/', 'http://x').searchParams.get('cursor');
    const from = cursor === null ? 0 : Number(cursor);
    res.writeHead(200, { 'content-type': 'application/json', 'ratelimit-policy': '"q";q=100;w=60', ratelimit: '"q";r=0;t=315360000' });
    res.end(JSON.stringify({ items: Array.from({ length: 20 }, (_, i) => ({ pageId: `p${from + i + 1}` })), hasMore: true, nextCursor: String(from + 20) }));
  });
  const s = server;
  client = createApiClient({ baseUrl: new URL(s.origin), getApiKey: () => 'k' });
  const pager = listPager(client, 'pages', 'g', 20);
  // The screen shows 20 rows; 40 are wanted (a page read ahead).
  pager.ensure(40, 20);
  await waitFor('the first page', () => pager.getSnapshot().items.length === 20, 3000);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // The page ahead waits for the quota's reset (a day off): nothing sent.
  expect(s.requests).toHaveLength(1);
  // The user moves onto rows 21–40: they are on screen now.
  pager.ensure(40, 40);
  await waitFor('the rows the screen needs', () => pager.getSnapshot().items.length === 40, 3000);
  expect(s.requests).toHaveLength(2);
  pager.dispose();
});
