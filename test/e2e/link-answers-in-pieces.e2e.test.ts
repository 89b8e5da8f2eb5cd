/**
 * A terminal whose answers cross the link in pieces (docs/terminals-and-ssh.md): each DA1 answer
 * is written as `ESC`, `[?`, `1;2c`, 100 ms apart, each answer only once the one before it is out,
 * and keys typed queue behind the answers (one byte stream, as over TCP). Holding PgDn must not
 * make the answers fall so far behind that a lone ESC piece is read as the Esc key (back to the
 * group list) and `?` as help. The link is test/helpers/linked-app.ts: 64 kbit/s, 75 ms each way.
 */
import { describe, expect, it } from 'vitest';
import { LinkedApp } from '../helpers/linked-app.js';

const PAGE_DOWN = '\u001b[6~';
const PIECE_GAP_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers in three pieces a gap apart; keys wait behind the answers before them. */
class PiecemealTerminalApp extends LinkedApp {
  private readonly outbox: { data: string; gapAfterMs: number; endsAnswer: boolean }[] = [];
  private sending = false;
  /** Answers the terminal has written, whole, and the most that were waiting to be written at once. */
  answersOut = 0;
  mostQueued = 0;

  protected override answer(reply: string): void {
    // Called from the pty's constructor too, before this class's fields are set.
    if (this.outbox === undefined) return super.answer(reply);
    const pieces = [reply.slice(0, 1), reply.slice(1, 3), reply.slice(3)].filter((piece) => piece !== '');
    pieces.forEach((data, i) => this.outbox.push({ data, gapAfterMs: PIECE_GAP_MS, endsAnswer: i === pieces.length - 1 }));
    this.mostQueued = Math.max(this.mostQueued, this.outbox.filter((item) => item.endsAnswer).length);
    void this.drain();
  }

  override write(keys: string): void {
    this.outbox.push({ data: keys, gapAfterMs: 0, endsAnswer: false });
    void this.drain();
  }

  /** True once everything the terminal meant to write is on the link and across it. */
  idle(): boolean {
    return this.outbox.length === 0 && !this.sending && !this.up.busy() && !this.down.busy();
  }

  private async drain(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    for (let item = this.outbox.shift(); item; item = this.outbox.shift()) {
      if (item.endsAnswer) this.answersOut++;
      super.write(item.data);
      if (item.gapAfterMs > 0) await sleep(item.gapAfterMs);
    }
    this.sending = false;
  }
}

async function settled(app: PiecemealTerminalApp, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let idleSince = Number.POSITIVE_INFINITY;
  for (;;) {
    if (!app.idle()) idleSince = Number.POSITIVE_INFINITY;
    else idleSince = Math.min(idleSince, performance.now());
    if (performance.now() - idleSince > 1_500) return;
    if (performance.now() > deadline) throw new Error(`the terminal never stopped answering:\n${app.screen()}`);
    await sleep(50);
  }
}

describe('answers in pieces over a slow link', () => {
  it('never reads a late answer cut in pieces 100 ms apart as Esc and ? while PgDn is held', async () => {
    const app = new PiecemealTerminalApp(['--demo'], { cols: 120, rows: 40 }, { rttMs: 150, kbit: 64 });
    try {
      await app.waitFor('Evergreen Landing Pages', 20_000);
      app.write('\r');
      await app.waitFor('grp-1-p1 ', 20_000);
      for (let i = 0; i < 30; i++) {
        app.write(PAGE_DOWN);
        await sleep(100);
      }
      await settled(app, 60_000);
      const screen = app.screen();
      console.log(`answers in pieces: ${app.answersOut} answers, at most ${app.mostQueued} waiting at once`);
      // Still the pages list, as the last PgDn left it: no Esc (group list) nor ? (help) was read.
      expect(screen).toMatch(/grp-1-p\d+ /);
      expect(screen).toContain('Enter open');
      // The app asked no more than pacing needs (as many queries as slices on their way): the answers never piled up.
      expect(app.mostQueued).toBeLessThanOrEqual(8);
      app.write('q');
      expect((await app.waitForExit(10_000)).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  }, 120_000);
});
