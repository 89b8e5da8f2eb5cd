/**
 * The one way a program is run in a real pseudo-terminal, for the tests (test/helpers/pty-app.ts),
 * the bench (bench/lib/pty-session.mjs) and the screenshots: the same spawn, the same clean
 * environment, the screen read through a headless xterm.
 *
 * The pty comes from @lydell/node-pty: node-pty 1.1.0's own code with prebuilt binaries per platform.
 * node-pty itself has no Linux prebuilds, so `npm ci` would need python3, make and g++, and the
 * README's "Node and nothing else" would not hold.
 */
import xtermHeadless from '@xterm/headless';
import * as pty from '@lydell/node-pty';
import { randomUUID } from 'node:crypto';
import { closeSync, constants as fsConstants, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { Terminal } = xtermHeadless;

/** The built CLI. */
export const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));

/**
 * The environment an end user has: no CI (ink draws nothing until exit when CI is set), no
 * NO_COLOR, no pagetui settings inherited from the machine running this; TERM=xterm-256color.
 * `extra` is added last; an undefined value removes the variable.
 */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (key === 'CI' || key.startsWith('CONTINUOUS_INTEGRATION') || key === 'NO_COLOR' || key.startsWith('PAGETUI_')) continue;
    env[key] = value;
  }
  env.TERM = 'xterm-256color';
  // Prompt history is kept under XDG_STATE_HOME: each run gets a fresh folder (created only if
  // written), so no test reads what an earlier one, or the person running them, typed.
  env.XDG_STATE_HOME = join(tmpdir(), 'pagetui-test-state', randomUUID());
  // Nor rows an earlier run kept (docs/cache.md): a test that wants the list cache passes PAGETUI_CACHE: undefined.
  env.PAGETUI_CACHE = 'off';
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export class PtySession {
  /**
   * Starts `argv[0]` with the rest as arguments (no shell) in a `cols`x`rows` pty.
   * @param {readonly string[]} argv
   * @param {{ cols?: number, rows?: number, env?: Record<string, string | undefined>, cwd?: string }} [options]
   */
  constructor(argv, { cols = 100, rows = 30, env = {}, cwd = process.cwd() } = {}) {
    this.term = new Terminal({ cols, rows, allowProposedApi: true });
    /** Settles once every chunk received so far is on the xterm screen. */
    this.parsed = Promise.resolve();
    /** When the spawn began (performance.now()), for timings from the start. */
    this.startedAt = performance.now();
    this.proc = pty.spawn(argv[0], argv.slice(1), { name: 'xterm-256color', cols, rows, cwd, env: cleanEnv(env) });
    let lastReadAt = 0;
    this.proc.onData((data) => {
      lastReadAt = performance.now();
      this.deliver(data);
    });
    keepOutputPastExit(this.proc, () => lastReadAt);
    // What the terminal itself answers (DA1, …) goes back to the program, as in a real terminal.
    this.term.onData((reply) => this.answer(reply));
    this.exited = new Promise((resolve) => {
      this.proc.onExit(({ exitCode, signal }) => resolve({ exitCode, signal }));
    });
  }

  /** Puts what the program wrote on the terminal (at once here; a link in between may delay it). */
  deliver(data) {
    const at = performance.now();
    this.received(data, at);
    this.parsed = new Promise((resolve) =>
      this.term.write(data, () => {
        this.drawn(data, at);
        resolve();
      }),
    );
  }

  /** Sends one of the terminal's own replies to the program. */
  answer(reply) {
    this.proc.write(reply);
  }

  /** Called with each chunk as it arrives (before xterm parses it), with its arrival time. */
  received(_data, _at) {}

  /** Called once a chunk is on the xterm screen, with its arrival time. */
  drawn(_data, _at) {}

  /** The visible screen, one string per row, right-trimmed. */
  lines() {
    const buffer = this.term.buffer.active;
    const lines = [];
    for (let i = 0; i < this.term.rows; i++) lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    return lines;
  }

  screen() {
    return this.lines().join('\n');
  }

  write(keys) {
    this.proc.write(keys);
  }

  resize(cols, rows) {
    this.proc.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /**
   * Resolves with the screen once it satisfies `check` (a text to contain, a RegExp, or a
   * predicate); rejects with the screen after `timeoutMs`, or at once if the program exits first.
   */
  async waitFor(check, timeoutMs = 10_000) {
    const test =
      typeof check === 'string' ? (s) => s.includes(check) : check instanceof RegExp ? (s) => check.test(s) : check;
    const deadline = Date.now() + timeoutMs;
    let exitedEarly = false;
    void this.exited.then(() => {
      exitedEarly = true;
    });
    for (;;) {
      await this.parsed;
      const screen = this.screen();
      if (test(screen)) return screen;
      if (Date.now() > deadline || exitedEarly) {
        throw new Error(`Timed out waiting for ${String(check)}; the screen was:\n${screen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  kill() {
    try {
      this.proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * On Linux a program's last output can be lost when it exits: once the pty's last slave descriptor
 * closes, a read on the master may fail with EIO before the kernel has passed on what was written
 * (node-pty issues #72, #726), so a test saw "EXIT=1" but never the lines after it. Holding a slave
 * descriptor open here means no EIO while the program runs; once it has gone and its output has
 * been read (quiet over two turns of the event loop), the descriptor is closed and node-pty ends
 * as usual. A test that closes the terminal itself (`proc.destroy()`) is not delayed.
 */
function keepOutputPastExit(proc, lastDataAt) {
  const socket = proc._socket;
  if (process.platform !== 'linux' || typeof proc._pty !== 'string' || !socket) return;
  let slave;
  try {
    slave = openSync(proc._pty, fsConstants.O_RDWR | fsConstants.O_NOCTTY | fsConstants.O_NONBLOCK);
  } catch {
    return;
  }
  const release = () => {
    clearInterval(watch);
    if (slave === undefined) return;
    closeSync(slave);
    slave = undefined;
  };
  /** Calls `then` once no output has come in over two timer turns (each with a poll for input between). */
  const whenQuiet = (then) => {
    let seen = lastDataAt();
    let quietTurns = 0;
    const giveUpAt = performance.now() + 2000;
    const tick = () => {
      const latest = lastDataAt();
      quietTurns = latest === seen ? quietTurns + 1 : 0;
      seen = latest;
      if (quietTurns >= 2 || performance.now() > giveUpAt) then();
      else setTimeout(tick, 10);
    };
    setTimeout(tick, 10);
  };
  let ending = false;
  const watch = setInterval(() => {
    if (ending || isAlive(proc.pid)) return;
    ending = true;
    whenQuiet(release);
  }, 20);
  watch.unref();

  const destroyTerminal = proc.destroy.bind(proc);
  proc.destroy = () => {
    release();
    destroyTerminal();
  };
  // node-pty destroys its socket 200 ms after the exit if no EIO came first.
  const destroySocket = socket.destroy.bind(socket);
  socket.destroy = (...args) => {
    if (slave === undefined) return destroySocket(...args);
    whenQuiet(() => {
      release();
      destroySocket(...args);
    });
    return socket;
  };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
