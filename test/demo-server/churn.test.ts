import { afterEach, describe, expect, it } from 'vitest';
import { parseDemoServerArgs } from '../../src/demo-server/args.js';
import { churnedPageAt, churnTick, type Churn } from '../../src/demo-server/churn.js';
import { buildGroups } from '../../src/demo-server/data.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { request } from './helpers.js';

const group = buildGroups({ seed: 1, pages: 100, groups: 3, faults: false })[0]!;
const churn: Churn = { renames: 3, startedAt: 0, tickMs: 3000 };
const top = (tick: number) => Array.from({ length: 20 }, (_, i) => churnedPageAt(group, i, 1, churn, tick));

let server: DemoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('demo server --churn', () => {
  it('parses --churn', () => {
    expect(parseDemoServerArgs(['--churn', '3'])).toEqual({ churn: 3 });
  });

  it('per tick: one page appears at the top, one goes, and N are renamed', () => {
    const before = top(4);
    const after = top(5);
    const ids = (pages: typeof before) => pages.map((p) => p.pageId);
    expect(ids(after)[0]).toBe('grp-1-new5');
    expect(ids(after).slice(1, 5)).toEqual(ids(before).slice(0, 4));
    expect(ids(before)).toContain('grp-1-p5');
    expect(ids(after)).not.toContain('grp-1-p5');
    const renamed = after.filter((p) => p.effectiveName?.endsWith('(edit 5)'));
    expect(renamed).toHaveLength(3);
    expect(top(0).map((p) => p.pageId).slice(0, 3)).toEqual(['grp-1-p1', 'grp-1-p2', 'grp-1-p3']);
  });

  it('at a position: the pages above it never change, and those below keep their positions', () => {
    const deep: Churn = { ...churn, at: 10 };
    const at = (tick: number) => Array.from({ length: 30 }, (_, i) => churnedPageAt(group, i, 1, deep, tick).pageId);
    expect(at(3).slice(0, 10)).toEqual(at(0).slice(0, 10));
    expect(at(3).slice(10, 14)).toEqual(['grp-1-new3', 'grp-1-new2', 'grp-1-new1', 'grp-1-p14']);
    expect(at(3).slice(20)).toEqual(at(0).slice(20));
    let tick = 0;
    const stepped: Churn = { ...deep, ticks: () => tick };
    tick = 2;
    expect(churnTick(stepped, 1_000_000)).toBe(2);
  });

  it('serves the churned list of grp-1 over HTTP', async () => {
    server = await startDemoServer({ pages: 50, churn: 2 });
    const res = await request(server, '/v0/page_groups/grp-1/pages?limit=5');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(5);
  });
});
