/**
 * The filter's query language and saved views, through the built app in a pty against the demo
 * server: a query filters as docs/queries.md says, bad syntax shows its column while the rows
 * stay, V saves the view into the config file and `pagetui open --view` starts with it again.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { fetchAll, startApp, type Item } from './power-helpers.js';

let server: DemoServer;
let groups: Item[];
const dirs: string[] = [];

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
  groups = await fetchAll(server, '/v0/page_groups');
});

afterAll(async () => {
  await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshHome(): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'pagetui-views-'));
  dirs.push(dir);
  return { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
}

const QUERY = 'status:draft pages>=100';
const matching = (loaded: number) => groups.slice(0, loaded).filter((g) => g.status === 'draft' && Number(g.pageCount) >= 100).length;
/** "12 of 60 match" once all is loaded, "12 of 100 loaded match — …" before. */
const SUMMARY = /([\d,]+) of ([\d,]+)( loaded)? match/;
const numbers = (s: string) => (SUMMARY.exec(s) ?? []).slice(1, 3).map((n) => Number(String(n).replace(/,/g, '')));

describe('queries and saved views', () => {
  it('filters by the query, shows bad syntax with its column, saves the view with V and reopens it with open --view', async () => {
    const env = freshHome();
    const app = startApp(server, { env, cols: 120 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('/');
      await app.waitFor('/ type to filter');
      app.write(QUERY);
      const shown = await app.waitFor((s) => SUMMARY.test(s) && numbers(s)[0] === matching(numbers(s)[1] ?? 0) && s.includes(`/ ${QUERY}`));
      const [matches] = numbers(shown);
      expect(matches).toBeGreaterThan(0);

      // Bad syntax: the column and the problem in the prompt, and the rows stay.
      app.write(' |');
      const bad = await app.waitFor('col 25: nothing after "|"');
      expect(numbers(bad)[0]).toBe(matches);
      app.write('\u007f\u007f\r');
      await app.waitFor((s) => !s.includes('col 25') && s.includes(`filter: "${QUERY}"`));

      app.write('V');
      await app.waitFor('view name:');
      app.write('big drafts\r');
      await app.waitFor('View "big drafts" saved in');
      const config = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME as string, 'pagetui', 'config.json'), 'utf8'));
      expect(config).toEqual({ views: { 'big drafts': { screen: 'groups', query: QUERY } } });

      // v lists it; Esc closes the picker.
      app.write('\u001b');
      await app.waitFor((s) => !s.includes(`filter: "${QUERY}"`));
      app.write('v');
      await app.waitFor('Saved views (1)');
      app.write('\r');
      await app.waitFor(`filter: "${QUERY}"`);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }

    const again = startApp(server, { env, cols: 120 }, ['open', '--view', 'big drafts']);
    try {
      const screen = await again.waitFor((s) => s.includes(`filter: "${QUERY}"`) && numbers(s)[1] === groups.length && numbers(s)[0] === matching(groups.length));
      expect(numbers(screen)[0]).toBeGreaterThan(0);
    } finally {
      again.kill();
    }
  });

  it('a bare /regex/ tests the title, id and slug each on its own: ^ and $ anchor every field, with - and |', async () => {
    const app = startApp(server, { env: freshHome(), cols: 120 });
    const fields = (g: Item) => [g.title, g.pageGroupId, g.slug].map((v) => String(v ?? '').toLowerCase());
    const count = (loaded: number, test: (g: Item) => boolean) => groups.slice(0, loaded).filter(test).length;
    const cases: [string, (g: Item) => boolean][] = [
      ['/^grp-1/', (g) => fields(g).some((f) => /^grp-1/.test(f))],
      ['/^careers 4$/', (g) => fields(g).some((f) => f === 'careers 4')],
      ['/sale 5$/', (g) => fields(g).some((f) => /sale 5$/.test(f))],
      ['-/^grp-1/', (g) => !fields(g).some((f) => /^grp-1/.test(f))],
      ['/^grp-2$/ | /^careers 4$/', (g) => fields(g).some((f) => f === 'grp-2' || f === 'careers 4')],
    ];
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('/');
      await app.waitFor('/ type to filter');
      for (const [query, test] of cases) {
        app.write('\u0015');
        app.write(query);
        const shown = await app.waitFor((s) => s.includes(`/ ${query}`) && SUMMARY.test(s) && numbers(s)[0] === count(numbers(s)[1] ?? 0, test));
        const [matches, loaded] = numbers(shown);
        expect(matches, query).toBeGreaterThan(0);
        expect(matches, query).toBeLessThan(loaded ?? 0);
      }
    } finally {
      app.kill();
    }
  });

  it('an unknown view name is a usage error naming the known views', async () => {
    const env = freshHome();
    const app = startApp(server, { env }, ['open', '--view', 'nope']);
    const exit = await app.waitForExit();
    expect(exit.exitCode).toBe(2);
    expect(app.screen()).toContain('no view "nope": no views are saved yet');
  });

  it('--view without a name says so in our words, with the views there are and how to check them', async () => {
    const env = freshHome();
    mkdirSync(join(env.XDG_CONFIG_HOME as string, 'pagetui'), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME as string, 'pagetui', 'config.json'), '{"views": {"drafts": {"screen": "groups", "query": "status:draft"}}}');
    for (const args of [['open', '--view'], ['open', '--view', '--demo'], ['open', 'grp-1', '--view'], ['open', '--view=']]) {
      const app = startApp(server, { env, cols: 200 }, args);
      const exit = await app.waitForExit();
      expect(exit.exitCode, args.join(' ')).toBe(2);
      const screen = app.screen().replace(/\n/g, '');
      expect(screen).toContain('--view needs the name of a saved view: pagetui open --view NAME; the views are "drafts"');
      expect(screen).toContain('pagetui config check');
      expect(screen).not.toContain('ambiguous');
    }
  });

  it('a query too long, or a /regex/ refused, says why beside the text, with the column, however long the text', async () => {
    const app = startApp(server, { env: freshHome(), cols: 120 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('/');
      await app.waitFor('/ type to filter');
      app.write('a'.repeat(1100));
      await app.waitFor('col 1001: a query may be at most 1000 characters');
      app.write('\u0015');
      app.write(`name:/${'b'.repeat(210)}/`);
      await app.waitFor('col 6: a /regex/ may be at most 200 characters');
      app.write('\u0015');
      app.write(`title:/(a)\\1${'c'.repeat(150)}/`);
      await app.waitFor('col 7: this /regex/ could be slow');
    } finally {
      app.kill();
    }
  });
});
