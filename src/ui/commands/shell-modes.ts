/**
 * The terminal modes the shell gave the app (`stty -g`), put back around every foreground command
 * of the user's own. A command that leaves the terminal raw (`stty raw`, a full-screen program
 * that crashed) would otherwise pass that mode on: libuv reads the "original" modes again each
 * time raw mode goes on, so the app's own raw mode off would give the next command the raw mode
 * the last one left, where Ctrl-C does not stop it and waits to be read as the app's own key.
 * Read once, when the first command is handed the terminal (nothing is run at start); where
 * `stty` is missing or slow, the modes are left as they are.
 */
import { spawnSync } from 'node:child_process';
import { withChildTerminal } from '../services/child-terminal.js';

/** How long `stty` has before it is given up on: the app is not drawing meanwhile. */
const STTY_DEADLINE_MS = 1_000;

export class ShellModes {
  private saved: string | undefined;
  private unavailable = false;

  /**
   * Called with the terminal out of raw mode: the first time it remembers the modes (the app's
   * raw mode off gives the shell's), afterwards it sets them again.
   */
  settle(): void {
    if (this.unavailable) return;
    if (this.saved === undefined) this.remember();
    else this.restore();
  }

  /** After a command ended, before the app's raw mode goes on again: the shell's modes back. */
  restore(): void {
    if (this.saved === undefined) return;
    if (stty([this.saved]) === undefined) this.unavailable = true;
  }

  private remember(): void {
    const settings = stty(['-g'])?.trim();
    if (settings && /^\S+$/.test(settings)) this.saved = settings;
    else this.unavailable = true;
  }
}

/** Runs `stty` on the terminal; its output, or undefined when it could not run or failed. */
function stty(args: string[]): string | undefined {
  try {
    const result = withChildTerminal((tty) =>
      spawnSync('stty', args, { stdio: [tty, 'pipe', 'ignore'], timeout: STTY_DEADLINE_MS, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }),
    );
    return result.status === 0 ? result.stdout : undefined;
  } catch {
    return undefined;
  }
}
