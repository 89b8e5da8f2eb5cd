import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryBackground, sortInput } from '../../../src/ui/theme/query-background.js';
import { settledAfter } from '../../helpers/fake-time.js';

afterEach(() => {
  vi.useRealTimers();
});

const WHITE = '\u001B]11;rgb:ffff/ffff/ffff\u0007';
const DA1 = '\u001B[?64;1;2;6;22c';

/** A terminal on the other end of fake TTY streams; `answer` runs when the query arrives. */
function fakeTerminal(answer: (send: (bytes: string) => void) => void, { tty = true } = {}) {
  const stdin = Object.assign(new PassThrough(), {
    isTTY: tty,
    isRaw: false,
    setRawMode(mode: boolean) {
      stdin.isRaw = mode;
      return stdin;
    },
  });
  const written: string[] = [];
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  stdout.on('data', (chunk: Buffer) => {
    written.push(chunk.toString());
    answer((bytes) => stdin.write(Buffer.from(bytes, 'latin1')));
  });
  const io = { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream };
  const leftover = () => (stdin.read() as Buffer | null)?.toString('latin1') ?? '';
  return { io, stdin, written, leftover };
}

describe('separating replies from keys', () => {
  it('takes out both replies and keeps the keys around them, in order', () => {
    expect(sortInput(`j${WHITE}k${DA1}q`)).toEqual({ color: { r: 1, g: 1, b: 1 }, done: true, unfinished: false, rest: 'jkq' });
  });

  it('drops a reply cut off at the end, and says so', () => {
    expect(sortInput('j\u001B]11;rgb:ff')).toMatchObject({ done: false, unfinished: true, rest: 'j' });
    expect(sortInput(`${WHITE}\u001B[?64;`)).toMatchObject({ done: false, unfinished: true, rest: '' });
    expect(sortInput('x')).toMatchObject({ done: false, unfinished: false, rest: 'x' });
  });
});

describe('asking the terminal for its background', () => {
  it('returns the colour and gives the keys typed meanwhile back to the input', async () => {
    const t = fakeTerminal((send) => {
      send('j');
      send(WHITE.slice(0, 8));
      setTimeout(() => send(`${WHITE.slice(8)}${DA1}k`), 10);
    });
    const color = await queryBackground(t.io);
    expect(color).toEqual({ r: 1, g: 1, b: 1 });
    expect(t.written.join('')).toBe('\u001B]11;?\u0007\u001B[c');
    expect(t.stdin.isRaw).toBe(true);
    expect(t.leftover()).toBe('jk');
  });

  it('stops at the DA1 reply when the terminal does not answer OSC 11', async () => {
    vi.useFakeTimers();
    const t = fakeTerminal((send) => send(DA1));
    const asked = queryBackground(t.io, 5_000);
    expect(await settledAfter(asked, 0)).toBe(true);
    expect(await asked).toBeUndefined();
    expect(t.leftover()).toBe('');
  });

  it('gives up after the timeout when nothing answers, keeping the keys', async () => {
    // setImmediate stays real: the decision waits for the turn's reads after the timeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const t = fakeTerminal((send) => send('q'));
    const asked = queryBackground(t.io, 50);
    expect(await settledAfter(asked, 49)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await asked).toBeUndefined();
    expect(t.leftover()).toBe('q');
  });

  it('waits a little longer for a reply that has begun', async () => {
    const t = fakeTerminal((send) => {
      send(WHITE.slice(0, 10));
      setTimeout(() => send(WHITE.slice(10)), 40);
    });
    expect(await queryBackground(t.io, 20)).toEqual({ r: 1, g: 1, b: 1 });
    expect(t.leftover()).toBe('');
  });

  it('asks nothing when stdin or stdout is not a terminal', async () => {
    const t = fakeTerminal((send) => send(WHITE), { tty: false });
    expect(await queryBackground(t.io)).toBeUndefined();
    expect(t.written).toEqual([]);
  });
});
