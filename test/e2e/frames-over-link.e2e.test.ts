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
const DA1_QUERY = '\u001b[c';

/** The page number on the first list row, or -1. */
function firstListed(app: PtyApp): number {
  for (const line of app.lines()) {
    const match = PAGE_ID.exec(line);
    if (match) return Number(match[1]);
  }
  return -1;
}

/** The page number on the last list row, or -1. */
function lastListed(app: PtyApp): number {
  for (const line of app.lines().reverse()) {
    const match = PAGE_ID.exec(line);
    if (match) return Number(match[1]);
  }
  return -1;
}

/** A linked app that notes what reaches the terminal, when PgDn presses reach the app, and each change of the first listed page. */
class WatchedApp extends LinkedApp {
  /** Holds the terminal's first answer back this long (a terminal, or its link, slow to answer at first). */
  firstAnswerLateMs = 0;
  private answers = 0;
  lastChangeAt = 0;
  lastDataAt = 0;
  /** Bytes that have reached the terminal. */
  arrivedBytes = 0;
  /** PgDn presses that have reached the app, and `arrivedBytes` when the last of `expectedPresses` did. */
  pressesReached = 0;
  expectedPresses = Number.POSITIVE_INFINITY;
  arrivedAtLastPress = Number.NaN;
  /** Changes of the first listed page on screen. */
  changes = 0;
  /** While set, each frame the terminal answers is checked: its status line says the row its selection shows. */
  checkingStatus = false;
  framesChecked = 0;
  readonly statusFaults: string[] = [];
  private shown = -1;

  protected override answer(reply: string): void {
    // A DA1 answer: the terminal has parsed a whole frame (or slice), query included.
    if (this.checkingStatus && /^\u001b\[\?[\d;]*c$/.test(reply)) this.checkStatus();
    if (this.answers++ === 0 && this.firstAnswerLateMs > 0) {
      setTimeout(() => super.answer(reply), this.firstAnswerLateMs);
      return;
    }
    super.answer(reply);
  }

  private checkStatus(): void {
    this.framesChecked++;
    const lines = this.lines();
    // The status line is the row above the key hints.
    const status = lines[lines.findIndex((line) => line.startsWith('Enter open')) - 1] ?? '';
    const selected = lines.findIndex((line, row) => PAGE_ID.test(line) && this.isHighlighted(row));
    const selectedPage = selected < 0 ? undefined : PAGE_ID.exec(lines[selected] ?? '')?.[1];
    const said = /row ([\d,]+)/.exec(status)?.[1]?.replaceAll(',', '');
    if (said === undefined || (selectedPage !== undefined && said !== selectedPage)) this.statusFaults.push(`status "${status.trim()}", selection on page ${selectedPage ?? 'none'}`);
  }

  protected override received(data: string): void {
    // Called from the pty's constructor too, before this class's fields are set.
    this.arrivedBytes = (this.arrivedBytes ?? 0) + Buffer.byteLength(data);
    super.received(data);
  }

  protected override reachedApp(data: string): void {
    this.pressesReached += data.split(PAGE_DOWN).length - 1;
    if (this.pressesReached === this.expectedPresses && Number.isNaN(this.arrivedAtLastPress)) this.arrivedAtLastPress = this.arrivedBytes;
  }

  /** Settles once what has arrived so far is on the screen. */
  drawnSoFar(): Promise<void> {
    return this.parsed;
  }

  protected override drawn(): void {
    this.lastDataAt = performance.now();
    const first = firstListed(this);
    if (first !== this.shown) {
      this.shown = first;
      this.changes++;
      this.lastChangeAt = performance.now();
    }
  }
}

/** Opens grp-1, then presses j `presses` times, each once the one before is drawn; the bytes each press brought. */
async function pressJ(app: PtyApp, presses: number): Promise<string[]> {
  await app.waitFor('Evergreen Landing Pages', 20_000);
  app.write('\r');
  await app.waitFor((s) => s.includes('grp-1-p1 ') && app.isHighlighted(app.rowOf('grp-1-p1 ')), 20_000);
  const frames: string[] = [];
  for (let n = 2; n <= presses + 1; n++) {
    const before = app.raw.length;
    app.write('j');
    await app.waitFor(() => app.isHighlighted(app.rowOf(`grp-1-p${n} `)));
    frames.push(app.raw.slice(before));
  }
  return frames;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once nothing has reached the screen for `quietMs` and the link is empty. */
async function quiet(app: WatchedApp, quietMs: number, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    await app.drawnSoFar();
    if (!app.down.busy() && !app.up.busy() && performance.now() - app.lastDataAt >= quietMs) return;
    if (performance.now() > deadline) throw new Error(`the screen never settled:\n${app.screen()}`);
    await sleep(50);
  }
}

interface HeldPageDown {
  readonly pagesBehindAtRelease: number;
  readonly catchUpMs: number;
  readonly bytes: number;
  /** The longest queue on the link while the key was held, in ms of its bandwidth: how far behind the app the screen could fall. */
  readonly mostQueuedMs: number;
  /** Bytes that reached the terminal after the last press reached the app: a backlog of older screens, or only the newest one. */
  readonly bytesAfterLastPress: number;
  /** Whether the screen ends on the page of the selection, with the selection drawn. */
  readonly endsOnSelection: boolean;
  /** The list rows the screen ends with, and how many of them show their page (none left blank). */
  readonly listRows: number;
  readonly rowsFilled: number;
  /** Frames (slices) the terminal answered while the key was held, and those whose status line was blank or spoke of another row than the selection shown. */
  readonly framesChecked: number;
  readonly statusFaults: readonly string[];
}

/** Holds PgDn at 10/s for 3 s over `link` on grp-1 and measures what the screen did. */
async function holdPageDown(link: LinkOptions, firstAnswerLateMs = 0): Promise<HeldPageDown> {
  const app = new WatchedApp(['--demo'], { cols: 120, rows: 40 }, link);
  app.firstAnswerLateMs = firstAnswerLateMs;
  try {
    await app.waitFor('Evergreen Landing Pages', 20_000);
    app.write('\r');
    await app.waitFor('grp-1-p1 ', 20_000);
    await quiet(app, 500);
    const start = firstListed(app);
    const bytesBefore = app.down.bytes;
    app.down.resetQueued();
    app.expectedPresses = PRESSES;
    app.checkingStatus = true;
    const sentAt: number[] = [];
    for (let i = 0; i < PRESSES; i++) {
      app.write(PAGE_DOWN);
      sentAt.push(performance.now());
      if (i < PRESSES - 1) await sleep(PRESS_EVERY_MS);
    }
    const releasedAt = performance.now();
    const mostQueuedMs = app.down.mostQueuedMs;
    await app.drawnSoFar();
    app.checkingStatus = false;
    const atRelease = firstListed(app);
    // The selection at release: the presses that have reached the app (the link takes rtt/2 up).
    const arrived = sentAt.filter((at) => at + link.rttMs / 2 <= releasedAt).length;
    await quiet(app, 1_500);
    const end = firstListed(app);
    const pageRows = (end - start) / PRESSES;
    expect(pageRows).toBeGreaterThan(10);
    const held = {
      // Whole pages: the first press moves less than a page (the selection starts on the first row).
      pagesBehindAtRelease: arrived - Math.round((atRelease - start) / pageRows),
      catchUpMs: Math.max(0, app.lastChangeAt - releasedAt),
      bytes: app.down.bytes - bytesBefore,
      mostQueuedMs: Math.round(mostQueuedMs),
      bytesAfterLastPress: app.arrivedBytes - app.arrivedAtLastPress,
      endsOnSelection: app.lines().some((line, row) => PAGE_ID.test(line) && app.isHighlighted(row)) && app.screen().includes(`grp-1-p${end} `),
      listRows: lastListed(app) - end + 1,
      rowsFilled: app.lines().filter((line) => PAGE_ID.test(line)).length,
      framesChecked: app.framesChecked,
      statusFaults: app.statusFaults,
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
  it('sends only the newest of the pages PgDn passes when held at 10/s over 64 kbit/s and 150 ms, and stops with the key', async () => {
    const held = await holdPageDown({ rttMs: 150, kbit: 64 });
    // Every frame sent, as before pacing: 66 KB, a queue on the link that grew to 5 s, and after the
    // last press had reached the app 44 KB of older pages still to cross it. Paced: what is on its
    // way and the newest screen, however loaded the machine. The total is no measure: a loaded
    // machine stretches the 3 s the key is held, and the link carries more in the longer time
    // (46 KB with the terminal's process busy 2/3 of the time, its queue never over 400 ms). How
    // far behind and for how long is timed by bench/link-pacing.mjs, not here.
    const figures = JSON.stringify(held);
    expect(held.bytesAfterLastPress, figures).toBeLessThan(8_000);
    expect(held.mostQueuedMs, figures).toBeLessThan(1_000);
    expect(held.endsOnSelection).toBe(true);
    // Rows a slice could not carry while the key was held are blanked; once it is let go, every one is drawn.
    expect(held.listRows).toBeGreaterThan(30);
    expect(held.rowsFilled).toBe(held.listRows);
    // Every slice carries the status line with the rows it speaks of: never blank, never another row's.
    expect(held.framesChecked, figures).toBeGreaterThan(5);
    expect(held.statusFaults).toEqual([]);
  }, 60_000);

  it('paces held keys in slices too when the terminal answered its first query (the colour query at start) late', async () => {
    // Before, the late answer was taken for the first frame's, the first frame's for the second's:
    // a 2.3 KB frame seemed answered in 92 ms, the link was never learnt, and every page went out
    // whole (7 writes in 3 s) — or, in the runs where such a sample drew a line too flat, unpaced.
    const held = await holdPageDown({ rttMs: 150, kbit: 64 }, 1_500);
    const figures = JSON.stringify(held);
    expect(held.bytesAfterLastPress, figures).toBeLessThan(8_000);
    expect(held.mostQueuedMs, figures).toBeLessThan(1_000);
    expect(held.framesChecked, figures).toBeGreaterThan(15);
    expect(held.statusFaults).toEqual([]);
  }, 60_000);

  it('on a local terminal draws each j as it comes, with one query and nothing else added', async () => {
    const app = new PtyApp(['--demo'], { cols: 120, rows: 40 });
    try {
      for (const chunk of await pressJ(app, 8)) {
        // Usually one frame; another (a load finishing, the status clock) may share the moment.
        // Each frame is followed by exactly one query: no query alone, none twice.
        expect(chunk.endsWith(DA1_QUERY)).toBe(true);
        const frames = chunk.split(DA1_QUERY).slice(0, -1);
        expect(frames.length).toBeGreaterThan(0);
        for (const frame of frames) expect(frame).not.toBe('');
      }
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  }, 60_000);

  it('draws keys on a terminal that never answers, and stops asking it', async () => {
    const app = new LinkedApp(['--demo'], { cols: 120, rows: 40 }, { rttMs: 150, silent: true });
    try {
      const frames = await pressJ(app, 12);
      // A few frames wait out the time limit; then the terminal is asked no more.
      expect(frames.slice(-4).join('')).not.toContain(DA1_QUERY);
      expect(app.screen()).not.toMatch(/\[\?|1;2c/);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  }, 60_000);
});
