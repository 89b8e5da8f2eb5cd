/**
 * When a screen counts as the one that stays (the key was let go), so that its rows may fill the
 * whole of bandwidth × round trip (link-estimate.ts). While keys come (a held key) the screen is
 * still once they stop and the screen drawn after the last one is in: a busy app may draw that
 * screen long after its key, and the screen before it is not the one that stays. Otherwise (data
 * arriving, no keys) it is still once it has not changed for a while, at the pace changes came.
 */

/**
 * A screen unchanged this long is taken as the one that stays. Keys held repeat at least ~10
 * times a second. (110 ms against 150 ms: every row on the screen ~50 ms sooner after release, as
 * many bytes.) Where the screen has been changing more slowly (a busy app draws held keys' pages
 * late), a still screen is one unchanged for STILL_OVER_PACE times that pace, or the link would be
 * filled with the rows of passing pages.
 */
const STILL_MS = 110;
const STILL_OVER_PACE = 1.25;
/** Draws closer than this are taken as one run of changes (a held key); a longer wait is a pause. */
const KEEPS_COMING_MS = 500;
/** Keys closer than this drive the screen: it is still once they stop (and their screen is drawn), however slowly the app draws. */
const KEYS_DRIVE_MS = 1_000;

/** What the screen did lately. */
export interface Stillness {
  /** How long ago the screen last changed (0 while the last key's screen is still to be drawn). */
  readonly stillForMs: number;
  /** The longest recent wait between changes while they kept coming (a held key's repeat, or a busy app's pace). */
  readonly changesEveryMs: number;
}

/** When the last key was read (performance.now()) and the pace keys came at (0: none in a run yet). */
export interface KeyPace {
  readonly lastAt: number;
  readonly everyMs: number;
}

/** Milliseconds until a screen that does not change again counts as still; 0 or less: it is. */
export function msUntilStill(screen: Stillness): number {
  return Math.max(STILL_MS, STILL_OVER_PACE * screen.changesEveryMs) - screen.stillForMs;
}

/** The draws of the screen to send, and how still it has been. */
export class ScreenDraws {
  private drewAt = Number.NEGATIVE_INFINITY;
  /** The longest recent wait between draws shorter than KEEPS_COMING_MS, decaying. */
  private drawGapMs = 0;

  drew(now = performance.now()): void {
    const gap = now - this.drewAt;
    if (gap < KEEPS_COMING_MS) this.drawGapMs = Math.max(gap, this.drawGapMs * 0.8);
    this.drewAt = now;
  }

  stillness(keys: KeyPace | undefined, now = performance.now()): Stillness {
    if (keys === undefined || now - keys.lastAt >= KEYS_DRIVE_MS) return { stillForMs: now - this.drewAt, changesEveryMs: this.drawGapMs };
    return { stillForMs: this.drewAt >= keys.lastAt ? now - keys.lastAt : 0, changesEveryMs: keys.everyMs };
  }
}
