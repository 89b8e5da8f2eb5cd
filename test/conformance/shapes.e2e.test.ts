/**
 * Every data shape of the demo server (`--shape`) behind Prism as a validating proxy
 * (`prism proxy --errors`): each answer must match openapi/page-service.yaml. One Prism in front of
 * a small router of our own, which sends each request to the demo server of the shape its API key
 * names (`shape-long` → the `long` server), so one proxy checks them all. That Prism does fail a
 * response off the description is shown in proxy.e2e.test.ts.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SHAPES, type DataShape } from '../../src/demo-server/data.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { SPEC, startPrism, type Prism } from './helpers/prism.js';

const PAGES = 450;
const servers = new Map<string, DemoServer>();
let prism: Prism;

const router = createServer((req, res) => {
  const key = String(req.headers['x-api-key'] ?? '');
  const upstream = servers.get(key.replace(/^shape-/, ''));
  if (upstream === undefined) {
    res.writeHead(404).end();
    return;
  }
  fetch(`${upstream.url}${req.url ?? '/'}`, { headers: { 'x-api-key': key, 'accept-encoding': 'identity' } })
    .then(async (answer) => {
      const body = await answer.text();
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '', 'x-request-id': answer.headers.get('x-request-id') ?? '' });
      res.end(body);
    })
    .catch(() => res.writeHead(502).end());
});
const routerUrl = onLoopback(router);

beforeAll(async () => {
  for (const shape of DATA_SHAPES) servers.set(shape, await startDemoServer({ shape, pages: PAGES, groups: 4 }));
  prism = await startPrism('proxy', SPEC, ['--errors'], routerUrl());
}, 100_000);
afterAll(async () => {
  await prism?.stop();
  await Promise.all([...servers.values()].map((s) => s.close()));
});

const TROUBLE = /[Vv]iolation|VIOLATIONS|UNPROCESSABLE_ENTITY|Request terminated with error|NO_PATH_MATCHED/;

async function listThroughPrism(shape: DataShape, path: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const query = `limit=100${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const res = await fetch(`${prism.url}${path}?${query}`, { headers: { 'x-api-key': `shape-${shape}` } });
    const body = (await res.json()) as { hasMore: boolean; items: Record<string, unknown>[]; nextCursor?: string };
    expect(res.status, JSON.stringify(body).slice(0, 500)).toBe(200);
    items.push(...body.items);
    if (!body.hasMore) return items;
    cursor = body.nextCursor;
  }
  throw new Error('the listing did not end');
}

describe('every data shape conforms to the description', () => {
  it.each(DATA_SHAPES)('%s: the group list and every page of grp-1 and grp-3 pass the validating proxy', async (shape) => {
    expect(await listThroughPrism(shape, '/v0/page_groups')).toHaveLength(4);
    expect(await listThroughPrism(shape, '/v0/page_groups/grp-1/pages')).toHaveLength(PAGES);
    expect(await listThroughPrism(shape, '/v0/page_groups/grp-3/pages')).toHaveLength(40);
    expect(prism.log()).not.toMatch(TROUBLE);
  }, 60_000);
});
