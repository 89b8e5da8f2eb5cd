/**
 * Any command in a real pty, read through a headless xterm — for what PtyApp (which runs the
 * bundle directly) cannot do: run the app under a shell (job control, `stty -a` afterwards),
 * with node flags, or signal it by pid.
 */
import xtermHeadless from '@xterm/headless';
import * as pty from 'node-pty';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BUNDLE, cleanEnv } from '../../helpers/pty-app.js';

const { Terminal } = xtermHeadless;

export { BUNDLE };

/** A shell word, quoted for sh. */
export const shq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** `node <bundle> args…` as a shell command line. */
export function appCommand(args: readonly string[], nodeFlags: readonly string[] = []): string {
  return [process.execPath, ...nodeFlags, BUNDLE, ...args].map(shq).join(' ');
}

export interface ShellPtyOptions {
  readonly cols?: number;
  readonly rows?: number;
  readonly env?: Record<string, string | undefined>;
}

export class ShellPty {
  readonly term: InstanceType<typeof Terminal>;
  readonly proc: pty.IPty;
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
  #output = '';
  #pending = Promise.resolve();

  constructor(file: string, args: readonly string[], options: ShellPtyOptions = {}) {
    if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
    const cols = options.cols ?? 100;
    const rows = options.rows ?? 30;
    this.term = new Terminal({ cols, rows, allowProposedApi: true });
    this.proc = pty.spawn(file, [...args], { name: 'xterm-256color', cols, rows, cwd: process.cwd(), env: cleanEnv(options.env) });
    this.proc.onData((data) => {
      this.#output += data;
      this.#pending = new Promise((resolve) => this.term.write(data, resolve));
    });
    this.exited = new Promise((resolve) => this.proc.onExit(resolve));
  }

  /** Runs `script` with `sh -c` in the pty. */
  static sh(script: string, options?: ShellPtyOptions): ShellPty {
    return new ShellPty('/bin/sh', ['-c', script], options);
  }

  /** Everything written to the terminal so far, escape sequences included. */
  get raw(): string {
    return this.#output;
  }

  lines(): string[] {
    const buffer = this.term.buffer.active;
    return Array.from({ length: this.term.rows }, (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
  }

  screen(): string {
    return this.lines().join('\n');
  }

  /** Which xterm buffer is showing: 'alternate' while a full-screen app runs. */
  bufferType(): string {
    return this.term.buffer.active.type;
  }

  /** The screen row whose text contains `text`, or -1. */
  rowOf(text: string): number {
    return this.lines().findIndex((line) => line.includes(text));
  }

  /** True when the start of `row` is drawn inverse or on a background colour (the selection). */
  isHighlighted(row: number): boolean {
    const line = this.term.buffer.active.getLine(this.term.buffer.active.viewportY + row);
    for (let x = 0; x < Math.min(4, this.term.cols); x++) {
      const cell = line?.getCell(x);
      if (cell && (cell.isInverse() || !cell.isBgDefault())) return true;
    }
    return false;
  }

  write(keys: string): void {
    this.proc.write(keys);
  }

  resize(cols: number, rows: number): void {
    this.proc.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /** Waits until the screen (or, with `inRaw`, the raw output) satisfies `check`. */
  async waitFor(check: string | RegExp, timeoutMs = 10_000, inRaw = false): Promise<string> {
    const test = (s: string) => (typeof check === 'string' ? s.includes(check) : check.test(s));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.#pending;
      const text = inRaw ? this.#output : this.screen();
      if (test(text)) return text;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${String(check)}; the screen was:\n${this.screen()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async waitForExit(timeoutMs = 10_000): Promise<{ exitCode: number; signal?: number }> {
    const timer = setTimeout(() => this.kill(), timeoutMs);
    try {
      const exit = await this.exited;
      await this.#pending;
      return exit;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Pid of the (single) node process running the app under the shell. */
  async appPid(timeoutMs = 5000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pid = findDescendant(this.proc.pid, (cmd) => cmd.includes(BUNDLE));
      if (pid !== undefined) return pid;
      if (Date.now() > deadline) throw new Error('the app process did not start');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  kill(): void {
    try {
      this.proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** A descendant of `root` whose command line matches, found with ps. */
export function findDescendant(root: number, match: (cmd: string) => boolean): number | undefined {
  let table: string;
  try {
    table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
  const rows = table
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), cmd: m[3] ?? '' }));
  const family = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (!family.has(r.pid) && family.has(r.ppid)) {
        family.add(r.pid);
        grew = true;
      }
    }
  }
  return rows.find((r) => r.pid !== root && family.has(r.pid) && match(r.cmd))?.pid;
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The terminal was handed back cleanly: after the last time the app entered the alternate screen
 * or hid the cursor, it left the screen and showed the cursor again.
 */
export function restoredAfterLastEntry(raw: string): { leftAltScreen: boolean; cursorShown: boolean } {
  const lastIndex = (s: string) => raw.lastIndexOf(s);
  return {
    leftAltScreen: lastIndex('\u001b[?1049l') > lastIndex('\u001b[?1049h'),
    cursorShown: lastIndex('\u001b[?25h') > lastIndex('\u001b[?25l'),
  };
}

/** Parses `stty -a` output: true when the line discipline is cooked (canonical, echoing). */
export function isCooked(sttyOutput: string): boolean {
  const words = sttyOutput.split(/[\s;]+/);
  return words.includes('icanon') && words.includes('echo') && words.includes('isig');
}
