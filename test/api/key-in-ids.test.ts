/**
 * A key that shares a run of 8 characters with the service's ids (`x9grp-1-p100y` holds
 * `grp-1-p1`): the ids are shown with that run masked, and masked ids collide (`grp-1-p1`,
 * `grp-1-p10`, … all read `••••…`). No row may be lost to that: items are told apart by the ids
 * the service sent, not by how they are shown.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { itemId } from '../../src/api/items.js';
import { itemArray } from '../../src/api/pager/packed-items.js';
import { Pager } from '../../src/api/pager/pager.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';

const KEY = 'x9grp-1-p100y';
let demo: DemoServer;
let client: ApiClient;

beforeAll(async () => {
  demo = await startDemoServer({ pages: 1200 });
  client = createApiClient({ baseUrl: parseBaseUrl(demo.url, {}), getApiKey: () => KEY });
});
afterAll(async () => {
  await client.close();
  await demo.close();
});

it('loads every page of a group whose ids hold 8 characters of the key, shown masked, none dropped as a duplicate', async () => {
  const pager = new Pager((cursor, signal) => client.listPages('grp-1', { cursor, limit: 100, signal }), { idOf: (r) => itemId('page', r) });
  pager.loadAll();
  const done = await new Promise<ReturnType<Pager['getSnapshot']>>((resolve) => {
    const check = (): void => {
      const s = pager.getSnapshot();
      if (s.state === 'done' || s.state === 'error') resolve(s);
    };
    pager.subscribe(check);
    check();
  });
  expect(done.state).toBe('done');
  expect(done.warnings.join(' ')).not.toMatch(/more than once/);
  const items = itemArray(done.items);
  expect(items).toHaveLength(1200);
  const shown = items.map((i) => String((i as { pageId?: unknown }).pageId));
  expect(shown).toContain('grp-1-p2');
  expect(shown.filter((id) => id.includes('grp-1-p1'))).toHaveLength(0);
  expect(shown.filter((id) => id.includes('••••')).length).toBeGreaterThan(100);
  pager.dispose();
});
