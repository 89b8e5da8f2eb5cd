/**
 * What a frame marks (src/ui/render/frame-mark.ts): its status line goes out before its other
 * rows, and the pacer remembers, frame by frame, whether the screen the terminal has answered
 * said Esc stops something.
 */
import { afterEach, expect, it } from 'vitest';
import { DiffWriter } from '../../src/ui/render/index.js';
import { carryFrameMarks, frameMarkSequence } from '../../src/ui/render/frame-mark.js';
import { FramePacer } from '../../src/ui/render/frame-pacer.js';
import { FakeReplies } from './fake-replies.js';
import { InkLikeLog } from './frames.js';

const ROWS = 12;

/** A list of `ROWS - 2` rows for page `n`, then its status line (marked), as ink's Output ends a frame. */
function frame(n: number, status: string, escStops: boolean): string {
  const rows = Array.from({ length: ROWS - 2 }, (_, i) => `page ${n} row ${i + 1}`);
  return [...rows, status].join('\n') + frameMarkSequence(ROWS - 2, escStops, ROWS - 1);
}

afterEach(() => carryFrameMarks(false));

it('sends the status line before the rows above it, in a whole frame', () => {
  carryFrameMarks(true);
  const writes: string[] = [];
  const writer = new DiffWriter({ columns: 40, rows: ROWS, write: (data) => writes.push(data) });
  const log = new InkLikeLog();
  writer.write(log.frame(frame(1, 'row 1 · 10 loaded', false)));
  writer.write(log.frame(frame(2, 'row 11 · 20 loaded, loading…', false)));
  const second = writes.at(-1) ?? '';
  // Only changed cells go out (the status's count, each row's page number): the first place written is the status line's row.
  expect(second).toContain('20 loaded');
  expect(/\u001B\[(\d+);\d+H/.exec(second)?.[1]).toBe(String(ROWS - 1));
});

it('knows, once the terminal answers a frame, whether that frame said Esc stops something', () => {
  carryFrameMarks(true);
  const replies = new FakeReplies();
  const pacer = new FramePacer(replies);
  const writer = new DiffWriter({ columns: 40, rows: ROWS, write: () => {} });
  writer.pace(pacer);
  const log = new InkLikeLog();
  writer.write(log.frame(frame(1, 'loading… — going to the end, Esc to stop', true)));
  expect(pacer.shown()).toBeUndefined();
  replies.answer();
  expect(pacer.shown()).toEqual({ frame: 1, escStops: true });
  writer.write(log.frame(frame(2, 'all 20 loaded', false)));
  expect(pacer.framesSent()).toBe(2);
  // Sent, not yet answered: the terminal still shows the frame that said Esc stops.
  expect(pacer.shown()).toEqual({ frame: 1, escStops: true });
  replies.answer();
  expect(pacer.shown()).toEqual({ frame: 2, escStops: false });
  pacer.dispose();
});
