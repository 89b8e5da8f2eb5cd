/**
 * A long load stays visible and stoppable, whatever the user moves meanwhile: against a listing
 * that never ends, `G`, then a move, then Esc. The status bar keeps saying "Esc to stop" while
 * the load runs, and once Esc is pressed the server hears nothing more.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { groupItem } from './helpers/hostile-server.js';

const KEY = 'LONG-LOAD-KEY-4242';
const PAGE = 100;
let server: Server;
let url = '';
let requests = 0;

/** Page groups without end: every page has 100 new groups and a new cursor, 20 ms after asking. */
beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    const cursor = new URL(req.url ?? '/', 'http://x').searchParams.get('cursor');
    const from = cursor === null ? 0 : Number(cursor.slice(1));
    const items = Array.from({ length: PAGE }, (_, i) => groupItem(`g${from + i}`));
    const body = JSON.stringify({ items, hasMore: true, nextCursor: `c${from + PAGE}` });
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The number in "… N loaded …" on the status bar. */
const loaded = (screen: string): number => Number(/([\d,]+) loaded/.exec(screen)?.[1]?.replace(/,/g, '') ?? 0);

describe('a long load after a move', () => {
  for (const move of ['k', 'j']) {
    it(`G, then ${move}: "Esc to stop" stays while it loads; after Esc no further request`, async () => {
      const app = new PtyApp(['--base-url', url], { cols: 100, rows: 30, env: { PAGETUI_API_KEY: KEY } });
      try {
        await app.waitFor('Group g0');
        app.write('G');
        await app.waitFor((s) => loaded(s) >= 1000);
        app.write(move);
        const before = loaded(await app.waitFor((s) => /Esc to stop/.test(s)));
        // Still loading after the move: the hint stays, the rows keep coming.
        await app.waitFor((s) => loaded(s) > before + 300 && /Esc to stop/.test(s));

        app.write('\x1b');
        await app.waitFor((s) => !/Esc to stop/.test(s));
        await sleep(500); // the request in flight when Esc was pressed may still land
        const afterEsc = requests;
        await sleep(1500);
        expect(requests - afterEsc, app.screen()).toBe(0);
        expect(app.screen()).not.toMatch(/Esc to stop/);

        app.write('q');
        expect((await app.waitForExit()).exitCode).toBe(0);
      } finally {
        app.kill();
      }
    }, 30_000);
  }
});
