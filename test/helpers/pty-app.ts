/**
 * Drives the built CLI in a real pseudo-terminal, as a person would, and reads the screen through a
 * headless xterm. Tests wait for what is on screen, never for fixed delays.
 */
import { existsSync } from 'node:fs';
import { BUNDLE, PtySession, type Exit } from '../../scripts/lib/pty-session.mjs';

export { BUNDLE, cleanEnv, type Exit } from '../../scripts/lib/pty-session.mjs';

export interface PtyAppOptions {
  readonly cols?: number;
  readonly rows?: number;
  /** Added to a clean environment (no CI, no PAGETUI_*). */
  readonly env?: Record<string, string | undefined>;
  /** Working directory of the app (default: this process's). */
  readonly cwd?: string;
}

/** The built CLI in a pty (scripts/lib/pty-session.mjs); test/setup/fresh-bundle.ts keeps it current. */
export class PtyApp extends PtySession {
  protected output = '';

  /** Runs the built CLI with `args`; `command` runs something else instead (a shell, say). */
  constructor(args: readonly string[], options: PtyAppOptions = {}, command?: { file: string; args: readonly string[] }) {
    if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
    super(command ? [command.file, ...command.args] : [process.execPath, BUNDLE, ...args], {
      cols: options.cols ?? 100,
      rows: options.rows ?? 30,
      env: options.env ?? {},
      cwd: options.cwd ?? process.cwd(),
    });
  }

  protected override received(data: string): void {
    this.output += data;
  }

  /** Everything the app wrote, escape sequences included. */
  get raw(): string {
    return this.output;
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

  /** Waits for the process to end (kills it after the timeout). */
  async waitForExit(timeoutMs = 10_000): Promise<Exit> {
    const timer = setTimeout(() => this.kill(), timeoutMs);
    try {
      const exit = await this.exited;
      await this.parsed;
      return exit;
    } finally {
      clearTimeout(timer);
    }
  }
}

