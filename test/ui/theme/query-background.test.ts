import { describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/wait-for.js';
import { fakeTtyStreams } from '../../helpers/fake-tty.js';
import { terminalInput } from '../../../src/ui/input/terminal-input.js';
import { queryBackground } from '../../../src/ui/theme/query-background.js';

const WHITE = '\u001B]11;rgb:ffff/ffff/ffff\u0007';
const DA1 = '\u001B[?64;1;2;6;22c';

/** A terminal on the other end of fake TTY streams; `answer` runs when the query arrives. */
function fakeTerminal(answer: (send: (bytes: string) => void) => void, { tty = true } = {}) {
  const { stdin, stdout } = fakeTtyStreams(tty);
  const written: string[] = [];
  stdout.on('data', (chunk: Buffer) => {
    written.push(chunk.toString());
    answer((bytes) => stdin.write(Buffer.from(bytes, 'latin1')));
  });
  const io = { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream };
  /** The keys the input reader kept for the app (the first listener gets them). */
  const leftover = async (): Promise<string> => {
    const keys: string[] = [];
    const stop = terminalInput(io.stdin).listen((event) => {
      if (event.kind === 'keys') keys.push(event.seq);
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    stop();
    return keys.join('');
  };
  return { io, stdin, written, leftover };
}

describe('asking the terminal for its background', () => {
  it('returns the colour and keeps the keys typed meanwhile for the app', async () => {
    const t = fakeTerminal((send) => {
      send('j');
      send(WHITE.slice(0, 8));
      setTimeout(() => send(`${WHITE.slice(8)}${DA1}k`), 10);
    });
    const { color, replyMs } = await queryBackground(t.io);
    expect(color).toEqual({ r: 1, g: 1, b: 1 });
    expect(replyMs).toBeGreaterThanOrEqual(5);
    expect(t.written.join('')).toBe('\u001B]11;?\u0007\u001B[c');
    expect(t.stdin.isRaw).toBe(true);
    expect(await t.leftover()).toBe('jk');
  });

  it('stops at the DA1 reply when the terminal does not answer OSC 11', async () => {
    const t = fakeTerminal((send) => send(DA1));
    const started = Date.now();
    expect((await queryBackground(t.io, { capMs: 5_000 })).color).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await t.leftover()).toBe('');
  });

  it('gives up after the timeout when nothing answers, keeping the keys', async () => {
    const t = fakeTerminal((send) => send('q'));
    const started = Date.now();
    expect(await queryBackground(t.io, { capMs: 50 })).toEqual({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(await t.leftover()).toBe('q');
  });

  it('waits a little longer for a reply that has begun', async () => {
    const t = fakeTerminal((send) => {
      send(WHITE.slice(0, 10));
      setTimeout(() => send(WHITE.slice(10)), 40);
    });
    expect((await queryBackground(t.io, { capMs: 20 })).color).toEqual({ r: 1, g: 1, b: 1 });
    expect(await t.leftover()).toBe('');
  });

  it('never takes a reply for keys: one cut in two, or one that comes after the wait', async () => {
    const t = fakeTerminal((send) => {
      send(`j${WHITE.slice(0, 1)}`);
      setTimeout(() => send(`${WHITE.slice(1)}${DA1.slice(0, 5)}`), 10);
      setTimeout(() => send(`${DA1.slice(5)}k`), 20);
    });
    // The reply had begun (its ESC came) when the wait ended: it is waited for a little longer.
    expect((await queryBackground(t.io, { capMs: 5 })).color).toEqual({ r: 1, g: 1, b: 1 });
    // The DA1 reply comes after the query gave up: still not keys.
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await t.leftover()).toBe('jk');
  });

  it('hands an OSC 11 answer that comes after the cap to onLate', async () => {
    const t = fakeTerminal((send) => setTimeout(() => send(`${WHITE}${DA1}`), 60));
    let late: { color: unknown; ms: number } | undefined;
    const answer = await queryBackground(t.io, { capMs: 20, onLate: (color, ms) => (late = { color, ms }) });
    expect(answer).toEqual({});
    await waitFor('the late answer', () => late !== undefined);
    expect(late?.color).toEqual({ r: 1, g: 1, b: 1 });
    expect(late?.ms).toBeGreaterThanOrEqual(50);
    expect(await t.leftover()).toBe('');
  });

  it('asks nothing when stdin or stdout is not a terminal', async () => {
    const t = fakeTerminal((send) => send(WHITE), { tty: false });
    expect(await queryBackground(t.io)).toEqual({});
    expect(t.written).toEqual([]);
  });
});
