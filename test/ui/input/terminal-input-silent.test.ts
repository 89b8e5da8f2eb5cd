/**
 * A terminal that does not answer its queries: a lone ESC read while an answer is owed may be that
 * answer's first byte, so it waits for the rest; but once the first query has gone unanswered past
 * the start-up cap, the reader takes the terminal for one that does not answer, and the Esc key
 * acts at once. A terminal that answers keeps the wait; a whole answer that comes late is an answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reader } from './fake-reader.js';

const ESC = '\u001b';
const DA1_ANSWER = `${ESC}[?1;2c`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an ESC while an answer is owed', () => {
  it('is the Esc key at once when the first query went unanswered past the cap', async () => {
    const { input, type, keys } = reader();
    vi.advanceTimersByTime(1_500);
    input.expectReply(); // a frame's query, unanswered like the first
    await type(ESC);
    vi.advanceTimersByTime(1);
    expect(keys).toEqual([ESC]);
  });

  it('waits for the rest when read within the cap: it may be a slow answer cut in two', async () => {
    const { type, keys, replies } = reader();
    vi.advanceTimersByTime(100);
    await type(ESC);
    vi.advanceTimersByTime(1_200);
    expect(keys).toEqual([]);
    await type('[?1;2c');
    expect(replies).toEqual([DA1_ANSWER]);
    expect(keys).toEqual([]);
  });

  it('waits for the rest on a terminal that has answered', async () => {
    const { input, type, keys } = reader();
    await type(DA1_ANSWER);
    vi.advanceTimersByTime(3_000);
    input.expectReply();
    await type(ESC);
    vi.advanceTimersByTime(500);
    expect(keys).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(keys).toEqual([ESC]);
  });

  it('leaves a late answer that comes whole an answer, never keys', async () => {
    const { input, type, keys, replies } = reader();
    vi.advanceTimersByTime(1_500);
    input.expectReply();
    await type(`${DA1_ANSWER}j`);
    expect(replies).toEqual([DA1_ANSWER]);
    expect(keys).toEqual(['j']);
  });
});
