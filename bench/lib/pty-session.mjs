/**
 * A process in a real pseudo-terminal, with its output timed on arrival and parsed by a headless
 * xterm, so the bench can see what a person would see and when.
 */
import { readFileSync } from 'node:fs';
import { BUNDLE as BUILT_BUNDLE, PtySession as BasePtySession } from '../../scripts/lib/pty-session.mjs';
import { sleep } from './stats.mjs';

/** The bundle under test; BENCH_BUNDLE points at another build (e.g. a baseline) to compare. */
export const BUNDLE = process.env.BENCH_BUNDLE || BUILT_BUNDLE;

/** The shared pty session (scripts/lib/pty-session.mjs), with every chunk counted and timed. */
export class PtySession extends BasePtySession {
  /**
   * @param {string[]} argv program and arguments (argv[0] is run directly, no shell)
   * @param {{cols?: number, rows?: number, env?: Record<string,string>}} options
   */
  constructor(argv, { cols = 120, rows = 40, env = {} } = {}) {
    super(argv, { cols, rows, env });
    this.bytes = 0;
    /** Full-screen clears (ESC[2J) seen; ink clears every frame once a frame is taller than the terminal. */
    this.clears = 0;
    this.lastDataAt = 0;
    this.listeners = new Set();
  }

  received(data, at) {
    this.bytes += Buffer.byteLength(data);
    this.clears += data.split('\u001b[2J').length - 1;
    this.lastDataAt = at;
  }

  drawn(data, at) {
    for (const listener of this.listeners) listener({ data, at });
  }

  get pid() {
    return this.proc.pid;
  }

  /** The row drawn with a background colour or inverse (the selection), or -1. */
  highlightedRow() {
    const buffer = this.term.buffer.active;
    for (let y = 0; y < this.term.rows; y++) {
      const cell = buffer.getLine(buffer.viewportY + y)?.getCell(2);
      if (cell && (cell.isInverse() || !cell.isBgDefault())) return y;
    }
    return -1;
  }

  /**
   * Unlike the shared waitFor, resolves with the arrival time of the output that made
   * `test(screen)` true (checked after every chunk is parsed). Rejects after `timeoutMs`.
   */
  waitFor(test, timeoutMs = 30_000) {
    const check = typeof test === 'string' ? (s) => s.includes(test) : test;
    return new Promise((resolve, reject) => {
      const done = (value, error) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        error ? reject(error) : resolve(value);
      };
      const listener = ({ at }) => {
        if (check(this.screen())) done(at);
      };
      const timer = setTimeout(
        () => done(undefined, new Error(`timed out waiting for ${String(test)}; screen:\n${this.screen()}`)),
        timeoutMs,
      );
      this.listeners.add(listener);
      void this.parsed.then(() => {
        if (this.listeners.has(listener) && check(this.screen())) done(performance.now());
      });
    });
  }

  /** Waits until no output has arrived for `quietMs`. */
  async settle(quietMs = 150) {
    for (;;) {
      const since = performance.now() - this.lastDataAt;
      if (since >= quietMs) break;
      await sleep(quietMs - since + 1);
    }
    await this.parsed;
  }

  /**
   * Writes `keys` after the terminal has been quiet, and times the answer: ms to the first output
   * byte, ms to the last byte before `quietMs` of silence, and the bytes in between (and when it was sent).
   */
  async press(keys, { quietMs = 60, timeoutMs = 2000 } = {}) {
    await this.settle(quietMs);
    const bytesBefore = this.bytes;
    let first;
    // Arrival time of the first byte, taken before xterm parses it.
    const onData = this.proc.onData(() => {
      first ??= performance.now();
    });
    const sentAt = performance.now();
    this.proc.write(keys);
    const deadline = sentAt + timeoutMs;
    while (first === undefined && performance.now() < deadline) await sleep(2);
    await this.settle(quietMs);
    onData.dispose();
    return {
      sentAt,
      firstByteMs: first === undefined ? Number.NaN : first - sentAt,
      lastByteMs: first === undefined ? Number.NaN : this.lastDataAt - sentAt,
      bytes: this.bytes - bytesBefore,
    };
  }

  /** Resident set size of the process in kB, from /proc (Linux). */
  rssKb() {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) : Number.NaN;
  }

  /** Asks the app to quit with `q`, then kills it if it lingers. */
  async quit(keys = 'q', timeoutMs = 3000) {
    this.proc.write(keys);
    const timer = setTimeout(() => this.kill(), timeoutMs);
    await this.exited;
    clearTimeout(timer);
    this.term.dispose();
  }
}

/** Starts the built app against `server` (its URL and key) in a 120x40 pty; `env` is added to its environment. */
export function startApp(server, { cols = 120, rows = 40, args = [], env = {}, bundle = BUNDLE } = {}) {
  return new PtySession([process.execPath, bundle, '--base-url', server.url, ...args], {
    cols,
    rows,
    env: { ...env, PAGETUI_API_KEY: server.apiKey },
  });
}
