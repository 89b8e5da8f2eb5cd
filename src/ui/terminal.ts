/**
 * The terminal modes pagetui changes, and putting them back. Every way out — q, Ctrl-C, SIGTERM,
 * SIGHUP, a crash, Ctrl-Z — goes through `leave()`, so the shell gets its screen back as it was.
 * As a last resort, a process 'exit' listener restores the terminal too (e.g. when something
 * calls `process.exit` without going through the app).
 */
import { FULL_CAPABILITIES, type TerminalCapabilities } from '../terminfo/capabilities.js';
import { MOUSE_ON, MOUSE_RESET } from './input/mouse.js';

/** The signals that end the app, and its exit code for each (128 + the signal's number). */
export const EXIT_SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Bracketed paste (2004) and focus reports (1004) off, with every mouse mode: on every start and
 * every way out, whether or not this run turned any on, since a program that was killed (or a
 * dropped link) leaves them on, and then a click, a paste or a focus change types sequences.
 */
const INPUT_MODES_RESET = `${MOUSE_RESET}\u001B[?2004l\u001B[?1004l`;

/**
 * Bracketed paste on while the app has the terminal: a pasted newline then cannot be told from a
 * typed Enter only where the terminal does not bracket pastes; where it does, what follows a
 * newline in a paste is dropped, never run as keys (keys typed behind an Enter do act).
 */
const BRACKETED_PASTE_ON = '\u001B[?2004h';

/**
 * Autowrap (DECAWM) off while the app has the terminal, on again on every way out. Terminals
 * disagree on the width of emoji clusters: tmux 3.3a draws 👍🏽 as 👍 and 🏽 (four columns, we
 * count two), a family as four emoji (eight). In the last columns of a row the rest would wrap
 * onto the next row, over cells we believe unchanged, and on the bottom row scroll the whole
 * screen. With autowrap off it is cut at the right edge. Sent whatever terminfo says: every
 * VT100-like terminal has the mode, tmux and GNU screen too, whose entries leave `smam`/`rmam` out.
 */
const AUTOWRAP_OFF = '\u001B[?7l';
const AUTOWRAP_ON = '\u001B[?7h';

/** Attributes off, so a frame cut short cannot leave the shell in reverse video or a colour. */
const RESET_ATTRIBUTES = '\u001B[0m';

export class TerminalSession {
  private active = false;
  private readonly onExit = (): void => this.leave();

  constructor(
    private readonly stdout: NodeJS.WriteStream,
    private readonly stdin: NodeJS.ReadStream,
    private readonly caps: TerminalCapabilities = FULL_CAPABILITIES,
    /** `--mouse`: mouse reporting on while the app runs, off on every way out. */
    private readonly mouse = false,
  ) {}

  enter(): void {
    if (this.active) return;
    this.active = true;
    process.once('exit', this.onExit);
    // Raw mode before anything is drawn: a cooked tty echoes keys typed ahead at the cursor, over
    // the first frame, or between the pieces the kernel writes a long frame in (the rest of it
    // then a row lower). The background query leaves raw mode on, but not every terminal is asked.
    try {
      if (this.stdin.isTTY) this.stdin.setRawMode(true);
    } catch {
      // the terminal is gone: nothing typed can be echoed either
    }
    // Without an alternate screen the app draws over the shell's screen, cleared first.
    this.write(this.enterSequence());
  }

  private enterSequence(): string {
    return (this.caps.alternateScreen?.enter ?? '') + this.caps.clear + INPUT_MODES_RESET + BRACKETED_PASTE_ON + AUTOWRAP_OFF + (this.mouse ? MOUSE_ON : '');
  }

  /**
   * After a stop, ours (Ctrl-Z) or anyone's (`kill -STOP`, then `fg`): the shell has put its own
   * terminal mode back and may have left the alternate screen, so raw mode and the screen modes
   * are set again. The caller draws the whole frame again.
   */
  resume(): void {
    if (this.active) this.write(this.enterSequence());
    else this.enter();
    try {
      // Node still believes raw mode is on, and libuv skips setting a mode it believes is set.
      if (this.stdin.isTTY && this.stdin.isRaw) this.stdin.setRawMode(false);
      if (this.stdin.isTTY) this.stdin.setRawMode(true);
    } catch {
      // the terminal is gone: the app ends through TerminalWatch
    }
  }

  /**
   * Raw mode off, autowrap on, attributes reset, cursor shown, alternate screen left. Safe to call more than
   * once, and never throws: after a hang-up the terminal may be gone (EIO), and a failure here
   * must not turn a clean exit into a crash.
   */
  leave(): void {
    if (!this.active) return;
    this.active = false;
    process.off('exit', this.onExit);
    try {
      if (this.stdin.isTTY && this.stdin.isRaw) this.stdin.setRawMode(false);
    } catch {
      // the terminal is gone; nothing left to restore
    }
    const { alternateScreen, cursor, clear } = this.caps;
    // Cleared before the alternate screen is left: where it is not really there (GNU screen's
    // default `altscreen off`, a terminal that ignores it) the shell gets a clean screen rather
    // than the last frame; where it is, the shell's own screen comes back as it was.
    this.write(INPUT_MODES_RESET + AUTOWRAP_ON + RESET_ATTRIBUTES + (cursor?.show ?? '') + clear + (alternateScreen?.leave ?? ''));
  }

  /**
   * The app is done with the terminal: `leave()`, and no more reads. A TTY stream goes on reading
   * after its last listener has gone, so a command typed right after `q` would be read here and
   * lost instead of reaching the shell; raw mode goes off first, in the same tick.
   */
  close(): void {
    this.leave();
    try {
      if (this.stdin.isTTY) this.stdin.destroy();
    } catch {
      // the terminal is gone
    }
  }

  private write(data: string): void {
    try {
      this.stdout.write(data);
    } catch {
      // as above: a write to a vanished terminal is not an error worth crashing for
    }
  }
}

type SizedStream = NodeJS.WriteStream & { _refreshSize?: () => void };

/**
 * Reads the terminal's size again, emitting 'resize' on `stdout` when it changed; true if it did.
 * Needed after a suspend: a resize while we were stopped sent its SIGWINCH to the shell, and
 * `columns`/`rows` only follow SIGWINCH. `_refreshSize` is what Node's own SIGWINCH handler calls;
 * without it, raising SIGWINCH at ourselves takes the same path a moment later.
 */
export function refreshTerminalSize(stdout: NodeJS.WriteStream): boolean {
  const before = `${stdout.columns}x${stdout.rows}`;
  const sized = stdout as SizedStream;
  if (typeof sized._refreshSize === 'function') sized._refreshSize();
  else if (stdout.isTTY) process.kill(process.pid, 'SIGWINCH');
  return `${stdout.columns}x${stdout.rows}` !== before;
}
