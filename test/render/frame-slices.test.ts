/**
 * Frames in slices on a slow link (src/ui/render/frame-pacer.ts, link-estimate.ts, row-slices.ts):
 * once the answers show a long round trip and a time per byte, a frame goes out a few rows at a
 * time, and a screen drawn while an older one is on its way is the one the next slice is cut
 * from, its top rows first, with rows it cannot carry yet blanked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiffWriter } from '../../src/ui/render/index.js';
import { FramePacer } from '../../src/ui/render/frame-pacer.js';
import { LinkEstimate, maySend } from '../../src/ui/render/link-estimate.js';
import { FakeReplies } from './fake-replies.js';
import { InkLikeLog } from './frames.js';
import { feed, makeTerminal, screenText } from './terminal.js';

const COLUMNS = 60;
const ROWS = 20;
const PAGE_ROWS = 18;

const WORDS = ['landing', 'checkout', 'teaser', 'offer', 'comparison', 'signup form', 'thank-you page'];

/** A page of rows that share little with another page's (as a list's next page does). */
function page(n: number): string {
  const row = (i: number) => `page ${n} row ${i + 1} ${WORDS[(n * 3 + i) % WORDS.length]} ${String(n * 7_919 + i * 104_729).padStart(9, '0')}`;
  return Array.from({ length: PAGE_ROWS }, (_, i) => row(i)).join('\n');
}

/**
 * A writer paced over a link of 8 bytes a millisecond and 150 ms round trip: each write is
 * answered once its bytes have crossed (after those before it) and the answer has come back.
 */
function slowLink(replies = new FakeReplies(), answersFrom = 0) {
  /** Each write, when it left and when its last byte reached the terminal. */
  const writes: { at: number; data: string; arrivesAt: number }[] = [];
  let linkFreeAt = 0;
  const writer = new DiffWriter({
    columns: COLUMNS,
    rows: ROWS,
    write: (data) => {
      const now = performance.now();
      linkFreeAt = Math.max(now, linkFreeAt) + Buffer.byteLength(data) / 8;
      // A terminal (or link) slow at first holds its answers until `answersFrom`, then gives them in order.
      const answeredAt = Math.max(linkFreeAt + 150, answersFrom);
      writes.push({ at: now, data, arrivesAt: linkFreeAt + 75 });
      setTimeout(() => replies.answer(), answeredAt - now);
    },
  });
  writer.pace(new FramePacer(replies));
  const log = new InkLikeLog();
  return { writes, draw: (text: string) => writer.write(log.frame(text)) };
}

/** Keys as the input reader reports them: the last one's time, at a pace of one every 100 ms. */
class KeyedReplies extends FakeReplies {
  lastAt: number | undefined;
  keys() {
    return this.lastAt === undefined ? undefined : { lastAt: this.lastAt, everyMs: 100 };
  }
}

/** A small frame and a large one, each answered with nothing else on the way: the link is learnt. */
function learnLink(draw: (text: string) => void): void {
  draw('hello');
  vi.advanceTimersByTime(1_000);
  draw(page(1));
  vi.advanceTimersByTime(1_000);
}

/** Keys every 100 ms bring pages 2 to 12, each drawn `drawnAfter(n)` ms after its key; ends as the last is drawn. */
function pressKeys(replies: KeyedReplies, draw: (text: string) => void, drawnAfter: (n: number) => number): void {
  for (let n = 2; n <= 12; n++) {
    replies.lastAt = performance.now();
    vi.advanceTimersByTime(drawnAfter(n));
    draw(page(n));
    if (n < 12) vi.advanceTimersByTime(100 - drawnAfter(n));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('frames in slices on a slow link', () => {
  it('sends a newer screen drawn mid-frame from its top rows, blanks the older rows it cannot carry yet, and ends on the newest screen', async () => {
    const { writes, draw } = slowLink();
    learnLink(draw);
    expect(writes).toHaveLength(2);

    draw(page(2));
    const firstSlice = writes.length;
    vi.advanceTimersByTime(50);
    const beforeNewest = writes.length;
    draw(page(3));
    vi.advanceTimersByTime(5_000);
    // The terminal's parser runs on real timers.
    vi.useRealTimers();

    // Sliced: the first write carries a few rows, not the page; the rows it cannot carry are blanked.
    const term = makeTerminal(COLUMNS, ROWS);
    for (const { data } of writes.slice(0, firstSlice)) await feed(term, data);
    const lines = screenText(term).split('\n');
    expect(lines[0]).toMatch(/^page 2 row 1 /);
    expect(lines[PAGE_ROWS - 1]).toBe('');
    expect(screenText(term)).not.toMatch(/page 1 row/);
    for (const { data } of writes.slice(firstSlice, beforeNewest)) await feed(term, data);
    let newestShown = false;
    for (const { data } of writes.slice(beforeNewest)) {
      await feed(term, data);
      const screen = screenText(term);
      // The first write after page 3 was drawn is cut from page 3, from its top row.
      if (!newestShown) expect(screen.split('\n')[0]).toMatch(/^page 3 row 1 /);
      newestShown = true;
      // Never an older page's rows under a newer page's: rows not yet sent are blank.
      expect(screen).not.toMatch(/page [12] row/);
    }
    expect(screenText(term)).toBe(screenText(await freshTerminal(page(3))));
  });

  it("sends a newer page's first rows the moment it is drawn while keys come every 100 ms, and the last page's rest at the link's full rate once they stop", async () => {
    const { writes, draw } = slowLink();
    learnLink(draw);
    const drawnAt = new Map<number, number>();
    const from = writes.length;
    for (let n = 2; n <= 21; n++) {
      drawnAt.set(n, performance.now());
      draw(page(n));
      vi.advanceTimersByTime(100);
    }
    const lastDrawnAt = performance.now() - 100;
    vi.advanceTimersByTime(5_000);
    vi.useRealTimers();

    const term = makeTerminal(COLUMNS, ROWS);
    for (const { data } of writes.slice(0, from)) await feed(term, data);
    const firstRowWait = new Map<number, number>();
    for (const { at, data } of writes.slice(from)) {
      await feed(term, data);
      const n = Number(/^page (\d+) row 1 /.exec(screenText(term).split('\n')[0] ?? '')?.[1]);
      if (!firstRowWait.has(n)) firstRowWait.set(n, at - (drawnAt.get(n) ?? Number.NaN));
    }
    // Every page's first row left as it was drawn: none waited for an answer to make room.
    expect([...firstRowWait.keys()]).toEqual([...drawnAt.keys()]);
    expect(Math.max(...firstRowWait.values())).toBe(0);
    expect(screenText(term)).toBe(screenText(await freshTerminal(page(21))));
    // The last page (~1 KB) all on the screen within the wait for stillness (110 ms), its bytes'
    // time at 8 bytes a millisecond (~130 ms) and the link's 75 ms: ~230 ms as this runs.
    const allShownAfter = (writes.at(-1)?.arrivesAt ?? Number.NaN) - lastDrawnAt;
    expect(allShownAfter).toBeLessThan(320);
  });

  it("while keys drive the screen, a busy app's late page is the one that stays: the page before is not filled in meanwhile, and the last one fills at once", async () => {
    const replies = new KeyedReplies();
    const { writes, draw } = slowLink(replies);
    learnLink(draw);
    // A key every 100 ms, each page drawn 40 ms after its key; the last key's page 250 ms after it.
    pressKeys(replies, draw, (n) => (n === 12 ? 250 : 40));
    const lastDrawnAt = performance.now();
    vi.advanceTimersByTime(5_000);
    vi.useRealTimers();
    const term = makeTerminal(COLUMNS, ROWS);
    for (const { data } of writes) await feed(term, data);
    expect(screenText(term)).toBe(screenText(await freshTerminal(page(12))));
    // ~1 KB: its bytes' time at 8 a millisecond and the link's 75 ms, with nothing of page 11 in its way.
    const allShownAfter = (writes.at(-1)?.arrivesAt ?? Number.NaN) - lastDrawnAt;
    expect(allShownAfter).toBeLessThan(260);
  });

  it('sends the rest of the last page the moment the keys have stopped long enough, not at the next answer', async () => {
    const replies = new KeyedReplies();
    const { writes, draw } = slowLink(replies);
    learnLink(draw);
    // A key every 100 ms, each page drawn 5 ms after its key.
    pressKeys(replies, draw, () => 5);
    vi.advanceTimersByTime(95);
    const lastKeyAt = replies.lastAt ?? Number.NaN;
    // Still once no key came for 1.25 times their pace: the rows not yet sent may then fill the link.
    const stillAt = lastKeyAt + 125;
    const sentBeforeStill = writes.filter((w) => w.at < stillAt).length;
    vi.advanceTimersByTime(5_000);
    vi.useRealTimers();
    const term = makeTerminal(COLUMNS, ROWS);
    for (const { data } of writes) await feed(term, data);
    expect(screenText(term)).toBe(screenText(await freshTerminal(page(12))));
    const next = writes[sentBeforeStill];
    expect(next).toBeDefined();
    expect((next?.at ?? Number.NaN) - stillAt).toBeLessThan(2);
  });

  it("does not take the late answer to a query asked before its own (the colour query at start) for a frame's", () => {
    const replies = new FakeReplies();
    replies.askedElsewhere();
    // The terminal answers nothing for 900 ms, then the colour query's DA1 first and the frames' after it.
    setTimeout(() => replies.answer(), 900);
    const { writes, draw } = slowLink(replies, 900);
    draw('hello');
    vi.advanceTimersByTime(500);
    // Drawn while the first is unanswered: it goes on the first answer, and the next answer is the first frame's.
    draw(page(1));
    vi.advanceTimersByTime(1_500);
    draw('bye');
    vi.advanceTimersByTime(1_000);
    expect(writes).toHaveLength(3);
    // Two sizes answered as they crossed the link: it is learnt as slow, and a page goes out in slices.
    draw(page(2));
    const whole = Buffer.byteLength(writes[1]?.data ?? '');
    expect(Buffer.byteLength(writes[3]?.data ?? '')).toBeLessThan(whole / 2);
  });

  it('sends each frame whole on a local terminal (answers within a millisecond)', () => {
    const replies = new FakeReplies();
    const writes: string[] = [];
    const writer = new DiffWriter({ columns: COLUMNS, rows: ROWS, write: (data) => writes.push(data) });
    writer.pace(new FramePacer(replies));
    const log = new InkLikeLog();
    for (const n of [1, 2, 3, 4]) {
      writer.write(log.frame(n % 2 ? 'hello' : page(n)));
      replies.answer();
    }
    expect(writes).toHaveLength(4);
    expect(writes[3]).toContain(`page 4 row ${PAGE_ROWS} `);
  });
});

describe('the link as learnt from the answers', () => {
  it('draws the round trip and time per byte under noisy answers (a busy app reads some late)', () => {
    const link = new LinkEstimate();
    // 150 ms and 8 bytes a millisecond, answers read 0–650 ms late.
    for (const [bytes, late] of [
      [32, 640],
      [3_838, 47],
      [578, 100],
      [649, 0],
      [156, 170],
      [1_999, 0],
    ] as const) {
      link.answered(bytes, 150 + bytes / 8 + late);
    }
    const budget = link.budget();
    expect(budget?.inFlight).toBeGreaterThan(0.5 * 1_200);
    expect(budget?.inFlight).toBeLessThan(1_200);
    expect(budget?.slice).toBeGreaterThanOrEqual(128);
    expect(budget?.full).toBeGreaterThan(0.9 * 1_200);
    expect(budget?.full).toBeLessThan(1.5 * 1_200);
  });

  it('learns from the answers to slices sent while others were on their way, not only from frames sent alone', () => {
    const replies = new FakeReplies();
    const pacer = new FramePacer(replies);
    const answerAfter = answering(pacer, replies);
    // Start-up at load ~15 (64 kbit/s, 150 ms): the small frame's answer read ~80 ms late.
    answerAfter(3_838, 647);
    answerAfter(2_691, 503);
    answerAfter(156, 251);
    // Alone, those say 236 ms and 10 bytes a millisecond: slices of ~325 B in ~1.3 KB.
    expect(pacer.allowance()).toBeGreaterThan(300);
    // Slices of 300 B every 94 ms, each answered 188 ms after it left but the first (alone, read
    // late): every other one left while another was on its way.
    const events = Array.from({ length: 12 }, (_, k) => [
      { at: 94 * k, act: () => pacer.sent(300) },
      { at: k === 0 ? 250 : 94 * k + 188, act: () => replies.answer() },
    ]).flat();
    let now = 0;
    for (const { at, act } of events.sort((a, b) => a.at - b.at)) {
      vi.advanceTimersByTime(at - now);
      now = at;
      act();
    }
    // 150 ms and 8 bytes a millisecond: ~660 B on the way, in slices of a quarter of it.
    expect(pacer.allowance()).toBeGreaterThan(140);
    expect(pacer.allowance()).toBeLessThan(180);
  });

  it('counts slices whose wait ran out as still on their way, so a busy app reading answers late does not queue up the link', () => {
    const replies = new FakeReplies();
    const pacer = new FramePacer(replies);
    const answerAfter = answering(pacer, replies);
    // 150 ms and 8 bytes a millisecond, learnt: ~1.2 KB may be on its way for a newer screen.
    answerAfter(3_838, 630);
    answerAfter(2_691, 487);
    answerAfter(156, 170);
    for (let i = 0; i < 10; i++) answerAfter(300, 188);
    pacer.drew();
    for (let i = 0; i < 5; i++) pacer.sent(300);
    // The app does not read the answers for 500 ms: every wait (twice the round trip) runs out.
    vi.advanceTimersByTime(500);
    pacer.drew();
    expect(pacer.open()).toBe(false);
    replies.answer();
    replies.answer();
    expect(pacer.open()).toBe(true);
  });

  it('learns the link from answers to slices sent while others were on their way, when the few answers to frames sent alone were read late', () => {
    const link = new LinkEstimate();
    // As measured at load ~15 (64 kbit/s, 150 ms): the start-up's frames, the small one's answer
    // read ~80 ms late, which alone gave a round trip of 236 ms and 10 bytes a millisecond.
    link.answered(3_838, 647);
    link.answered(2_691, 503);
    link.answered(156, 251);
    // Then slices of ~300 B, each after 187 ms at best (queued behind others, or read late).
    for (const [bytes, delayMs] of [
      [310, 230],
      [296, 188],
      [322, 260],
      [288, 199],
      [341, 197],
    ] as const) {
      link.answered(bytes, delayMs);
    }
    const full = link.budget()?.full ?? 0;
    expect(full).toBeGreaterThan(0.9 * 1_200);
    expect(full).toBeLessThan(1.25 * 1_200);
  });

  it("lets a newer screen's first slice use all of bandwidth × round trip, the rest of a screen a share of it while screens keep coming, and all of it once the screen stays still", () => {
    const budget = { inFlight: 660, full: 1_200, slice: 256 };
    const changing = { fresh: false, stillForMs: 40, changesEveryMs: 100 };
    expect(maySend(budget, 400, 256, changing)).toBe(true);
    expect(maySend(budget, 500, 256, changing)).toBe(false);
    expect(maySend(budget, 1_000, 256, { fresh: true, stillForMs: 0, changesEveryMs: 100 })).toBe(true);
    expect(maySend(budget, 1_200, 256, { fresh: true, stillForMs: 0, changesEveryMs: 100 })).toBe(false);
    expect(maySend(budget, 1_000, 256, { fresh: false, stillForMs: 109, changesEveryMs: 0 })).toBe(false);
    expect(maySend(budget, 1_000, 256, { fresh: false, stillForMs: 110, changesEveryMs: 0 })).toBe(true);
    // Still, a slice more may be on its way, so that the link never idles for an answer.
    expect(maySend(budget, 1_400, 256, { fresh: false, stillForMs: 110, changesEveryMs: 0 })).toBe(true);
    expect(maySend(budget, 1_456, 256, { fresh: false, stillForMs: 110, changesEveryMs: 0 })).toBe(false);
    // A busy app drawing a held key's pages every 200 ms: still only after 250 ms.
    expect(maySend(budget, 1_000, 256, { fresh: false, stillForMs: 249, changesEveryMs: 200 })).toBe(false);
    expect(maySend(budget, 1_000, 256, { fresh: false, stillForMs: 250, changesEveryMs: 200 })).toBe(true);
  });

  it('gives no budget (whole frames) before two sizes are measured, or on a local terminal', () => {
    const unknown = new LinkEstimate();
    unknown.answered(200, 180);
    unknown.answered(400, 205);
    expect(unknown.budget()).toBeUndefined();
    const local = new LinkEstimate();
    local.answered(30, 1);
    local.answered(4_000, 6);
    expect(local.budget()).toBeUndefined();
    // A local terminal on a busy machine: slow answers, but one came at once.
    const busy = new LinkEstimate();
    busy.answered(200, 3);
    busy.answered(30, 90);
    busy.answered(4_000, 160);
    expect(busy.budget()).toBeUndefined();
  });
});

/** Sends a frame of `bytes` and answers it `delayMs` later. */
function answering(pacer: FramePacer, replies: FakeReplies) {
  return (bytes: number, delayMs: number) => {
    pacer.sent(bytes);
    vi.advanceTimersByTime(delayMs);
    replies.answer();
  };
}

async function freshTerminal(text: string) {
  const term = makeTerminal(COLUMNS, ROWS);
  await feed(term, `${text.replaceAll('\n', '\r\n')}\r\n`);
  return term;
}
