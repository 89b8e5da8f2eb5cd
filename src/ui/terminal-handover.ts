/**
 * Handing the terminal to a program of the user's own (a foreground command) and taking it back,
 * as lazygit does: frames held, keys no longer read, the app's screen and modes left; once the
 * program has ended, the modes set again and the whole frame drawn again.
 */
import type { DiffWriter } from './render/index.js';
import type { TerminalInput } from './input/terminal-input.js';
import { refreshTerminalSize, type TerminalSession } from './terminal.js';
import { dropLeftoverKeys } from './commands/leftover-keys.js';

export interface HandoverParts {
  readonly terminal: TerminalSession;
  readonly writer: DiffWriter;
  readonly input: TerminalInput | undefined;
  readonly stdout: NodeJS.WriteStream;
  /** Draws the store's frame again. */
  readonly redraw: () => void;
}

export interface TerminalHandover {
  /** Runs `program` with the terminal; one at a time (a second waits for nothing and is not run). */
  handOver(program: () => Promise<void>): Promise<void>;
  /** True while a program has the terminal: Ctrl-C is its, and a SIGCONT is not the app's to draw. */
  away(): boolean;
  /**
   * True while a program has the terminal and for a moment after it ended: the Ctrl-C that ended it
   * reached the app too (one process group), and its SIGINT may be read after the program's exit.
   */
  interruptIsTheProgram(): boolean;
  /** The app is ending: a program that ends from now on does not get the app's screen and modes back. */
  abandon(): void;
}

/** How long after a program ended a SIGINT is still taken for the one that ended it. */
export const INTERRUPT_GRACE_MS = 500;

export function terminalHandover(parts: HandoverParts): TerminalHandover {
  let away = false;
  let abandoned = false;
  let endedAt = Number.NEGATIVE_INFINITY;
  return {
    away: () => away,
    abandon: () => {
      abandoned = true;
    },
    interruptIsTheProgram: () => away || Date.now() - endedAt < INTERRUPT_GRACE_MS,
    async handOver(program) {
      if (away) return;
      away = true;
      // The terminal is cooked while the program runs: Ctrl-\ would end the app with it.
      const ignoreQuit = (): void => undefined;
      process.on('SIGQUIT', ignoreQuit);
      parts.writer.hold();
      const resumeInput = parts.input?.pause();
      parts.terminal.leave();
      const takeBack = async (): Promise<void> => {
        parts.terminal.resume();
        // After a question answered on the terminal (a stopped command, a failure's pause) the keys are the app's: typed once it was shown.
        if (parts.input && !parts.input.questionAnswered()) await dropLeftoverKeys(parts.input);
        resumeInput?.();
        refreshTerminalSize(parts.stdout);
        parts.writer.invalidate();
        parts.writer.release();
        parts.redraw();
        parts.input?.releaseTypedAhead();
      };
      try {
        await program();
      } finally {
        away = false;
        endedAt = Date.now();
        process.off('SIGQUIT', ignoreQuit);
        if (!abandoned) await takeBack();
      }
    },
  };
}
