/**
 * A terminal that never answers (src/ui/render/frame-pacer.ts, time-pacing.ts): once the pacer has
 * given up asking, frames are paced by time while keys come in a run (a held key), each frame the
 * newest screen, so a slow link is not sent every page a held key passes. A key after a pause
 * still draws at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiffWriter } from '../../src/ui/render/index.js';
import { FramePacer } from '../../src/ui/render/frame-pacer.js';
import { FakeReplies } from './fake-replies.js';
import { InkLikeLog } from './frames.js';

/** Never answers; keys as the input reader reports them. */
class SilentReplies extends FakeReplies {
  lastKeyAt: number | undefined;
  keyEveryMs = 0;
  keys(): { lastAt: number; everyMs: number } | undefined {
    return this.lastKeyAt === undefined ? undefined : { lastAt: this.lastKeyAt, everyMs: this.keyEveryMs };
  }
}

function rig() {
  const replies = new SilentReplies();
  const sent: string[] = [];
  const writer = new DiffWriter({ columns: 120, rows: 40, write: (data) => sent.push(data) });
  writer.pace(new FramePacer(replies));
  const log = new InkLikeLog();
  const frame = (text: string) => writer.write(log.frame(text));
  /** A key read now, then the screen it draws: a page of 38 rows of 100 characters (most of its cells changed from the page before). */
  const pageOf = (text: string) => Array.from({ length: 38 }, (_, row) => `${text}:${row} `.repeat(12).slice(0, 100)).join('\n');
  const key = (text: string, everyMs: number, whole = true) => {
    replies.lastKeyAt = performance.now();
    replies.keyEveryMs = everyMs;
    frame(whole ? pageOf(text) : text);
  };
  return { sent, frame, key };
}

/** Draws until the pacer has given up on answers (three waits of 1 s run out). */
function giveUp(frame: (text: string) => void): void {
  for (let i = 0; i < 4; i++) {
    frame(`start ${i}`);
    vi.advanceTimersByTime(1_000);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('frames to a terminal that never answers', () => {
  it("sends a held key's pages only as fast as a 64 kbit/s link carries them, the newest each time, and the last one once the key is let go", () => {
    const { sent, frame, key } = rig();
    giveUp(frame);
    vi.advanceTimersByTime(2_000);
    const before = sent.length;
    for (let n = 1; n <= 30; n++) {
      key(`page ${n}`, 100);
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(1_000);
    const held = sent.slice(before);
    // Unpaced: 30 frames. Paced: one only once the one before would have crossed at 8 bytes a millisecond.
    expect(held.length).toBeLessThanOrEqual(15);
    expect(held.length).toBeGreaterThanOrEqual(5);
    expect(held.at(-1)).toContain('30'); // the cells where page 29's rows differ from page 30's
  });

  it('draws a key after a pause at once, and small changes (j) as they come', () => {
    const { sent, frame, key } = rig();
    giveUp(frame);
    vi.advanceTimersByTime(2_000);
    key('one', 0);
    expect(sent.at(-1)).toContain('one');
    vi.advanceTimersByTime(1_000);
    key('two', 0);
    expect(sent.at(-1)).toContain('two');
    for (let n = 1; n <= 10; n++) {
      vi.advanceTimersByTime(60);
      key(`row ${n}`, 60, false);
      expect(sent.at(-1)).toContain(`${n}`);
    }
  });
});
