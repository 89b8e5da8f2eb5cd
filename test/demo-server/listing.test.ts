import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { collectAll, request } from './helpers.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const EPOCH = Date.UTC(2025, 0, 1);
const YEAR = 365 * 24 * 3600 * 1000;

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ pages: 250 });
});
afterAll(() => server.close());

describe('GET /v0/page_groups', () => {
  it('returns the envelope with 20 groups by default, in server order', async () => {
    const res = await request(server, '/v0/page_groups');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.hasMore).toBe(true);
    expect(typeof res.body.nextCursor).toBe('string');
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items.slice(0, 4).map((g: any) => g.pageGroupId)).toEqual(['grp-1', 'grp-2', 'grp-3', 'grp-4']);
  });

  it('lists every group once with all fields filled, all three statuses present', async () => {
    const groups = await collectAll(server, '/v0/page_groups', 7);
    expect(groups.map((g) => g.pageGroupId)).toEqual(Array.from({ length: 36 }, (_, i) => `grp-${i + 1}`));
    for (const g of groups) {
      expect(Object.keys(g).sort()).toEqual(
        ['createdAt', 'goal', 'pageCount', 'pageGroupId', 'slug', 'status', 'templateId', 'tenantId', 'title', 'updatedAt'].sort(),
      );
      expect(g.tenantId).toBe('tenant-demo');
      expect(g.title.length).toBeGreaterThan(0);
      expect(g.slug).toMatch(/^[a-z0-9-]+$/);
      expect(['draft', 'published', 'archived']).toContain(g.status);
      expect(g.createdAt).toMatch(ISO);
      const created = Date.parse(g.createdAt);
      const updated = Date.parse(g.updatedAt);
      expect(created).toBeGreaterThanOrEqual(EPOCH - YEAR);
      expect(updated).toBeGreaterThanOrEqual(created);
      expect(updated).toBeLessThanOrEqual(EPOCH);
      expect(Number.isInteger(g.pageCount)).toBe(true);
      expect(g.pageCount).toBeGreaterThanOrEqual(0);
      expect(g.pageCount).toBeLessThanOrEqual(250);
    }
    expect(new Set(groups.map((g) => g.status))).toEqual(new Set(['draft', 'published', 'archived']));
    expect(groups[0].pageCount).toBe(250);
    expect(groups[1].pageCount).toBe(0);
    expect(groups[2].pageCount).toBe(40);
  });

  it('is deterministic for a seed and differs for another seed', async () => {
    const again = await startDemoServer({ pages: 250 });
    const other = await startDemoServer({ pages: 250, seed: 2 });
    try {
      const a = (await request(server, '/v0/page_groups?limit=100')).text;
      const b = (await request(again, '/v0/page_groups?limit=100')).text;
      const c = (await request(other, '/v0/page_groups?limit=100')).text;
      expect(b).toBe(a);
      expect(c).not.toBe(a);
    } finally {
      await again.close();
      await other.close();
    }
  });
});

describe('GET /v0/page_groups/{id}/pages', () => {
  it('returns pages with exactly the spec fields', async () => {
    const res = await request(server, '/v0/page_groups/grp-1/pages?limit=5');
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(true);
    expect(res.body.items).toHaveLength(5);
    const page = res.body.items[0];
    expect(Object.keys(page).sort()).toEqual(
      ['computedName', 'createdAt', 'customName', 'effectiveName', 'pageGroupId', 'pageId', 'tenantId', 'updatedAt'].sort(),
    );
    expect(page.pageId).toBe('grp-1-p1');
    expect(page.pageGroupId).toBe('grp-1');
    expect(page.tenantId).toBe('tenant-demo');
    expect(page.createdAt).toMatch(ISO);
    expect(Date.parse(page.updatedAt)).toBeGreaterThanOrEqual(Date.parse(page.createdAt));
  });

  it('follows cursors over a whole group: every page exactly once, in order', async () => {
    const pages = await collectAll(server, '/v0/page_groups/grp-1/pages', 33);
    expect(pages.map((p) => p.pageId)).toEqual(Array.from({ length: 250 }, (_, i) => `grp-1-p${i + 1}`));
    const custom = pages.filter((p) => p.customName !== '');
    expect(custom.length).toBeGreaterThan(0);
    expect(custom.length).toBeLessThan(pages.length / 2);
    for (const p of pages) {
      expect(p.effectiveName).toBe(p.customName || p.computedName);
      expect(p.computedName.length).toBeGreaterThan(0);
    }
  });

  it('omits nextCursor on the last page', async () => {
    const res = await request(server, '/v0/page_groups/grp-1/pages?limit=100&cursor=' + (await lastCursor()));
    expect(res.body.hasMore).toBe(false);
    expect(res.body.items).toHaveLength(50);
    expect('nextCursor' in res.body).toBe(false);
  });

  it('answers an empty group with no items and no cursor', async () => {
    const res = await request(server, '/v0/page_groups/grp-2/pages');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hasMore: false, items: [] });
  });

  it('has names in several scripts in grp-3', async () => {
    const pages = await collectAll(server, '/v0/page_groups/grp-3/pages', 100);
    expect(pages).toHaveLength(40);
    const names = pages.map((p) => p.effectiveName + ' ' + p.computedName).join(' ');
    expect(names).toMatch(/\p{Script=Han}/u);
    expect(names).toMatch(/\p{Script=Arabic}/u);
    expect(names).toMatch(/\p{Extended_Pictographic}/u);
    expect(names).toMatch(/[éèçñü]/);
    expect(Math.max(...pages.map((p) => p.computedName.length))).toBeGreaterThan(120);
  });

  it.each(['0', '101', '1.5', 'x', '', '-1'])('rejects limit=%s with 400 VALIDATION_ERROR', async (limit) => {
    for (const path of ['/v0/page_groups/grp-1/pages', '/v0/page_groups']) {
      const res = await request(server, `${path}?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.field).toBe('limit');
      expect(typeof res.body.details.reason).toBe('string');
      expect(res.body.requestId).toMatch(/^req-\d{6}$/);
    }
  });

  it('accepts limit 1 and 100', async () => {
    expect((await request(server, '/v0/page_groups/grp-1/pages?limit=1')).body.items).toHaveLength(1);
    expect((await request(server, '/v0/page_groups/grp-1/pages?limit=100')).body.items).toHaveLength(100);
  });

  it('rejects a garbage cursor and a cursor from another listing', async () => {
    const garbage = await request(server, '/v0/page_groups/grp-1/pages?cursor=not-a-cursor');
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe('VALIDATION_ERROR');
    expect(garbage.body.details.field).toBe('cursor');

    const fromGroups = (await request(server, '/v0/page_groups?limit=5')).body.nextCursor;
    const foreign = await request(server, `/v0/page_groups/grp-1/pages?cursor=${fromGroups}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.field).toBe('cursor');

    const fromGrp1 = (await request(server, '/v0/page_groups/grp-1/pages?limit=5')).body.nextCursor;
    const otherGroup = await request(server, `/v0/page_groups/grp-4/pages?cursor=${fromGrp1}`);
    expect(otherGroup.status).toBe(400);
    expect(otherGroup.body.details.field).toBe('cursor');
  });
});

async function lastCursor(): Promise<string> {
  const first = await request(server, '/v0/page_groups/grp-1/pages?limit=100');
  const second = await request(server, `/v0/page_groups/grp-1/pages?limit=100&cursor=${first.body.nextCursor}`);
  return second.body.nextCursor;
}
