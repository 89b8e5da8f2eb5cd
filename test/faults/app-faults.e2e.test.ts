/**
 * Faults seen through the built app in a real pty: the status bar says what happened in at most
 * two lines, the list and the selection stay, `r` recovers once the fault is gone, `q` exits 0 and
 * the terminal is left clean. Hostile group ids are sent as one segment or refused on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { at, cursorAt, GROUPS_PATH, groupItem, HostileServer, makeGroups, makePages, pagesPath, type Reply } from './helpers/hostile-server.js';
import { duplicatesIn } from './helpers/pager-run.js';
import { restoredAfterLastEntry } from './helpers/shell-pty.js';

const KEY = 'APP-FAULT-KEY-31337';
const ROWS = 30; // the frame is one row shorter: ink leaves the last row free
let server: HostileServer;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 10 });
  server.groups = makeGroups('g', 60);
});
afterAll(async () => {
  await server.close();
});

const startApp = (url = server.url) => new PtyApp(['--base-url', url], { cols: 100, rows: ROWS, env: { PAGETUI_API_KEY: KEY } });

/** Rows of the screen that contain `text`. */
const rowsWith = (app: PtyApp, text: string): number[] =>
  app.lines().flatMap((line, i) => (line.includes(text) ? [i] : []));

/** The last row of the frame that is not blank (the hint row). */
function bottomRow(app: PtyApp): number {
  const lines = app.lines();
  let bottom = lines.length - 1;
  while (bottom > 0 && lines[bottom]!.trim() === '') bottom--;
  return bottom;
}

/** `text` is on screen, and only in the two status rows at the bottom of the frame. */
function expectInStatusBar(app: PtyApp, text: string): void {
  const bottom = bottomRow(app);
  const rows = rowsWith(app, text);
  expect(rows.length, app.screen()).toBeGreaterThan(0);
  for (const r of rows) expect(r, app.screen()).toBeGreaterThanOrEqual(bottom - 1);
}

/**
 * A refused id is said in the status bar and, the list being empty, in full in the list area
 * (docs/errors.md), which says nothing was sent; nowhere else.
 */
function expectRefusedOnScreen(app: PtyApp): void {
  const lines = app.lines();
  const bottom = bottomRow(app);
  const rows = rowsWith(app, 'BAD_ID');
  expect(rows.filter((r) => r >= bottom - 1), app.screen()).toHaveLength(1);
  const listed = rows.filter((r) => r < bottom - 1);
  expect(listed.map((r) => lines[r]!.trim()), app.screen()).toEqual([expect.stringMatching(/^Nothing loaded: BAD_ID — /)]);
  expect(app.screen().replace(/\s+/g, ' ')).toContain('Nothing was sent; a retry would be refused the same way.');
  expect(app.screen()).not.toContain('i shows the request');
}

async function quitCleanly(app: PtyApp): Promise<void> {
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
  expect(restoredAfterLastEntry(app.raw)).toEqual({ leftAltScreen: true, cursorShown: true });
  expect(app.raw).not.toContain(KEY);
}

/**
 * The third page of groups fails with `reply`; the user moves to g3 and presses r. The list, the
 * selection and everything loaded stay; after r the listing goes on from the failed cursor.
 */
async function faultThenRecover(reply: Reply, shown: string): Promise<void> {
  const from = server.requests.length;
  server.inject(at(GROUPS_PATH, cursorAt(20)), reply);
  const app = startApp();
  try {
    await app.waitFor(shown);
    expectInStatusBar(app, shown);
    expect(app.screen()).toContain('Group g19');
    expect(app.screen()).not.toContain('Group g20');
    expect(app.screen()).not.toMatch(/<\/?[a-z]+>/); // no markup from an HTML body
    app.write('jjj');
    await app.waitFor(() => app.isHighlighted(app.rowOf('Group g3 ')));
    expectInStatusBar(app, shown); // the failure is still shown while browsing what loaded

    app.write('r');
    await app.waitFor((s) => !s.includes(shown) && s.includes('loaded'));
    expect(app.isHighlighted(app.rowOf('Group g3 '))).toBe(true);
    await waitFor(() => server.requests.slice(from).some((r) => r.path === GROUPS_PATH && r.cursor === cursorAt(30)));
    const mine = server.requests.slice(from).filter((r) => r.path === GROUPS_PATH);
    expect(mine.filter((r) => r.cursor === cursorAt(20))).toHaveLength(2);
    expect(duplicatesIn(mine.filter((r) => !r.faulted).map((r) => r.cursor))).toEqual([]);
    await quitCleanly(app);
  } finally {
    app.kill();
  }
}

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('faults mid-listing, in the app', () => {
  it('a 502 with an HTML body', async () => {
    await faultThenRecover({ kind: 'text', status: 502, body: '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>' }, 'HTTP 502 Bad Gateway');
  });

  it('a connection reset in the middle of the body', async () => {
    await faultThenRecover({ kind: 'reset-mid-body' }, 'CONNECTION_RESET');
  });

  it('malformed JSON', async () => {
    await faultThenRecover({ kind: 'text', status: 200, body: '{"items":[{"pageGroupId":', contentType: 'application/json' }, 'BAD_RESPONSE');
  });

  it('a 401 when the key is revoked mid-listing', async () => {
    await faultThenRecover({ kind: 'json', status: 401, body: { code: 'UNAUTHORIZED', message: 'Key revoked', requestId: 'req-401' } }, 'UNAUTHORIZED');
  });

  it('a 429 shows a countdown and retries by itself, not before the stated time', async () => {
    const from = server.requests.length;
    let stated = 0;
    server.inject(at(GROUPS_PATH, cursorAt(20)), () => {
      stated = Date.now() + 2000;
      return { kind: 'json', status: 429, body: { code: 'RATE_LIMITED', message: 'Slow down', requestId: 'req-429' }, headers: { 'retry-after': '2' } };
    });
    const app = startApp();
    try {
      await app.waitFor(/retry in \ds/);
      expectInStatusBar(app, 'RATE_LIMITED');
      expectInStatusBar(app, 'retry in');
      app.write('jj');
      await app.waitFor(() => app.isHighlighted(app.rowOf('Group g2 ')));
      await app.waitFor((s) => !s.includes('RATE_LIMITED'), 10_000);
      // The bar changes as the retry leaves the app; the server logs it when it arrives.
      const retriedNow = () => server.requests.slice(from).filter((r) => r.path === GROUPS_PATH && r.cursor === cursorAt(20));
      const deadline = Date.now() + 5000;
      while (retriedNow().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      const retried = retriedNow();
      expect(retried).toHaveLength(2);
      expect(retried[1]!.at).toBeGreaterThanOrEqual(stated);
      expect(app.isHighlighted(app.rowOf('Group g2 '))).toBe(true);
      await quitCleanly(app);
    } finally {
      app.kill();
    }
  });
});

describe('the server dying and coming back, in the app', () => {
  it('says the connection was refused, keeps the list, and r recovers once it is back', async () => {
    const own = await HostileServer.start({ pageSize: 10 });
    own.groups = makeGroups('g', 60);
    // The third page never answers; the server dies while the app waits for it.
    own.inject(at(GROUPS_PATH, cursorAt(20)), { kind: 'no-headers' });
    const app = startApp(own.url);
    try {
      await app.waitFor('Group g19');
      await waitFor(() => own.requests.some((r) => r.cursor === cursorAt(20)));
      await own.stop();
      await app.waitFor('CONNECTION_RESET');
      expectInStatusBar(app, 'CONNECTION_RESET');
      app.write('jjjj');
      await app.waitFor(() => app.isHighlighted(app.rowOf('Group g4 ')));

      app.write('r'); // still down
      await app.waitFor('CONNECTION_REFUSED');
      expectInStatusBar(app, 'CONNECTION_REFUSED');
      expect(app.screen()).toContain('Group g0');

      await own.restart();
      app.write('r');
      await app.waitFor((s) => !s.includes('CONNECTION_') && s.includes('loaded'));
      expect(app.isHighlighted(app.rowOf('Group g4 '))).toBe(true);
      await quitCleanly(app);
    } finally {
      app.kill();
      await own.close();
    }
  });
});

describe('hostile group ids, opened from the app', () => {
  const SENDABLE = ['../x', 'a/b', 'a?b#c', '%2e%2e'];
  const REFUSED = ['..', '.', ''];

  it('sends each id as one segment, or refuses it on screen without a request', async () => {
    const own = await HostileServer.start({ pageSize: 100 });
    own.groups = [...SENDABLE, ...REFUSED].map((id, i) => groupItem(id, `Hostile ${i}`));
    for (const id of SENDABLE) own.pages.set(id, makePages(`${id}|p`, 3));
    const app = startApp(own.url);
    try {
      await app.waitFor('Hostile 0');
      for (const [i, id] of [...SENDABLE, ...REFUSED].entries()) {
        const before = own.requests.length;
        app.write('\r');
        if (SENDABLE.includes(id)) {
          await app.waitFor(`${id}|p0`);
          expect(own.requests.slice(before).map((r) => r.path)).toEqual([pagesPath(id)]);
        } else {
          await app.waitFor((screen) => screen.includes('Nothing loaded: BAD_ID') && /^BAD_ID: /m.test(screen));
          expect(own.requests.length).toBe(before);
          expectRefusedOnScreen(app);
        }
        app.write('\u001b'); // back to the groups
        await app.waitFor(`Hostile ${i}`);
        await app.waitFor(() => app.isHighlighted(app.rowOf(`Hostile ${i}`)));
        app.write('j');
        if (i + 1 < SENDABLE.length + REFUSED.length) await app.waitFor(() => app.isHighlighted(app.rowOf(`Hostile ${i + 1}`)));
      }
      await quitCleanly(app);
    } finally {
      app.kill();
      await own.close();
    }
  });
});
