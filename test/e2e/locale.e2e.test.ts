/**
 * Under a C locale the terminal (or GNU screen without -U) takes every byte for a character: the
 * app must then write ASCII only. A whole session in a pty, every byte it wrote checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

const NON_ASCII = /[^\u0000-\u007f]/;

/** Lists the groups, opens the one with a non-Latin name, moves, filters, opens help and details, quits. */
async function session(env: Record<string, string | undefined>, args: string[] = []): Promise<{ raw: string; screens: string[] }> {
  const app = new PtyApp(['--base-url', server.url, ...args], {
    env: { PAGETUI_API_KEY: server.apiKey, LANG: undefined, LC_ALL: undefined, LC_CTYPE: undefined, ...env },
  });
  const screens: string[] = [];
  try {
    screens.push(await app.waitFor('Evergreen Landing Pages'));
    app.write('jj');
    await app.waitFor(() => app.isHighlighted(app.rowOf('grp-3 ')));
    app.write('\r');
    screens.push(await app.waitFor('grp-3-p1 '));
    app.write('jjj');
    await app.waitFor(() => app.isHighlighted(app.rowOf('grp-3-p4 ')));
    app.write('/p1');
    screens.push(await app.waitFor(/match/));
    app.write('\u001B');
    await app.waitFor((s) => !s.includes('match'));
    app.write('d');
    screens.push(await app.waitFor('grp-3-p4'));
    app.write('\u001B?');
    screens.push(await app.waitFor(/help/i));
    app.write('q');
    await app.waitFor((s) => !/Keys|help/i.test(s.split('\n')[0] ?? ''), 5_000).catch(() => undefined);
    app.write('q');
    const exit = await app.waitForExit();
    expect(exit.exitCode).toBe(0);
    return { raw: app.raw, screens };
  } finally {
    app.kill();
  }
}

describe('a terminal that is not UTF-8', () => {
  it('gets no byte above 0x7f in a whole session under LANG=C LC_ALL=C', async () => {
    const { raw, screens } = await session({ LANG: 'C', LC_ALL: 'C' });
    const first = NON_ASCII.exec(raw);
    expect(first ? raw.slice(Math.max(0, first.index - 40), first.index + 10) : '').toBe('');
    // The group with a name in three scripts and an emoji: its letters shown as '?', its dashes as '-'.
    expect(screens[0]).toMatch(/International - \?+ - \?+ - /);
    expect(screens.join('\n')).toContain(' > ');
  });

  it('keeps UTF-8 with --utf8 or PAGETUI_UTF8=1, and under a UTF-8 locale', async () => {
    for (const [env, args] of [
      [{ LANG: 'C', LC_ALL: 'C' }, ['--utf8']],
      [{ LC_ALL: 'C', PAGETUI_UTF8: '1' }, []],
      [{ LANG: 'C.UTF-8' }, []],
    ] as const) {
      const { raw } = await session(env, [...args]);
      expect(raw).toContain('国際');
      expect(raw).toContain('›');
    }
  });
});
