/**
 * `pagetui doctor` in a real pty: the theme check asks the terminal its background as the app
 * does. The headless xterm answers DA1 but not OSC 11; a light terminal's OSC 11 answer is sent
 * from here.
 */
import { describe, expect, it } from 'vitest';
import { PtyApp, type PtyAppOptions } from '../helpers/pty-app.js';

const OSC11_QUERY = '\u001B]11;?\u0007';

/** A terminal that answers the colour query with `background`, before its own DA1 reply. */
class ColourAnsweringTerminal extends PtyApp {
  queries = 0;

  constructor(options: PtyAppOptions, private readonly background: string | undefined) {
    super(['doctor', '--demo'], options);
  }

  protected override received(data: string): void {
    super.received(data);
    if (!data.includes(OSC11_QUERY)) return;
    this.queries++;
    if (this.background !== undefined) this.write(`\u001B]11;rgb:${this.background}\u0007`);
  }
}

const ENV = { COLORFGBG: undefined, COLORTERM: undefined, PAGETUI_THEME: undefined, NO_COLOR: undefined };

async function run(background: string | undefined): Promise<{ themeLine: string; queries: number; exitCode: number }> {
  const app = new ColourAnsweringTerminal({ cols: 250, env: ENV }, background);
  try {
    const { exitCode } = await app.waitForExit(20_000);
    const themeLine = app.raw.split(/\r?\n/).find((line) => line.includes('] Theme ')) ?? '';
    return { themeLine, queries: app.queries, exitCode };
  } finally {
    app.kill();
  }
}

describe('pagetui doctor asks the terminal its background', () => {
  it('says the theme came from the terminal\'s answer, and how long it took', async () => {
    const r = await run('ffff/ffff/fefe');
    expect(r.queries).toBe(1);
    expect(r.themeLine).toMatch(/^\[pass\] Theme +light, from the terminal's answer to the colour query \(OSC 11\) in \d+ ms$/);
    expect(r.exitCode).toBe(0);
  });

  it('says when the terminal did not answer, what was used instead, and the way out', async () => {
    const r = await run(undefined);
    expect(r.queries).toBe(1);
    // It answered DA1, asked right after: a "no" to the colour query, not a wait that ran out.
    expect(r.themeLine).toMatch(/^\[warn\] Theme +dark, the terminal did not answer the colour query \(OSC 11\) \(it answered the query after it in \d+ ms; tmux, GNU screen and mosh do not pass it on\), so by default; .*PAGETUI_THEME=light/);
    expect(r.themeLine).not.toMatch(/within \d+ ms/);
    expect(r.exitCode).toBe(0);
  });
});
