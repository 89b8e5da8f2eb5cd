/**
 * `--theme auto` in a real pty: the "terminal" (a headless xterm, which answers DA1 but not OSC 11)
 * is given an OSC 11 answer from here, as a light-themed terminal would send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp, type PtyAppOptions } from '../helpers/pty-app.js';

const OSC11_QUERY = '\u001B]11;?\u0007';
/** Header text is in the theme's accent: cyan in the dark theme, 256-colour blue 25 in the light one. */
const DARK_ACCENT = /\u001B\[(?:\d+;)*36m/;
const LIGHT_ACCENT = /\u001B\[(?:\d+;)*38;5;25m/;

/** A terminal that answers as xterm does (DA1), and OSC 11 with `background` (or not at all). */
class AnsweringTerminal extends PtyApp {
  queries = 0;
  /** xterm's own replies wait while the OSC 11 one is being sent: a terminal answers in order. */
  private held: string[] | undefined;

  constructor(
    args: readonly string[],
    options: PtyAppOptions,
    private readonly background?: string,
    /** Answer this long after the query, with DA1 after it: a slow link, past the app's wait. */
    private readonly lateMs?: number,
  ) {
    super(args, options);
  }

  protected override answer(reply: string): void {
    if (this.held) this.held.push(reply);
    else super.answer(reply);
  }

  protected override received(data: string): void {
    super.received(data);
    if (!data.includes(OSC11_QUERY)) return;
    this.queries++;
    if (this.lateMs !== undefined) {
      this.held = [];
      setTimeout(() => {
        this.write(`\u001B]11;rgb:${this.background ?? 'ffff/ffff/ffff'}\u0007`);
        for (const held of this.held ?? []) this.write(held);
        this.held = undefined;
      }, this.lateMs);
      return;
    }
    // Split in two, as a slow link may deliver it.
    if (this.background !== undefined) {
      const reply = `\u001B]11;rgb:${this.background}\u0007`;
      this.held = [];
      this.write(reply.slice(0, 9));
      setTimeout(() => {
        this.write(reply.slice(9));
        for (const held of this.held ?? []) this.write(held);
        this.held = undefined;
      }, 5);
    }
  }
}

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

function start(background: string | undefined, env: Record<string, string | undefined> = {}, args: string[] = [], lateMs?: number) {
  return new AnsweringTerminal(
    ['--base-url', server.url, ...args],
    { env: { PAGETUI_API_KEY: server.apiKey, COLORFGBG: undefined, COLORTERM: undefined, ...env } },
    background,
    lateMs,
  );
}

async function quit(app: PtyApp) {
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
}

function expectNoStrayReply(app: PtyApp) {
  expect(app.screen()).not.toMatch(/11;|rgb:|\?1;2c|\[\?/);
}

describe('the auto theme asks the terminal for its background', () => {
  it('takes the light theme when the terminal answers with a light colour, and shows nothing of the answer', async () => {
    const app = start('ffff/ffff/fefe');
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(app.queries).toBe(1);
      expect(app.raw).toMatch(LIGHT_ACCENT);
      expect(app.raw).not.toMatch(DARK_ACCENT);
      expectNoStrayReply(app);
      // The keys still work: the reply left nothing behind in the input.
      app.write('j');
      await app.waitFor(() => app.isHighlighted(app.rowOf('Evergreen Landing Pages') + 1));
      expectNoStrayReply(app);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('takes the dark theme when the terminal answers with a dark colour (2 hex digits a channel)', async () => {
    const app = start('1e/1e/2e');
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(app.raw).toMatch(DARK_ACCENT);
      expect(app.raw).not.toMatch(LIGHT_ACCENT);
      expectNoStrayReply(app);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('takes the dark theme when the terminal answers DA1 but not OSC 11', async () => {
    const app = start(undefined);
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(app.queries).toBe(1);
      expect(app.raw).toMatch(DARK_ACCENT);
      expectNoStrayReply(app);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('falls back on COLORFGBG when there is no answer', async () => {
    const app = start(undefined, { COLORFGBG: '0;15' });
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(app.raw).toMatch(LIGHT_ACCENT);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('takes an answer that comes after the wait: drawn dark first, then again in the light theme, and keeps it out of the keys', async () => {
    const app = start('ffff/ffff/ffff', {}, [], 1_600);
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(app.raw).toMatch(DARK_ACCENT);
      await app.waitFor(() => LIGHT_ACCENT.test(app.raw));
      const before = app.screen();
      app.write('j');
      await app.waitFor(() => app.isHighlighted(app.rowOf('Empty Drafts')));
      const after = app.screen().split('\n');
      expect(after.slice(-2)).toEqual(before.split('\n').slice(-2));
      expect(after.at(-3)).toMatch(/row 2 . all 36 loaded$/);
      expectNoStrayReply(app);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('does not ask when a theme is chosen, or under NO_COLOR', async () => {
    for (const [env, args] of [
      [{}, ['--theme', 'light']],
      [{ PAGETUI_THEME: 'dark' }, []],
      [{ NO_COLOR: '1' }, []],
    ] as const) {
      const app = start('ffff/ffff/ffff', env, [...args]);
      try {
        await app.waitFor('Evergreen Landing Pages');
        expect(app.queries).toBe(0);
        if (args.length > 0) expect(app.raw).toMatch(LIGHT_ACCENT);
        if ('PAGETUI_THEME' in env) expect(app.raw).toMatch(DARK_ACCENT);
        await quit(app);
      } finally {
        app.kill();
      }
    }
  });
});
