/**
 * Frames paced by time, where the terminal never answers its queries (frame-pacer.ts has given up
 * asking) and so cannot say what it has shown. While keys come in a run (a held key), a frame goes
 * out only once the one before would have crossed a thin link (BYTES_PER_MS), each the newest
 * screen (the diff writer draws the ones between into its model only): over a slow link the screen
 * shows where the key is instead of a queue of the pages it passed (a 120x40 page, ~1.9 KB: four a
 * second). A key after a pause, any change while no key is held, and small frames (`j`: a few
 * hundred bytes) go out as before, so a local terminal's keystrokes are drawn as soon as before.
 */

import type { KeyPace } from './stillness.js';

/** The thinnest link paced for: 64 kbit/s. */
const BYTES_PER_MS = 8;
/** Keys this recent, with others close before them, are a run. */
const KEYS_IN_A_RUN_MS = 1_000;


export class TimePacing {
  private nextAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;

  /** `keys`: the pace of keys as read; `onOpen`: called when a frame held back may go out. */
  constructor(
    private readonly keys: () => KeyPace | undefined,
    private readonly onOpen: () => void,
  ) {}

  /** True when a frame may go out now; else the window opens by itself once the frame before has crossed. */
  open(): boolean {
    const now = performance.now();
    const keys = this.keys();
    const inRun = keys !== undefined && keys.everyMs > 0 && now - keys.lastAt < KEYS_IN_A_RUN_MS;
    const waitMs = this.nextAt - now;
    if (!inRun || waitMs <= 0) return true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.onOpen();
    }, waitMs);
    return false;
  }

  /** A frame of `bytes` went out. */
  sent(bytes: number): void {
    this.nextAt = performance.now() + bytes / BYTES_PER_MS;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
