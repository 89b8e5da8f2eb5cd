/**
 * Any command in a real pty, read through a headless xterm — for what PtyApp (which runs the
 * bundle directly) cannot do: run the app under a shell (job control, `stty -a` afterwards),
 * with node flags, or signal it by pid.
 */
import { execFileSync } from 'node:child_process';
import { BUNDLE, PtyApp } from '../../helpers/pty-app.js';


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

export class ShellPty extends PtyApp {
  constructor(file: string, args: readonly string[], options: ShellPtyOptions = {}) {
    super([], options, { file, args });
  }

  /** Runs `script` with `sh -c` in the pty. */
  static sh(script: string, options?: ShellPtyOptions): ShellPty {
    return new ShellPty('/bin/sh', ['-c', script], options);
  }

  /** Which xterm buffer is showing: 'alternate' while a full-screen app runs. */
  bufferType(): string {
    return this.term.buffer.active.type;
  }

  /** Waits until the screen (or, with `inRaw`, the raw output) satisfies `check`. */
  override async waitFor(
    check: string | RegExp | ((screen: string) => boolean),
    timeoutMs = 10_000,
    inRaw = false,
  ): Promise<string> {
    if (!inRaw || typeof check === 'function') return super.waitFor(check, timeoutMs);
    const test = (s: string) => (typeof check === 'string' ? s.includes(check) : check.test(s));
    await super.waitFor(() => test(this.raw), timeoutMs);
    return this.raw;
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
}

/** A descendant of `root` whose command line matches, found with ps. */
function findDescendant(root: number, match: (cmd: string) => boolean): number | undefined {
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
