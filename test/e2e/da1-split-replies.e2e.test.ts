/**
 * The app asks the terminal for its device attributes (DA1, `ESC [ c`) after frames, and the
 * terminal answers `ESC [ ? 1 ; 2 c`. Over a slow link that answer can arrive in pieces: its rest
 * must never be read as keys (`?` help, `1` `2` status filters, `c`) nor its ESC as the Esc key.
 * Here every answer reaches the app in two reads 150 ms apart (and 1.2 s, longer than a key's
 * sequence is waited for), cut at each place that matters; keys typed meanwhile come after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';

const DA1_ANSWER = /^\u001b\[\?[\d;]*c$/;

/** A terminal whose DA1 answers reach the app cut after `cut` characters, the rest `gapMs` later. */
class SplitAnswerApp extends PtyApp {
  answers = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(args: readonly string[], options: ConstructorParameters<typeof PtyApp>[1], private readonly cut: number, private readonly gapMs: number) {
    super(args, options);
  }

  override answer(reply: string): void {
    if (!DA1_ANSWER.test(reply)) return super.answer(reply);
    this.answers++;
    // One stream, in order, as over a link: a key typed meanwhile comes after the whole answer.
    this.queue = this.queue.then(async () => {
      super.answer(reply.slice(0, this.cut));
      await new Promise((resolve) => setTimeout(resolve, this.gapMs));
      super.answer(reply.slice(this.cut));
    });
  }

  override write(keys: string): void {
    this.queue = this.queue.then(() => super.write(keys));
  }
}

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ pages: 300 });
});
afterAll(async () => {
  await server.close();
});

describe.each([
  ['ESC | [?1;2c', 150, 1],
  ['ESC | [?1;2c', 1_200, 1],
  ['ESC [ | ?1;2c', 150, 2],
  ['ESC [ | ?1;2c', 1_200, 2],
  ['ESC [?1 | ;2c', 150, 4],
])('DA1 answers split as %s, %i ms apart', (_name, gapMs, cut) => {
  it('are never read as keys: no Esc, no help, no status filter', { timeout: 60_000 }, async () => {
    const app = new SplitAnswerApp(['--base-url', server.url], { cols: 100, rows: 20, env: { PAGETUI_API_KEY: server.apiKey } }, cut, gapMs);
    try {
      await app.waitFor('all 36 loaded');
      app.write('\r');
      await app.waitFor(/grp-1-p1 /);
      // Each move draws a frame and asks again; the answers keep arriving in pieces while keys come.
      for (let row = 2; row <= 8; row++) {
        app.write('j');
        await app.waitFor(`row ${row} `);
      }
      const asked = app.answers;
      await app.waitFor(() => app.answers >= asked && app.answers > 3);
      // Wait out every answer's second piece, then look: still in the group, no help, no notice.
      await new Promise((resolve) => setTimeout(resolve, gapMs * 3));
      app.write('j');
      await app.waitFor('row 9 ');
      const screen = app.screen();
      expect(screen).toMatch(/grp-1-p9 /);
      expect(screen).not.toMatch(/^Keys/m);
      expect(screen).not.toMatch(/Status filters/);
    } finally {
      app.kill();
    }
  });
});
