/**
 * The server going away: refused from the start, dying in the middle of a listing (with a request
 * in flight), and coming back on the same port. The pager keeps what it has and `retry()` resumes
 * from the failed cursor once the server is back.
 */
import { itemArray } from '../../src/api/pager/packed-items.js';
import { afterEach, describe, expect, it } from 'vitest';
import { at, cursorAt, HostileServer, makePages, pagesPath } from './helpers/hostile-server.js';
import { startRun, waitForState, type Run } from './helpers/pager-run.js';

let server: HostileServer | undefined;
let run: Run | undefined;

afterEach(async () => {
  await run?.close();
  await server?.close();
  run = undefined;
  server = undefined;
});

async function serverWith(n: number): Promise<{ s: HostileServer; all: string[] }> {
  const s = await HostileServer.start({ pageSize: 10 });
  const items = makePages('p', n);
  s.pages.set('g', items);
  server = s;
  return { s, all: items.map((i) => String(i.pageId)) };
}

describe('the server going away', () => {
  it('connection refused before the first page, then the server comes back on the same port', async () => {
    const { s, all } = await serverWith(25);
    const port = s.port;
    await s.stop();
    run = startRun(s, 'g');
    const failed = await run.settle();
    expect(failed.error).toMatchObject({ kind: 'network', code: 'CONNECTION_REFUSED' });
    expect(failed.error?.message).toContain(`127.0.0.1:${port}`);
    expect(itemArray(failed.items)).toEqual([]);

    // Retrying while it is still down fails the same way, and nothing is lost or duplicated.
    run.pager.retry();
    expect((await run.settle()).error?.code).toBe('CONNECTION_REFUSED');

    await s.restart();
    expect(s.port).toBe(port);
    run.pager.retry();
    const done = await run.settle();
    expect(done.state).toBe('done');
    expect(run.ids()).toEqual(all);
    expect(s.requests.map((r) => r.cursor)).toEqual([undefined, cursorAt(10), cursorAt(20)]);
  });

  it('dies with a request in flight mid-listing, refuses while down, and resumes from the failed cursor', async () => {
    const { s, all } = await serverWith(30);
    // The second page never answers; the server dies while it is waiting.
    s.inject(at(pagesPath('g'), cursorAt(10)), { kind: 'no-headers' });
    run = startRun(s, 'g');
    await waitForState(run.pager, ['loading']);
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (s.requests.length === 2) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    await s.stop();
    const failed = await run.settle();
    expect(failed.error).toMatchObject({ kind: 'network', code: 'CONNECTION_RESET' });
    expect(run.ids()).toEqual(all.slice(0, 10));

    run.pager.retry();
    const down = await run.settle();
    expect(down.error).toMatchObject({ kind: 'network', code: 'CONNECTION_REFUSED' });
    expect(run.ids()).toEqual(all.slice(0, 10));

    await s.restart();
    run.pager.retry();
    const done = await run.settle();
    expect(done.state).toBe('done');
    expect(run.ids()).toEqual(all);
    // The first page is never asked for again; the failed cursor is, once it can succeed.
    expect(s.requests.map((r) => r.cursor)).toEqual([undefined, cursorAt(10), cursorAt(10), cursorAt(20)]);
  });

  it('a keep-alive connection the server dropped between pages is not reported as an error', async () => {
    const { s, all } = await serverWith(30);
    run = startRun(s, 'g');
    run.pager.cancelEnsure();
    await waitForState(run.pager, ['idle']);
    // Restart the server between two pages: the pooled socket is dead.
    await s.stop();
    await s.restart();
    run.pager.ensure(Number.POSITIVE_INFINITY);
    const done = await run.settle();
    expect(done.state).toBe('done');
    expect(run.ids()).toEqual(all);
  });
});
