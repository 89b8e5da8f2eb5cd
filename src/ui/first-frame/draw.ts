/**
 * Draws the first frame before ink, React and yoga are loaded: the terminal is set up (alternate
 * screen, cleared) and the text-only frame (frame-lines.ts) goes out through the app's own diff
 * writer, the one runApp then hands to ink, so ink's first render only sends what differs.
 */
import { asciiOnly } from '../../text/charset.js';
import type { TerminalCapabilities } from '../../terminfo/capabilities.js';
import type { DiffWriter } from '../render/diff-writer.js';
import { createDiffWriter } from '../render/diff-stdout.js';
import InkOutput from '../render/ink-output.js';
import { EXIT_SIGNALS, TerminalSession } from '../terminal.js';
import type { Theme } from '../theme/tokens.js';
import { firstFrameLines, type FirstFrameState } from './frame-lines.js';

/** What runApp takes over: the terminal as set up, and the writer that drew on it. */
export interface DrawnFirstFrame {
  readonly terminal: TerminalSession;
  readonly writer: DiffWriter;
  /** runApp has its own signal handlers now: the interim ones go. */
  handedOver(): void;
  /** Draws the frame of a later state (the first page came while ink loads), sending only what changed. */
  redraw(state: FirstFrameOptions['state']): void;
}

export interface FirstFrameOptions {
  readonly stdout: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
  readonly capabilities: TerminalCapabilities;
  readonly mouse: boolean;
  readonly theme: Theme;
  /** chalk's level that ink will draw with (colorDepth's chalkLevel). */
  readonly chalkLevel: number;
  readonly state: Omit<FirstFrameState, 'columns' | 'rows'>;
  readonly now?: number;
}

const HIDE_CURSOR = '\u001B[?25l';

/** The frame as ink's output buffer would render these lines (its ASCII fallback and trimming included). */
function asInkOutput(lines: readonly string[], columns: number): string[] {
  const output = new InkOutput({ width: columns, height: lines.length });
  lines.forEach((line, y) => output.write(0, y, line, { transformers: [] }));
  return output.get().output.split('\n');
}

/** Draws the frame and returns what runApp needs to go on from it; undefined (nothing written) when it does not draw this state. */
export function drawFirstFrame(options: FirstFrameOptions): DrawnFirstFrame | undefined {
  const { stdout, stdin, capabilities } = options;
  const columns = stdout.columns ?? 80;
  const rows = stdout.rows ?? 24;
  const linesOf = (state: FirstFrameOptions['state'], now: number) => firstFrameLines({ ...state, columns, rows }, options.theme, options.chalkLevel, now);
  const lines = linesOf(options.state, options.now ?? Date.now());
  if (lines === undefined) return undefined;
  const terminal = new TerminalSession(stdout, stdin, capabilities, options.mouse);
  terminal.enter();
  // Until runApp's handlers are in place, an end from outside still gives the terminal back.
  const handlers = Object.entries(EXIT_SIGNALS).map(([signal, code]) => {
    const handler = () => {
      terminal.leave();
      process.exit(code);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const writer = createDiffWriter(stdout, capabilities);
  // Stopped from outside before ink took over, then continued: the terminal is set up and drawn again.
  const onContinue = () => {
    terminal.resume();
    writer.repaint();
  };
  process.on('SIGCONT', onContinue);
  // Ink's output buffer is only needed for what it changes: non-ASCII text on a terminal without UTF-8.
  const frame = (drawn: string[]) => {
    const text = asciiOnly() ? asInkOutput(drawn, writer.model.columns) : drawn;
    return HIDE_CURSOR + text.map((line, y) => `\u001B[${y + 1}H${line}`).join('');
  };
  writer.write(frame(lines));
  return {
    terminal,
    writer,
    redraw: (state) => {
      const later = linesOf(state, Date.now());
      if (later === undefined) return;
      // As ink does over this frame: drawn onto a blank model, then only the difference goes out.
      writer.takeOver();
      writer.write(frame(later));
      writer.release();
    },
    handedOver: () => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      process.off('SIGCONT', onContinue);
    },
  };
}
