import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDemoServerArgs } from '../../src/demo-server/args.js';
import { encodeCursor } from '../../src/demo-server/cursor.js';
import { DATA_SHAPES, type DataShape, type PageItem } from '../../src/demo-server/data.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { collectAll, request } from './helpers.js';

const PAGES = 600;
const NAMES = ['effectiveName', 'customName', 'computedName'] as const;
const OPTIONAL = ['pageGroupId', 'tenantId', 'createdAt', 'updatedAt', ...NAMES] as const;
const WITH_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const WIDE = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\uff01-\uff60]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const codePoints = (text: string): number => [...text].length;

const servers = new Map<DataShape, DemoServer>();
const pages = new Map<DataShape, PageItem[]>();
beforeAll(async () => {
  for (const shape of DATA_SHAPES) {
    const server = await startDemoServer({ shape, pages: PAGES, groups: 5 });
    servers.set(shape, server);
    const grp1 = await collectAll(server, '/v0/page_groups/grp-1/pages', 100);
    const grp4 = await collectAll(server, '/v0/page_groups/grp-4/pages', 100);
    pages.set(shape, [...grp1, ...grp4] as PageItem[]);
  }
});
afterAll(() => Promise.all([...servers.values()].map((s) => s.close())));

const of = (shape: DataShape): PageItem[] => pages.get(shape) ?? [];

describe('demo server --shape', () => {
  it('parses --shape and refuses an unknown one in one sentence', () => {
    expect(parseDemoServerArgs(['--shape', 'long', '--no-compress'])).toEqual({ shape: 'long', compress: false });
    expect(() => parseDemoServerArgs(['--shape', 'huge'])).toThrow('--shape must be one of demo, custom, long, sparse, mixed, not "huge".');
  });

  it('demo is the demo data as it always was (page 1 of grp-1, seed 1), and the default', async () => {
    expect(of('demo')[0]).toEqual({
      pageId: 'grp-1-p1',
      pageGroupId: 'grp-1',
      tenantId: 'tenant-demo',
      createdAt: '2024-07-28T00:17:41Z',
      updatedAt: '2024-12-14T02:35:55Z',
      effectiveName: 'Hero signup form 1',
      customName: '',
      computedName: 'Hero signup form 1',
    });
    const plain = await startDemoServer({ pages: PAGES, groups: 5 });
    try {
      const path = '/v0/page_groups/grp-1/pages?limit=100';
      expect((await request(plain, path)).text).toBe((await request(servers.get('demo')!, path)).text);
    } finally {
      await plain.close();
    }
  });

  it('custom: every page has its own customName and computedName, unique across groups, times in ms', () => {
    const list = of('custom');
    for (const page of list) {
      expect(page.customName).toBeTruthy();
      expect(page.computedName).toBeTruthy();
      expect(page.effectiveName).toBe(page.customName);
      expect(page.createdAt).toMatch(WITH_MS);
      expect(page.updatedAt).toMatch(WITH_MS);
    }
    expect(new Set(list.map((p) => p.customName)).size).toBe(list.length);
    expect(new Set(list.map((p) => p.computedName)).size).toBe(list.length);
  });

  it('long: names of 150 to 250 code points, unique, in many scripts with wide characters and emoji', () => {
    const list = of('long');
    const lengths = list.flatMap((p) => NAMES.map((k) => p[k] ?? '').filter((name) => name !== '').map(codePoints));
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(150);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(250);
    expect(Math.max(...lengths)).toBeGreaterThan(230);
    for (const page of list) {
      expect(page.effectiveName).toMatch(WIDE);
      expect(page.createdAt).toMatch(WITH_MS);
    }
    expect(list.filter((p) => EMOJI.test(p.effectiveName ?? '')).length).toBeGreaterThan(list.length / 2);
    const even = (p: PageItem): boolean => Number(/-p(\d+)$/.exec(p.pageId)?.[1]) % 2 === 0;
    expect(list.filter((p) => p.customName !== '')).toEqual(list.filter(even));
    expect(new Set(list.map((p) => p.effectiveName)).size).toBe(list.length);
  });

  it('sparse: only pageId is always there; each optional field is missing on some pages, some pages have no name at all', () => {
    const list = of('sparse');
    for (const page of list) expect(page.pageId).toMatch(/^grp-\d+-p\d+$/);
    for (const field of OPTIONAL) {
      const missing = list.filter((p) => !(field in p)).length;
      expect(missing, field).toBeGreaterThan(list.length / 10);
      expect(missing, field).toBeLessThan(list.length);
    }
    expect(list.some((p) => NAMES.every((k) => !(k in p)))).toBe(true);
  });

  it('mixed: pages of every other shape in one listing', () => {
    const list = of('mixed');
    const isLong = (p: PageItem): boolean => codePoints(p.effectiveName ?? '') >= 150;
    expect(list.filter((p) => p.createdAt !== undefined && WHOLE_SECONDS.test(p.createdAt)).length).toBeGreaterThan(list.length / 5);
    expect(list.filter((p) => p.createdAt !== undefined && WITH_MS.test(p.createdAt) && !isLong(p)).length).toBeGreaterThan(list.length / 10);
    expect(list.filter(isLong).length).toBeGreaterThan(list.length / 10);
    expect(list.filter((p) => OPTIONAL.some((k) => !(k in p))).length).toBeGreaterThan(list.length / 10);
  });

  it('every shape is the same for a seed and differs for another seed', async () => {
    for (const shape of DATA_SHAPES) {
      const again = await startDemoServer({ shape, pages: PAGES, groups: 5 });
      const other = await startDemoServer({ shape, pages: PAGES, groups: 5, seed: 2 });
      try {
        const path = '/v0/page_groups/grp-1/pages?limit=100';
        const text = (await request(servers.get(shape)!, path)).text;
        expect((await request(again, path)).text, shape).toBe(text);
        expect((await request(other, path)).text, shape).not.toBe(text);
      } finally {
        await Promise.all([again.close(), other.close()]);
      }
    }
  });

  it('computes pages on demand: the last page of 1,000,000 in every shape, with compression off', async () => {
    for (const shape of DATA_SHAPES) {
      const server = await startDemoServer({ shape, pages: 1_000_000, compress: false });
      try {
        const res = await request(server, `/v0/page_groups/grp-1/pages?limit=100&cursor=${encodeCursor('grp-1', 999_900)}`);
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body.items.map((p: PageItem) => p.pageId).at(-1)).toBe('grp-1-p1000000');
      } finally {
        await server.close();
      }
    }
  });
});
