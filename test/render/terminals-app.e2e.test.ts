/**
 * The built app in a real pty under TERM=vt100, vt220, linux, screen, tmux-256color and
 * xterm-256color (the shipped entries, via $TERMINFO). Its output is fed to a headless xterm as
 * that terminal takes it (every sequence its entry lacks ignored); at each checkpoint that screen
 * must equal a fresh draw of the same state (forced by a resize there and back), and no sequence
 * the entry lacks may have been written. Keys typed from the start must not show on the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { asRestrictedTerminal, fixtureEntry, fixtureEnv, missingSequences, undeclaredIn } from './restricted.js';
import { feed, makeTerminal, screenText, type HeadlessTerminal } from './terminal.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
});

afterAll(async () => {
  await server.close();
});

/** Resolves once the app has written nothing for `quietMs`. */
async function settled(app: PtyApp, quietMs = 250): Promise<void> {
  let length = -1;
  while (length !== app.raw.length) {
    length = app.raw.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

class RestrictedView {
  private fed = 0;
  readonly screen: HeadlessTerminal;

  constructor(
    private readonly app: PtyApp,
    private readonly missing: ReturnType<typeof missingSequences>,
    cols: number,
    rows: number,
  ) {
    this.screen = makeTerminal(cols, rows);
  }

  async catchUp(): Promise<string> {
    await settled(this.app);
    const data = this.app.raw.slice(this.fed);
    this.fed += data.length;
    await feed(this.screen, asRestrictedTerminal(data, this.missing));
    return trimmed(screenText(this.screen));
  }

  async resize(cols: number, rows: number): Promise<void> {
    await this.catchUp();
    this.screen.resize(cols, rows);
    this.app.resize(cols, rows);
  }
}

const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;
const trimmed = (screen: string) => screen.split('\n').map((line) => line.trimEnd()).join('\n');

class TerminalApp extends PtyApp {
  /** Set: `j` is typed as each write of the app's comes (keys typed ahead, at once as the first frame comes). */
  typingAhead = false;

  protected override received(data: string): void {
    super.received(data);
    // Not for a key echoed back: that would type as fast as the echoes come.
    if (this.typingAhead && data.includes('\u001B')) this.write('j');
  }
}

/** The app under TERM=`term` in a `cols`x`rows` pty, its output fed to a terminal restricted to what `term` declares. */
function startApp(term: string, cols: number, rows: number) {
  const size = { cols, rows };
  const { TERM, ...terminfo } = fixtureEnv(term);
  // node-pty sets TERM from its terminal name: `env` sets the one the app sees.
  const app = new TerminalApp([], { cols, rows, env: { PAGETUI_API_KEY: server.apiKey, ...terminfo } }, {
    file: 'env',
    args: [`TERM=${TERM}`, process.execPath, BUNDLE, '--base-url', server.url],
  });
  const missing = missingSequences(fixtureEntry(term));
  const view = new RestrictedView(app, missing, cols, rows);
  /** The screen as drawn step by step must equal a fresh draw of the same state. */
  const checkpoint = async (what: string) => {
    // A request still loading would change the screen between the two draws.
    await app.waitFor((s) => !SPINNER.test(s));
    const diffed = await view.catchUp();
    expect(undeclaredIn(app.raw, missing), `sequences ${term} lacks`).toEqual([]);
    await view.resize(size.cols + 1, size.rows);
    await view.resize(size.cols, size.rows);
    const fresh = await view.catchUp();
    expect(diffed, `${term}, ${what}: the screen as drawn step by step\n${diffed}\n--- drawn afresh:\n${fresh}`).toBe(fresh);
  };
  const resize = async (newCols: number, newRows: number) => {
    size.cols = newCols;
    size.rows = newRows;
    await view.resize(newCols, newRows);
  };
  return { app, missing, checkpoint, resize };
}

describe.each(['vt100', 'vt220', 'linux', 'screen', 'tmux-256color', 'xterm-256color'])('the app under TERM=%s', (term) => {
  it('shows what a fresh draw shows after scrolling past the bottom, paging, filtering and resizing', async () => {
    const { app, missing, checkpoint, resize } = startApp(term, 100, 24);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      for (let i = 0; i < 30; i++) app.write('j');
      await app.waitFor((s) => s.includes('grp-1-p31 ') && app.isHighlighted(app.rowOf('grp-1-p31 ')));
      await checkpoint('Enter and j x30');
      app.write('\u001B[6~');
      await settled(app);
      await checkpoint('PgDn');
      app.write('k'.repeat(3));
      await checkpoint('k x3');
      app.write('/');
      await settled(app);
      app.write('p4');
      await app.waitFor((s) => !s.includes('grp-1-p31 '));
      await checkpoint('filtering');
      app.write('\r');
      await resize(80, 18);
      await checkpoint('resized smaller');
      expect(undeclaredIn(app.raw, missing), `sequences ${term} lacks`).toEqual([]);
    } finally {
      app.kill();
    }
  }, 60_000);

  it('draws no key typed while it starts onto its first frame', async () => {
    // A terminal that is not asked for its background (the Linux console, one without colours)
    // stayed cooked until ink read the keys: the tty echoed what was typed meanwhile at the
    // cursor, over the frame or between the pieces the kernel writes a long frame in.
    const { app, checkpoint } = startApp(term, 100, 24);
    app.typingAhead = true;
    // And every few milliseconds while the app writes nothing (loading ink).
    const typing = setInterval(() => app.write('j'), 5);
    const stopTyping = () => {
      clearInterval(typing);
      app.typingAhead = false;
    };
    try {
      await app.waitFor(/\brow ([2-9]|[1-9]\d)\b/);
      stopTyping();
      await checkpoint('keys typed while it starts');
    } finally {
      stopTyping();
      app.kill();
    }
  }, 60_000);
});
