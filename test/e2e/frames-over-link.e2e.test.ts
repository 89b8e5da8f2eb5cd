/**
 * Frames paced to what the terminal has shown (docs/terminals-and-ssh.md): over a thin link,
 * holding PgDn must not queue up a backlog of pages that scroll by long after the key is let go.
 * The link is test/helpers/linked-app.ts: 64 kbit/s, 75 ms each way, 120x40, `--demo`.
 */
import { describe, expect, it } from 'vitest';
import { LinkedApp, type LinkOptions } from '../helpers/linked-app.js';
import { PtyApp } from '../helpers/pty-app.js';

const PAGE_DOWN = '\u001b[6~';
const PRESSES = 30;
const PRESS_EVERY_MS = 100;
const PAGE_ID = /grp-1-p(\d+)\b/;

/** The page number on the first list row, or -1. */
function firstListed(app: PtyApp): number {
  for (const line of app.lines()) {
    const match = PAGE_ID.exec(line);
    if (match) return Number(match[1]);
  }
  return -1;
}

/** A linked app that notes when the first listed page last changed on the terminal's screen. */
class WatchedApp extends LinkedApp {
  lastChangeAt = 0;
  lastDataAt = 0;
  private shown = -1;

  protected override drawn(): void {
    this.lastDataAt = performance.now();
    const first = firstListed(this);
    if (first !== this.shown) {
      this.shown = first;
      this.lastChangeAt = performance.now();
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once nothing has reached the screen for `quietMs` and the link is empty. */
async function quiet(app: WatchedApp, quietMs: number, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    await app.parsed;
    if (!app.down.busy() && !app.up.busy() && performance.now() - app.lastDataAt >= quietMs) return;
    if (performance.now() > deadline) throw new Error(`the screen never settled:\n${app.screen()}`);
    await sleep(50);
  }
}

interface HeldPageDown {
  readonly pagesBehindAtRelease: number;
  readonly catchUpMs: number;
  readonly bytes: number;
}

/** Holds PgDn at 10/s for 3 s over `link` on grp-1 and measures what the screen did. */
async function holdPageDown(link: LinkOptions): Promise<HeldPageDown> {
  const app = new WatchedApp(['--demo'], { cols: 120, rows: 40 }, link);
  try {
    await app.waitFor('Evergreen Landing Pages', 20_000);
    app.write('\r');
    await app.waitFor('grp-1-p1 ', 20_000);
    await quiet(app, 500);
    const start = firstListed(app);
    const bytesBefore = app.down.bytes;
    for (let i = 0; i < PRESSES; i++) {
      app.write(PAGE_DOWN);
      if (i < PRESSES - 1) await sleep(PRESS_EVERY_MS);
    }
    const releasedAt = performance.now();
    const atRelease = firstListed(app);
    await quiet(app, 1_500);
    const end = firstListed(app);
    const pageRows = (end - start) / PRESSES;
    expect(pageRows).toBeGreaterThan(10);
    const held = {
      pagesBehindAtRelease: (end - atRelease) / pageRows,
      catchUpMs: Math.max(0, app.lastChangeAt - releasedAt),
      bytes: app.down.bytes - bytesBefore,
    };
    console.log(`PgDn held over ${JSON.stringify(link)}: ${JSON.stringify(held)}`);
    app.write('q');
    await app.waitForExit(10_000);
    return held;
  } finally {
    app.kill();
  }
}

describe('frames over a slow link', () => {
  it('keeps the screen close behind PgDn held at 10/s over 64 kbit/s and 150 ms', async () => {
    const held = await holdPageDown({ rttMs: 150, kbit: 64 });
    expect(held.pagesBehindAtRelease).toBeLessThanOrEqual(2);
    expect(held.catchUpMs).toBeLessThanOrEqual(600);
    expect(held.bytes).toBeLessThan(20_000);
  }, 60_000);
});
