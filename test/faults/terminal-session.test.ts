/** TerminalSession on its own: restores everything once, survives a vanished terminal. */
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalSession } from '../../src/ui/terminal.js';

interface FakeTty {
  out: NodeJS.WriteStream;
  inp: NodeJS.ReadStream;
  written: string[];
  raw: () => boolean;
  /** Writes and raw-mode changes, in order. */
  events: string[];
}

function fakeTty(opts: { writeThrows?: boolean; rawThrows?: boolean; raw?: boolean } = {}): FakeTty {
  const written: string[] = [];
  const events: string[] = [];
  let isRaw = opts.raw ?? true;
  const out = {
    write: (s: string) => {
      if (opts.writeThrows) throw Object.assign(new Error('write EIO'), { code: 'EIO' });
      written.push(s);
      events.push('write');
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  const inp = {
    isTTY: true,
    get isRaw() {
      return isRaw;
    },
    setRawMode: (on: boolean) => {
      if (opts.rawThrows) throw Object.assign(new Error('setRawMode EIO'), { code: 'EIO' });
      isRaw = on;
      events.push(on ? 'raw on' : 'raw off');
    },
  } as unknown as NodeJS.ReadStream;
  return { out, inp, written, raw: () => isRaw, events };
}

const exitListeners = () => process.listeners('exit').length;
const baseline = exitListeners();

afterEach(() => {
  expect(exitListeners()).toBe(baseline);
});

describe('TerminalSession', () => {
  it('leaves the alternate screen, shows the cursor and turns raw mode off, once', () => {
    const t = fakeTty();
    const s = new TerminalSession(t.out, t.inp);
    s.enter();
    expect(t.written.join('')).toContain('\u001b[?1049h');
    expect(exitListeners()).toBe(baseline + 1);
    s.leave();
    s.leave();
    const out = t.written.join('');
    expect(out.match(/\u001b\[\?1049l/g)).toHaveLength(1);
    expect(out.lastIndexOf('\u001b[?25h')).toBeGreaterThan(out.lastIndexOf('\u001b[?1049h'));
    expect(t.raw()).toBe(false);
  });

  it('turns raw mode on before it writes anything, so no key typed while the app starts is echoed onto its screen', () => {
    // The background query leaves raw mode on, but it is not always asked (the Linux console, no
    // colours, a chosen theme): the tty then echoed a key typed while ink loaded at the cursor,
    // over the first frame, or between the pieces the kernel writes a long frame in.
    const t = fakeTty({ raw: false });
    const s = new TerminalSession(t.out, t.inp);
    s.enter();
    const [first] = t.events;
    s.leave();
    expect(first).toBe('raw on');
    expect(t.raw()).toBe(false);
  });

  it('restores on process exit if nothing else did', () => {
    const t = fakeTty();
    const s = new TerminalSession(t.out, t.inp);
    s.enter();
    const listener = process.listeners('exit').at(-1) as () => void;
    listener();
    expect(t.written.join('')).toContain('\u001b[?1049l');
    expect(t.raw()).toBe(false);
  });

  it('can enter again after leaving (Ctrl-Z, fg)', () => {
    const t = fakeTty();
    const s = new TerminalSession(t.out, t.inp);
    s.enter();
    s.leave();
    s.enter();
    s.leave();
    expect(t.written.join('').match(/\u001b\[\?1049h/g)).toHaveLength(2);
  });

  it('turns autowrap off while it has the terminal, on at every leave, off again on resume', () => {
    const t = fakeTty();
    const s = new TerminalSession(t.out, t.inp);
    const last = () => {
      const out = t.written.join('');
      return out.lastIndexOf('\u001b[?7l') > out.lastIndexOf('\u001b[?7h') ? 'off' : 'on';
    };
    s.enter();
    expect(last()).toBe('off');
    s.leave(); // Ctrl-Z, a foreground command
    expect(last()).toBe('on');
    s.resume();
    expect(last()).toBe('off');
    s.close();
    expect(last()).toBe('on');
  });

  it('never throws when the terminal has gone away (hang-up)', () => {
    const t = fakeTty({ writeThrows: true, rawThrows: true });
    const s = new TerminalSession(t.out, t.inp);
    expect(() => s.enter()).not.toThrow();
    expect(() => s.leave()).not.toThrow();
  });
});
