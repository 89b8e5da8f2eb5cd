/**
 * TerminalWatch on its own: the failures of a terminal that went away end the app and are
 * swallowed; any other failure on the same streams is still an error.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isTerminalGoneError, TerminalWatch } from '../../src/ui/terminal-gone.js';

const errno = (code: string) => Object.assign(new Error(`write ${code}`), { code });

function fakeStreams() {
  const tty = () => Object.assign(new EventEmitter(), { isTTY: true });
  return { stdin: tty(), stdout: tty(), stderr: tty() } as unknown as {
    stdin: NodeJS.ReadStream;
    stdout: NodeJS.WriteStream;
    stderr: NodeJS.WriteStream;
  };
}

describe('TerminalWatch', () => {
  it.each(['stdout', 'stderr', 'stdin'] as const)('an EIO on %s ends the app and is swallowed', (name) => {
    const streams = fakeStreams();
    let gone = 0;
    new TerminalWatch(streams, () => gone++).start();
    expect(() => streams[name].emit('error', errno('EIO'))).not.toThrow();
    expect(gone).toBe(1);
  });

  it('the end of input on the terminal ends the app', () => {
    const streams = fakeStreams();
    let gone = 0;
    new TerminalWatch(streams, () => gone++).start();
    streams.stdin.emit('end');
    expect(gone).toBe(1);
  });

  it('any other failure is not swallowed', () => {
    const streams = fakeStreams();
    let gone = 0;
    new TerminalWatch(streams, () => gone++).start();
    expect(() => streams.stdout.emit('error', errno('ENOMEM'))).toThrow('write ENOMEM');
    expect(gone).toBe(0);
  });

  it('after stop, a dead terminal is still swallowed but no longer reported', () => {
    const streams = fakeStreams();
    let gone = 0;
    const watch = new TerminalWatch(streams, () => gone++);
    watch.start();
    watch.stop();
    expect(() => streams.stdout.emit('error', errno('EIO'))).not.toThrow();
    streams.stdin.emit('end');
    expect(gone).toBe(0);
  });

  it('streams that are not a terminal are left alone', () => {
    const streams = fakeStreams();
    Object.assign(streams.stderr, { isTTY: false });
    new TerminalWatch(streams, () => {}).start();
    expect(streams.stderr.listenerCount('error')).toBe(0);
  });

  it('knows the errors of a hung-up terminal', () => {
    expect(['EIO', 'EPIPE', 'ENXIO'].every((code) => isTerminalGoneError(errno(code)))).toBe(true);
    expect(isTerminalGoneError(errno('EACCES'))).toBe(false);
    expect(isTerminalGoneError(undefined)).toBe(false);
  });
});
