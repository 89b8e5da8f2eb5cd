/**
 * The slow cases, run with PAGETUI_FAULTS_FULL=1, PAGETUI_FUZZ_RUNS=n or in CI: a long 429 storm over a
 * big listing, a long resize storm, and the demo-server-style 5-second rate limit in the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { FULL_FAULTS } from './helpers/fuzz.js';
import { at, cursorAt, GROUPS_PATH, HostileServer, makeGroups, makePages, pagesPath } from './helpers/hostile-server.js';
import { duplicatesIn, startRun } from './helpers/pager-run.js';
import { restoredAfterLastEntry } from './helpers/shell-pty.js';

let server: HostileServer;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 10 });
  server.groups = makeGroups('g', 60);
});
afterAll(async () => {
  await server.close();
});

describe.runIf(FULL_FAULTS)('slow faults', () => {
  // Each 429 is waited a second at least, whatever it asks (30 ms here): 20 pages, 20 waits.
  it('a 429 storm over 20 pages (every second request limited) loses and repeats nothing', async () => {
    server.pages.set('big', makePages('b', 200));
    const path = pagesPath('big');
    let n = 0;
    const stated: number[] = [];
    server.inject(
      at(path),
      (req) => {
        n++;
        if (n % 2 === 0) {
          stated.push(Date.now() + 30);
          return { kind: 'json', status: 429, body: { code: 'RATE_LIMITED', message: 'x', retryAt: new Date(Date.now() + 30).toISOString() } };
        }
        stated.push(0);
        return server.listingReply(req.path, req.cursor);
      },
      100_000,
    );
    const run = startRun(server, 'big');
    try {
      const done = await run.settle(['done', 'error'], 60_000);
      expect(done.state).toBe('done');
      expect(run.ids()).toHaveLength(200);
      expect(duplicatesIn(run.ids())).toEqual([]);
      const reqs = server.requestsFor(path);
      expect(reqs.length).toBeLessThanOrEqual(40);
      reqs.forEach((r, i) => {
        if (i > 0) expect(r.at).toBeGreaterThanOrEqual(stated[i - 1]!);
      });
    } finally {
      await run.close();
    }
  }, 90_000);

  it('a five-second 429 in the app counts down and retries at the stated time', async () => {
    let stated = 0;
    server.inject(at(GROUPS_PATH, cursorAt(20)), () => {
      stated = Date.now() + 5000;
      return { kind: 'json', status: 429, body: { code: 'RATE_LIMITED', message: 'x', details: { retryAfterSeconds: 5 } }, headers: { 'retry-after': '5' } };
    });
    const from = server.requests.length;
    const app = new PtyApp(['--base-url', server.url], { env: { PAGETUI_API_KEY: 'slow-key' } });
    try {
      await app.waitFor(/retry in [45]s/);
      await app.waitFor(/retry in [12]s/, 8000);
      // The countdown is gone once the retry has been answered; the server's log says when it came.
      await app.waitFor((s) => !/retry in \d+s/.test(s), 10_000);
      const retried = () => server.requests.slice(from).filter((r) => r.cursor === cursorAt(20));
      const deadline = Date.now() + 5000;
      while (retried().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(retried()).toHaveLength(2);
      expect(retried()[1]!.at).toBeGreaterThanOrEqual(stated);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  }, 30_000);

  it('a long resize storm (600 resizes over about 3 s)', async () => {
    const app = new PtyApp(['--base-url', server.url], { env: { PAGETUI_API_KEY: 'slow-key' } });
    try {
      await app.waitFor('Group g0');
      for (let i = 0; i < 600; i++) {
        app.resize(1 + ((i * 53) % 220), 1 + ((i * 17) % 70));
        if (i % 10 === 0) await new Promise((r) => setTimeout(r, 50));
      }
      app.resize(100, 30);
      await app.waitFor((s) => s.includes('Group g0') && s.includes('TITLE') && !s.includes('too small'));
      expect(app.lines()[0]).toContain('pagetui');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(restoredAfterLastEntry(app.raw)).toEqual({ leftAltScreen: true, cursorShown: true });
    } finally {
      app.kill();
    }
  }, 30_000);
});
