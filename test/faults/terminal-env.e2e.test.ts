/**
 * The built app in hostile terminal conditions: resize storms, terminals far too small,
 * TERM=dumb, NO_COLOR and a non-UTF-8 locale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { groupItem, HostileServer, makeGroups } from './helpers/hostile-server.js';
import { appCommand, restoredAfterLastEntry, ShellPty } from './helpers/shell-pty.js';

const KEY = 'ENV-TEST-KEY-77aa';
let server: HostileServer;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 100 });
  server.groups = [groupItem('cjk', '世界のページ 👍 résumé'), ...makeGroups('g', 60)];
});
afterAll(async () => {
  await server.close();
});

function startApp(env: Record<string, string | undefined> = {}, size = { cols: 100, rows: 30 }): PtyApp {
  return new PtyApp(['--base-url', server.url], { ...size, env: { PAGETUI_API_KEY: KEY, ...env } });
}

async function quitCleanly(app: PtyApp): Promise<void> {
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
  expect(restoredAfterLastEntry(app.raw)).toEqual({ leftAltScreen: true, cursorShown: true });
  expect(app.raw).not.toContain(KEY);
}

/** SGR sequences that set a colour (foreground, background, 256/true colour, bright). */
function colourSequences(raw: string): string[] {
  const found: string[] = [];
  for (const m of raw.matchAll(/\u001b\[([\d;:]*)m/g)) {
    const params = (m[1] ?? '').split(/[;:]/).map(Number);
    if (params.some((p) => (p >= 30 && p <= 38) || (p >= 40 && p <= 48) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107))) {
      found.push(m[0]);
    }
  }
  return found;
}

describe('terminal size', () => {
  it('survives a resize storm and settles on a correct frame', async () => {
    const app = startApp();
    try {
      await app.waitFor('Group g0');
      app.write('jjj');
      await app.waitFor(() => app.isHighlighted(app.rowOf('Group g2 ')));
      // 80 resizes in about a second, tiny and huge sizes included.
      for (let i = 0; i < 80; i++) {
        app.resize(1 + ((i * 37) % 180), 1 + ((i * 11) % 60));
        if (i % 4 === 0) await new Promise((r) => setTimeout(r, 50));
      }
      app.resize(90, 25);
      await app.waitFor((s) => s.includes('Group g2 ') && s.includes('TITLE') && !s.includes('too small'));
      const lines = app.lines();
      expect(lines[0]).toContain('pagetui'); // the header is on top: no scrolled or doubled frame
      expect(lines.filter((l) => l.includes('TITLE'))).toHaveLength(1);
      expect(app.isHighlighted(app.rowOf('Group g2 '))).toBe(true); // the selection survived
      app.write('j');
      await app.waitFor(() => app.isHighlighted(app.rowOf('Group g3 ')));
      await quitCleanly(app);
    } finally {
      app.kill();
    }
  });

  it('stays alive in 1x1, 2x2 and 39x9 terminals and comes back at 40x10', async () => {
    const app = startApp({}, { cols: 12, rows: 4 });
    try {
      await app.waitFor((s) => s.trim() !== '');
      for (const [c, r] of [[1, 1], [2, 2], [39, 9], [5, 30], [200, 3]] as const) {
        app.resize(c, r);
        await new Promise((res) => setTimeout(res, 100));
      }
      app.resize(39, 9);
      await app.waitFor('too small');
      app.resize(40, 10);
      await app.waitFor('Group g0');
      app.resize(80, 24);
      await app.waitFor('TITLE');
      await quitCleanly(app);
    } finally {
      app.kill();
    }
  });
});

describe('terminal capabilities', () => {
  it('refuses TERM=dumb with one line and exit 2, without touching the screen', async () => {
    // node-pty sets TERM from its terminal name, so the variable is set by the shell instead.
    const before = server.requests.length;
    const sh = ShellPty.sh(`exec env TERM=dumb ${appCommand(['--base-url', server.url])}`, { env: { PAGETUI_API_KEY: KEY } });
    try {
      const exit = await sh.waitForExit();
      expect(exit.exitCode).toBe(2);
      const text = sh.raw.trim().split(/\r?\n/);
      expect(text).toHaveLength(1); // one line (it may wrap on screen)
      expect(text[0]).toContain('dumb');
      expect(sh.raw).not.toContain('\u001b[?1049h');
      expect(sh.raw).not.toContain('\u001b['); // not a single escape sequence
      expect(server.requests.length).toBe(before); // refused before any request
    } finally {
      sh.kill();
    }
  });

  it('uses colour by default (so the NO_COLOR check below can fail)', async () => {
    const coloured = startApp();
    try {
      await coloured.waitFor('Group g0');
      expect(colourSequences(coloured.raw).length).toBeGreaterThan(0);
      await quitCleanly(coloured);
    } finally {
      coloured.kill();
    }
  });

  it('keeps the selection visible with NO_COLOR', async () => {
    const plain = startApp({ NO_COLOR: '1' });
    try {
      await plain.waitFor('Group g0');
      plain.write('j');
      await plain.waitFor(() => plain.isHighlighted(plain.rowOf('Group g0 ')));
      await quitCleanly(plain);
    } finally {
      plain.kill();
    }
  });

  it('sends no SGR colour sequence at all with NO_COLOR', async () => {
    const plain = startApp({ NO_COLOR: '1' });
    try {
      await plain.waitFor('Group g0');
      await quitCleanly(plain);
      expect(colourSequences(plain.raw)).toEqual([]);
    } finally {
      plain.kill();
    }
  });

  it('works in a non-UTF-8 locale (LANG=C, LC_ALL=C), wide text included, in ASCII only', async () => {
    const app = startApp({ LANG: 'C', LC_ALL: 'C', LC_CTYPE: undefined });
    try {
      const screen = await app.waitFor('Group g0');
      // The terminal may not show UTF-8: each character outside ASCII is one '?'.
      expect(screen).not.toContain('世界のページ');
      expect(screen).toMatch(/ \?{6} \? r\?sum\? /);
      expect([...app.raw].every((ch) => ch.charCodeAt(0) < 0x80)).toBe(true);
      app.write('j');
      await app.waitFor(() => app.isHighlighted(app.rowOf('Group g0 ')));
      await quitCleanly(app);
    } finally {
      app.kill();
    }
  });
});
