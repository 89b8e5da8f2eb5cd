/**
 * A terminal that has answered, with answers running more than 2 s behind its queries and each
 * arriving in pieces (`ESC`, `[?`, `1;2c`, 100 ms apart): for as long as it still owes answers and
 * keeps answering, a lone ESC piece waits for the rest of its answer, so neither Esc nor `?` is
 * read. An Esc typed once the owed answers have come is the Esc key; one typed while a terminal that
 * stopped answering still owes is Esc after the owed wait, never held for good.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reader } from './fake-reader.js';

const ESC = '\u001b';
const DA1_ANSWER = `${ESC}[?1;2c`;

/** One answer in three pieces, 100 ms apart. */
async function answerInPieces(type: (text: string) => Promise<void>): Promise<void> {
  await type(ESC);
  vi.advanceTimersByTime(100);
  await type('[?');
  vi.advanceTimersByTime(100);
  await type('1;2c');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('answers owed more than 2 s after their queries', () => {
  it('reads each piece as part of an answer while the terminal keeps answering, then Esc as Esc', async () => {
    const { input, type, keys, replies } = reader();
    await type(DA1_ANSWER); // the start-up query's answer: this terminal answers
    // Two queries asked for every answer that comes (one every 250 ms) for 3.75 s...
    for (let i = 0; i < 15; i++) {
      input.expectReply();
      input.expectReply();
      await answerInPieces(type);
      vi.advanceTimersByTime(50);
    }
    // ...and the 15 answers still owed come after that, the last ones nearly 4 s after their queries.
    for (let i = 0; i < 15; i++) {
      await answerInPieces(type);
      vi.advanceTimersByTime(50);
    }
    expect(keys).toEqual([]);
    expect(replies).toHaveLength(31);
    // Nothing owed now: the Esc key is Esc at once.
    await type(ESC);
    vi.advanceTimersByTime(1);
    expect(keys).toEqual([ESC]);
  });

  it('takes an Esc typed before an owed answer for Esc, the answer after it for an answer', async () => {
    const { input, type, keys, replies } = reader();
    await type(DA1_ANSWER);
    input.expectReply();
    input.expectReply();
    vi.advanceTimersByTime(1_900);
    await type(DA1_ANSWER);
    // 2.5 s after the last query: the answer still owed is on its way, and Esc is typed first.
    vi.advanceTimersByTime(600);
    await type(ESC);
    vi.advanceTimersByTime(100);
    expect(keys).toEqual([]);
    await answerInPieces(type);
    expect(keys).toEqual([ESC]);
    expect(replies).toEqual([DA1_ANSWER, DA1_ANSWER, DA1_ANSWER]);
  });

  it('does not hold the Esc key for good when the terminal stops answering', async () => {
    const { input, type, keys } = reader();
    await type(DA1_ANSWER);
    input.expectReply();
    input.expectReply();
    await answerInPieces(type);
    // One answer never comes.
    await type(ESC);
    vi.advanceTimersByTime(2_000);
    expect(keys).toEqual([ESC]);
  });
});
