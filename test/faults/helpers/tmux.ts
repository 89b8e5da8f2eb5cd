/**
 * A command run in a detached tmux session on a private tmux server, for tests that need the
 * terminal itself to go away: `kill-session` closes the pane's pty, exactly what a dropped SSH
 * connection or a closed terminal window does.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cleanEnv } from '../../helpers/pty-app.js';

export const TMUX = ['/usr/bin/tmux', '/usr/local/bin/tmux', '/opt/homebrew/bin/tmux'].find((p) => existsSync(p));
// CI's second phase installs tmux and sets this: there a missing tmux fails instead of skipping.
if (!TMUX && process.env.PAGETUI_REQUIRE_TMUX === '1') throw new Error('tmux is required here (PAGETUI_REQUIRE_TMUX=1) but is not installed');

let serial = 0;

export class TmuxSession {
  private readonly socket = `pagetui-test-${process.pid}-${serial++}`;

  /** Starts `command` (a shell command line) in a new session of `cols`×`rows`. */
  constructor(command: string, options: { cols?: number; rows?: number; env?: Record<string, string | undefined> } = {}) {
    if (!TMUX) throw new Error('tmux is not installed');
    const env = cleanEnv({ TMUX: undefined, TMUX_PANE: undefined, ...options.env });
    execFileSync(TMUX, ['-L', this.socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'app',
      '-x', String(options.cols ?? 100), '-y', String(options.rows ?? 30), command], { env });
  }

  /** The pane's visible text. */
  capture(): string {
    return this.tmux('capture-pane', '-p', '-t', 'app');
  }

  async waitFor(text: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.capture();
      if (screen.includes(text)) return screen;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${text}; the pane was:\n${screen}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Sends keys as typed (no key-name lookup). */
  type(keys: string): void {
    this.tmux('send-keys', '-t', 'app', '-l', keys);
  }

  /** Sends named keys (Enter, Escape, …). */
  press(...keys: string[]): void {
    this.tmux('send-keys', '-t', 'app', ...keys);
  }

  /** Closes the session: its pty goes away under the programs running in it. */
  killSession(): void {
    this.tmux('kill-session', '-t', 'app');
  }

  /** Ends this private tmux server, if anything is left of it. */
  close(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
  }

  /** Runs a tmux command against this private server (`show-buffer`, …). */
  tmux(...args: string[]): string {
    return execFileSync(TMUX ?? 'tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }
}
