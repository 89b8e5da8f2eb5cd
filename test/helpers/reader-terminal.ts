/**
 * The screen as a screen reader follows it: where the terminal's cursor is and whether it shows,
 * which rows are highlighted, and what the app wrote when (to count bytes and bursts).
 */
import { PtyApp, type PtyAppOptions } from './pty-app.js';

export class ReaderApp extends PtyApp {
  /** Every chunk the app wrote, with when it arrived (performance.now()). */
  readonly chunks: { at: number; data: string }[] = [];

  constructor(args: readonly string[], options: PtyAppOptions = {}) {
    super(args, options);
  }

  protected override received(data: string): void {
    super.received(data);
    this.chunks.push({ at: performance.now(), data });
  }

  /** The cursor as the terminal shows it: its cell and whether the last word on it was "show". */
  cursor(): { x: number; y: number; visible: boolean } {
    const buffer = this.term.buffer.active;
    return { x: buffer.cursorX, y: buffer.cursorY, visible: this.raw.lastIndexOf('\u001B[?25h') > this.raw.lastIndexOf('\u001B[?25l') };
  }

  /** True when the cell at (x, row) is drawn in reverse video or on a background colour. */
  cellHighlighted(x: number, row: number): boolean {
    const cell = this.term.buffer.active.getLine(this.term.buffer.active.viewportY + row)?.getCell(x);
    return cell !== undefined && (cell.isInverse() !== 0 || !cell.isBgDefault());
  }

  /** The first row (below the header) whose start is highlighted: the selected row or field; -1 if none. */
  firstHighlightedRow(): number {
    for (let row = 1; row < this.term.rows - 2; row++) if (this.isHighlighted(row)) return row;
    return -1;
  }

  /** Resolves once nothing has arrived for `quietMs` and all of it is on the screen. */
  async settled(quietMs = 60, timeoutMs = 10_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const seen = this.raw.length;
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      await this.parsed;
      if (this.raw.length === seen) return;
      if (performance.now() > deadline) throw new Error(`output did not settle within ${timeoutMs} ms`);
    }
  }

  /**
   * What arrived from `from` (performance.now()) on; `bursts` counts writes more than a second
   * apart (one update may reach the terminal in pieces on a busy machine; calm updates are 5 s apart).
   */
  writtenSince(from: number): { bytes: number; text: string; bursts: number } {
    const chunks = this.chunks.filter((c) => c.at >= from);
    let bursts = 0;
    let last = Number.NEGATIVE_INFINITY;
    for (const c of chunks) {
      if (c.at - last > 1_000) bursts++;
      last = c.at;
    }
    const text = chunks.map((c) => c.data).join('');
    return { bytes: Buffer.byteLength(text), text, bursts };
  }
}

/** A prompt's line: the filter, the jump, the export path. */
const PROMPT = /^(\/ |: |Export (.* )?to: )/;
const QUESTION = /overwrite\? y\/N$/;
/** An export being written: the prompt's line says how far it is, and the cursor waits at its start. */
const WRITING = /^(Exporting… |Checking |Writing )/;
/** An announcement on the status line: the cursor rests on it in the frame that says it, until the next key. */
const ANNOUNCEMENT = /^(Error|Warning|Done): /;

/**
 * Where the cursor must be: in an open prompt on its highlighted insertion point (after a question,
 * at its end); on the status line's start right after it announces an outcome; else on the first
 * highlighted row, first cell; with nothing highlighted (help, a
 * request in full, the last error), on the top line under the header. Undefined when it is there.
 */
export function cursorWhereExpected(app: ReaderApp): string | undefined {
  const { x, y, visible } = app.cursor();
  if (!visible) return 'the cursor is hidden';
  const line = app.lines()[y] ?? '';
  if (PROMPT.test(line)) return app.cellHighlighted(x, y) ? undefined : `the cursor is at ${x},${y} in the prompt "${line}", not on its insertion point`;
  if (WRITING.test(line)) return x === 0 ? undefined : `the cursor is at ${x},${y} on the export's progress "${line}", not at its start`;
  if (QUESTION.test(line)) return x === line.length ? undefined : `the cursor is at ${x},${y}, not after the question "${line}"`;
  if (ANNOUNCEMENT.test(line) && y === app.term.rows - 3) return x === 0 ? undefined : `the cursor is at ${x},${y} on the announcement "${line}", not at its start`;
  const selected = app.firstHighlightedRow();
  if (selected >= 0) return y === selected && x === 0 ? undefined : `the cursor is at ${x},${y}, the highlighted row is ${selected}`;
  return y === 1 && x === 0 ? undefined : `the cursor is at ${x},${y}, with no highlighted row (expected 0,1)`;
}

/** The rows `bytes` writes text on (following CUP, CUF and newlines), and where it leaves the cursor. */
export function rowsWritten(bytes: string, from: { x: number; y: number }): { rows: Set<number>; cursor: { x: number; y: number } } {
  const rows = new Set<number>();
  let { x, y } = from;
  const sequence = /\u001B\[([?\d;]*)([A-Za-z@`])|\u001B[^[]|\n|\r|[^\u001B\n\r]+/gy;
  for (let m = sequence.exec(bytes); m; m = sequence.exec(bytes)) {
    const [all, params, final] = m;
    if (final === 'H') {
      const [row, col] = (params ?? '').split(';');
      y = Number(row || 1) - 1;
      x = Number(col || 1) - 1;
    } else if (final === 'C') x += Number(params || 1);
    else if (final === 'G') x = Number(params || 1) - 1;
    else if (all === '\n') y++;
    else if (all === '\r') x = 0;
    else if (!all.startsWith('\u001B')) {
      rows.add(y);
      x += all.length;
    }
  }
  return { rows, cursor: { x, y } };
}

/** A jump to a group id that does not exist, then `E`: the last error shown, its output settled. */
export async function showMissingGroupError(app: ReaderApp): Promise<void> {
  app.write(':');
  await app.waitFor(/^: /m);
  app.write('no-such-group\r');
  await app.waitFor(/No page group "no-such-group"/);
  app.write('E');
  await app.waitFor(/^Last error/m);
  await app.settled();
}
