/**
 * Frames paced to the terminal's answers (src/ui/render/frame-pacer.ts): a frame goes out with a
 * DA1 query; while it is unanswered later frames only change the screen model, and the answer
 * sends the newest screen. A late or silent terminal never stalls the screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiffWriter } from '../../src/ui/render/index.js';
import { FramePacer } from '../../src/ui/render/frame-pacer.js';
import { FakeReplies } from './fake-replies.js';
import { InkLikeLog } from './frames.js';

const DA1_QUERY = '\u001B[c';

function rig() {
  const replies = new FakeReplies();
  const sent: string[] = [];
  const writer = new DiffWriter({ columns: 40, rows: 5, write: (data) => sent.push(data) });
  writer.pace(new FramePacer(replies));
  const log = new InkLikeLog();
  const frame = (text: string) => writer.write(log.frame(text));
  return { replies, sent, frame };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('frames paced to the terminal', () => {
  it('sends each frame at once, with one query, when the terminal answers at once (a local terminal)', () => {
    const { replies, sent, frame } = rig();
    for (const word of ['alpha', 'beta', 'gamma']) {
      frame(word);
      replies.answer();
    }
    expect(sent).toHaveLength(3);
    for (const data of sent) {
      expect(data.endsWith(DA1_QUERY)).toBe(true);
      expect(data.split(DA1_QUERY)).toHaveLength(2);
    }
    expect(sent[2]).toContain('gamma');
    // Nothing owed: the reader is not kept listening.
    expect(replies.listeners.size).toBe(0);
  });

  it('holds frames while one is unanswered and sends only the newest screen on the answer', () => {
    const { replies, sent, frame } = rig();
    frame('page 1');
    frame('page 2');
    frame('page 3');
    frame('page 4');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('page 1');
    replies.answer();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain('4');
    expect(sent[1]).not.toMatch(/[23]/);
  });

  it('takes only DA1 answers for acknowledgements', () => {
    const { replies, sent, frame } = rig();
    frame('a');
    frame('b');
    replies.answer('\u001B]11;rgb:ffff/ffff/ffff\u001B\\');
    replies.answer('\u001B[5;1R');
    expect(sent).toHaveLength(1);
    replies.answer();
    expect(sent).toHaveLength(2);
  });

  it('sends the waiting frame after a second when no answer comes, then asks a terminal that never answered no more, until it answers after all', () => {
    const { replies, sent, frame } = rig();
    frame('a');
    frame('b');
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
    // A whole wait ran out and no answer ever came: frames now go out at once, with no query.
    frame('c');
    expect(sent.at(-1)).toContain('c');
    expect(sent.at(-1)).not.toContain(DA1_QUERY);
    // The terminal answers after all (it was slow at first): frames are paced by its answers again.
    replies.answer();
    frame('d');
    expect(sent.at(-1)).toContain(DA1_QUERY);
    frame('e');
    expect(sent.at(-1)).toContain('d');
    replies.answer();
    expect(sent.at(-1)).toContain('e');
  });

  it('asks nothing of a terminal that has left a query unanswered for a whole wait already (the colour query at start), so the first keys are not held', () => {
    const { replies, sent, frame } = rig();
    replies.askedElsewhere();
    vi.advanceTimersByTime(1_000);
    frame('a');
    frame('b');
    expect(sent).toHaveLength(2);
    expect(sent.join('')).not.toContain(DA1_QUERY);
  });

  it('waits twice the measured round trip once the terminal has answered, and a late answer acknowledges nothing new', () => {
    const { replies, sent, frame } = rig();
    frame('a');
    vi.advanceTimersByTime(200);
    replies.answer(); // a round trip of 200 ms: frames now wait 400 ms at most
    frame('b');
    frame('c');
    vi.advanceTimersByTime(399);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toContain('c');
    frame('d');
    // b's answer, late: c is still unanswered, so d waits.
    replies.answer();
    expect(sent).toHaveLength(3);
    replies.answer();
    expect(sent).toHaveLength(4);
    expect(sent[3]).toContain('d');
  });

  it('lengthens the wait with an answer that came after it ran out, so a queued-up link is not sent more', () => {
    const { replies, sent, frame } = rig();
    frame('a');
    vi.advanceTimersByTime(200);
    replies.answer(); // 200 ms: frames wait 400 ms at most
    frame('b');
    vi.advanceTimersByTime(400); // b's wait runs out: taken as shown
    vi.advanceTimersByTime(200);
    replies.answer(); // b's answer, 600 ms after it left: frames now wait up to the 1 s cap
    frame('c');
    frame('d');
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(3);
    replies.answer();
    expect(sent).toHaveLength(4);
    expect(sent[3]).toContain('d');
  });

  it('at exit waits for the last answer as long as the measured round trip needs, past the usual cap', async () => {
    const replies = new FakeReplies();
    const writer = new DiffWriter({ columns: 40, rows: 5, write: () => {} });
    const pacer = new FramePacer(replies);
    writer.pace(pacer);
    const log = new InkLikeLog();
    writer.write(log.frame('a'));
    vi.advanceTimersByTime(900);
    // A round trip of 900 ms: the last frame's answer may take longer than the 1 s cap (at
    // 9.6 kbit/s and 600 ms it came after ~1.8 s, and `1;2c` was typed at the shell's prompt).
    replies.answer();
    writer.write(log.frame('b'));
    let settled = false;
    void pacer.settled(1_000).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(1_400);
    expect(settled).toBe(false);
    replies.answer();
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
  });

  it('at exit waits no longer than the cap for a terminal that has never answered', async () => {
    const replies = new FakeReplies();
    const writer = new DiffWriter({ columns: 40, rows: 5, write: () => {} });
    const pacer = new FramePacer(replies);
    writer.pace(pacer);
    writer.write(new InkLikeLog().frame('a'));
    let settled = false;
    void pacer.settled(300).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
