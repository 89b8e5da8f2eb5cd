/**
 * Drives the built CLI in a real pseudo-terminal, as a person would, and reads the screen through a
 * headless xterm. Tests wait for what is on screen, never for fixed delays.
 */
import xtermHeadless from '@xterm/headless';
import * as pty from 'node-pty';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { Terminal } = xtermHeadless;

export const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));

export interface PtyAppOptions {
  readonly cols?: number;
  readonly rows?: number;
  /** Added to a clean environment (no CI, no PAGETUI_*). */
  readonly env?: Record<string, string | undefined>;
  /** Working directory of the app (default: this process's). */
  readonly cwd?: string;
}

export interface Exit {
  readonly exitCode: number;
  readonly signal?: number;
}

export class PtyApp {
  readonly term: InstanceType<typeof Terminal>;
  readonly proc: pty.IPty;
  readonly exited: Promise<Exit>;
  protected output = '';
  protected pending = Promise.resolve();

  /** Runs the built CLI with `args`; `command` runs something else instead (a shell, say). */
  constructor(args: readonly string[], options: PtyAppOptions = {}, command?: { file: string; args: readonly string[] }) {
    if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
    const cols = options.cols ?? 100;
    const rows = options.rows ?? 30;
    this.term = new Terminal({ cols, rows, allowProposedApi: true });
    this.proc = pty.spawn(command?.file ?? process.execPath, command ? [...command.args] : [BUNDLE, ...args], {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: options.cwd ?? process.cwd(),
      env: cleanEnv(options.env),
    });
    this.proc.onData((data) => {
      this.output += data;
      this.pending = new Promise((resolve) => this.term.write(data, resolve));
    });
    this.exited = new Promise((resolve) => {
      this.proc.onExit(({ exitCode, signal }) => resolve({ exitCode, signal }));
    });
  }

  /** Everything the app wrote, escape sequences included. */
  get raw(): string {
    return this.output;
  }

  /** The visible screen, one string per row, right-trimmed. */
  lines(): string[] {
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < this.term.rows; i++) {
      lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    }
    return lines;
  }

  screen(): string {
    return this.lines().join('\n');
  }

  /** The screen row whose text contains `text`, or -1. */
  rowOf(text: string): number {
    return this.lines().findIndex((line) => line.includes(text));
  }

  /** True when the cell at the start of `row` is drawn inverse or with a background colour. */
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

  /** Waits until the screen satisfies `check` (a text to contain, or a predicate). */
  async waitFor(check: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const test =
      typeof check === 'string'
        ? (s: string) => s.includes(check)
        : check instanceof RegExp
          ? (s: string) => check.test(s)
          : check;
    const deadline = Date.now() + timeoutMs;
    let exitedEarly = false;
    void this.exited.then(() => {
      exitedEarly = true;
    });
    for (;;) {
      await this.pending;
      const screen = this.screen();
      if (test(screen)) return screen;
      if (Date.now() > deadline || exitedEarly) {
        throw new Error(`Timed out waiting for ${String(check)}; the screen was:\n${screen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Waits for the process to end (kills it after the timeout). */
  async waitForExit(timeoutMs = 10_000): Promise<Exit> {
    const timer = setTimeout(() => this.kill(), timeoutMs);
    try {
      const exit = await this.exited;
      await this.pending;
      return exit;
    } finally {
      clearTimeout(timer);
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

/** The environment an end user would have: no CI (ink draws nothing until exit under CI), no
 * pagetui settings inherited from the machine running the tests. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (key === 'CI' || key.startsWith('PAGETUI_') || key.startsWith('CONTINUOUS_INTEGRATION')) continue;
    if (key === 'NO_COLOR') continue;
    env[key] = value;
  }
  env.TERM = 'xterm-256color';
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}
