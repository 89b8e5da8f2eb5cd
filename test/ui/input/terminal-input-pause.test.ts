/**
 * Handing the terminal to another program: once paused, the reader reads nothing more — not the
 * rest of the read loop a key paused it in, not a read a listener added meanwhile would start, and
 * not the read the stream itself keeps pending. Given back, it reads again.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { TerminalInput, type InputStream } from '../../../src/ui/input/terminal-input.js';

/** A TTY-like stream: chunks queued by `type`, read() calls counted, its handle's read state kept. */
class FakeTty extends EventEmitter {
  readonly isTTY = true;
  readonly queue: string[] = [];
  reads = 0;
  readonly _handle = { reading: false, readStop: (): number => ((this._handle.reading = false), 0) };
  readonly _readableState = { reading: false };
  setRawMode(): this {
    return this;
  }
  read(): string | null {
    this.reads++;
    const chunk = this.queue.shift() ?? null;
    // An empty buffer makes a real stream start its read of the terminal.
    if (chunk === null) this._handle.reading = this._readableState.reading = true;
    return chunk;
  }
  type(...chunks: string[]): void {
    this.queue.push(...chunks);
    this.emit('readable');
  }
}

const F9 = '\u001b[20~';
const stream = (): FakeTty & InputStream => new FakeTty() as FakeTty & InputStream;

/** A reader over a fake TTY whose listener records each key segment and pauses the reader on `pauseOn`. */
function pausingReader(pauseOn: string): { tty: FakeTty; seen: string[]; resume: () => void } {
  const tty = stream();
  const input = new TerminalInput(tty);
  const seen: string[] = [];
  let resume: (() => void) | undefined;
  input.listen((event) => {
    if (event.kind !== 'keys') return;
    seen.push(event.seq);
    if (event.seq === pauseOn) resume = input.pause();
  });
  return { tty, seen, resume: () => resume?.() };
}

describe('TerminalInput.pause', () => {
  it('ends the read the stream keeps pending', () => {
    const tty = stream();
    const input = new TerminalInput(tty);
    input.listen(() => undefined);
    tty.type('j');
    expect(tty._handle.reading).toBe(true);
    input.pause();
    expect(tty._handle.reading).toBe(false);
    expect(tty._readableState.reading).toBe(false);
  });

  it('reads no more once a key has paused it, and keeps what came with that key for the app', () => {
    const { tty, seen, resume } = pausingReader('o');
    tty.type('o', 'x');
    expect(seen).toEqual(['o']);
    expect(tty._handle.reading).toBe(false);
    expect(tty.listenerCount('readable')).toBe(0);
    resume();
    tty.emit('readable');
    expect(seen).toEqual(['o', 'x']);
  });

  it('starts no read for a listener that comes while paused; given back, reads for it', () => {
    const tty = stream();
    const input = new TerminalInput(tty);
    const stop = input.listen(() => undefined);
    const resume = input.pause();
    stop();
    const seen: string[] = [];
    input.listen((event) => seen.push(event.kind === 'keys' ? event.seq : event.kind));
    expect(tty.listenerCount('readable')).toBe(0);
    const before = tty.reads;
    tty.type('k');
    expect(tty.reads).toBe(before);
    resume();
    expect(tty.listenerCount('readable')).toBe(1);
    tty.emit('readable');
    expect(seen).toEqual(['k']);
  });
});

describe('TerminalInput.pause in the middle of a read', () => {
  it('drops the keys read with the one that paused it: they were typed for the program, none is the app\'s', () => {
    const { tty, seen, resume } = pausingReader(F9);
    tty.type(`${F9}qjj`);
    expect(seen).toEqual([F9]);
    resume();
    tty.type('k');
    expect(seen).toEqual([F9, 'k']);
  });
});
