/**
 * Incremental terminal output. Ink rewrites the whole frame on every change; the diff writer
 * feeds those bytes to a screen model and sends the terminal only the cells that differ from what
 * it already shows: a cursor move plus the changed run, with the fewest SGR changes, erasing long
 * blank stretches instead of writing spaces, and moving scrolled rows with a scroll region instead
 * of drawing them again. Ratatui's buffer diff works the same way.
 */
import { FULL_CAPABILITIES, type TerminalCapabilities } from '../../terminfo/capabilities.js';
import { widestReading, widthVaries } from './graphemes.js';
import type { FramePacer } from './frame-pacer.js';
import { CONTINUATION, ScreenModel } from './screen-model.js';
import { blankRunLength, count, cup, nextRun, record } from './row-cells.js';
import { changedCells, leftRowsToBlank, type ShownScreen, sliceOrder, statusFirst } from './row-slices.js';
import { findScrolledRows, scrollSequence, shiftRows } from './scroll-shift.js';
import { StyleTable } from './styles.js';

export interface DiffWriterOptions {
  readonly columns: number;
  readonly rows: number;
  /** Receives the bytes for the real terminal. */
  readonly write: (data: string) => void;
  /** Wrap an update in synchronized-output brackets when it is at least this long (default 512). */
  readonly syncAbove?: number;
  /** What the terminal understands (default: an xterm's full set). */
  readonly capabilities?: TerminalCapabilities;
}

const BEGIN_SYNC = '\u001B[?2026h';
const END_SYNC = '\u001B[?2026l';
/** Blank default cells worth erasing (ECH + cursor forward) instead of writing spaces. */
const MIN_ERASE = 10;

export class DiffWriter {
  private readonly table = new StyleTable();
  /** What the program drew (ink's view of the screen). */
  readonly model: ScreenModel;
  /** What the terminal shows; undefined when unknown (the next flush repaints everything). */
  private shownChars: string[][] | undefined;
  private shownStyles: number[][] = [];
  private shownCursor: boolean | undefined;
  /** The terminal's SGR style and cursor as we left them; -1 / NaN when unknown. */
  private pen = -1;
  private cx = Number.NaN;
  private cy = Number.NaN;
  private readonly out: (data: string) => void;
  private readonly syncAbove: number;
  private readonly caps: TerminalCapabilities;
  /** Set by takeOver(): flushes wait until the new program's first frame is in the model. */
  private held = false;
  /** Set by hold(): another program has the terminal, and nothing at all goes out (not even a repaint). */
  private away = false;
  /** Paces frames to the terminal's answers (frame-pacer.ts); none: every frame goes out at once. */
  private pacer: FramePacer | undefined;
  /** A frame waits for the pacer's window to open. */
  private waiting = false;
  /** The cursor rests, shown, on the cell each frame marks (cursor-anchor.ts), else top left: for a screen reader. */
  followsAnchors = false;

  constructor(options: DiffWriterOptions) {
    this.model = new ScreenModel(this.table, options.columns, options.rows);
    this.out = options.write;
    this.caps = options.capabilities ?? FULL_CAPABILITIES;
    this.syncAbove = this.caps.synchronizedOutput ? (options.syncAbove ?? 512) : Number.POSITIVE_INFINITY;
  }

  /** Takes bytes meant for the terminal; sends the difference at once, or when a synchronized update ends. */
  write(data: string): void {
    this.model.write(data);
    this.pacer?.drew();
    if (this.model.syncDepth === 0 && !this.held) this.flushWhenShown();
  }

  /** From now on frames wait for the terminal to have shown the ones before (see FramePacer). */
  pace(pacer: FramePacer): void {
    this.pacer = pacer;
    pacer.ask = (query) => this.out(query);
    pacer.onOpen = () => {
      if (this.waiting && pacer.open() && !this.held && this.model.syncDepth === 0) this.flush();
    };
  }

  /** Flushes now, or once the pacer's window opens: then only the newest screen goes out. */
  private flushWhenShown(): void {
    if (this.pacer && !this.pacer.open()) this.waiting = true;
    else this.flush();
  }

  /** Ink draws over the text-only first frame: onto a blank model, cursor home; nothing goes out until release(). */
  takeOver(): void {
    this.model.write('\u001B[m\u001B[2J\u001B[H');
    this.held = true;
  }

  /** Another program has the terminal: frames go into the model only, until release(). */
  hold(): void {
    this.held = true;
    this.away = true;
  }

  /** Ends takeOver(): sends only what differs from the screen. */
  release(): void {
    this.held = false;
    this.away = false;
    if (this.model.syncDepth === 0) this.flushWhenShown();
  }

  /** The terminal changed size: everything is drawn again on the next flush. */
  resize(columns: number, rows: number): void {
    this.model.resize(columns, rows);
    this.invalidate();
  }

  /** The terminal was cleared or changed behind our back (e.g. after a suspend). */
  invalidate(): void {
    this.shownChars = undefined;
    this.shownCursor = undefined;
    this.pen = -1;
    this.cx = Number.NaN;
  }

  /** Clears the terminal and draws the current screen again. */
  repaint(): void {
    this.invalidate();
    this.flush();
  }

  /** Sends the cells changed since the last flush: at once, or on a slow link in slices as the pacer's window opens. */
  flush(): void {
    if (this.away) return;
    this.waiting = false;
    while (this.flushSlice(this.pacer?.allowance() ?? Number.POSITIVE_INFINITY)) {
      if (this.pacer && !this.pacer.open()) {
        this.waiting = true;
        return;
      }
    }
  }

  /** Sends changed rows until `limit` characters are written (a row at least); true when changed rows are left. */
  private flushSlice(limit: number): boolean {
    const { model, caps } = this;
    let out = '';
    if (!this.followsAnchors && this.shownCursor !== false && !model.cursorVisible) {
      out += caps.cursor?.hide ?? '';
      this.shownCursor = false;
    }
    const cleared = this.shownChars === undefined;
    if (cleared) {
      out += `\u001B[m${caps.clear}`;
      this.pen = 0;
      this.cx = 0;
      this.cy = 0;
      this.shownChars = Array.from({ length: model.rows }, () => new Array<string>(model.columns).fill(' '));
      this.shownStyles = Array.from({ length: model.rows }, () => new Array<number>(model.columns).fill(0));
    }
    // A cleared screen has no rows to move.
    if (!cleared) out += this.scrollMovedRows();
    const { order, always } = Number.isFinite(limit) ? sliceOrder(this.shownScreen()) : { order: statusFirst(model), always: 0 };
    let left = false;
    let drawn = false;
    for (const [i, y] of order.entries()) {
      if (drawn && i >= always && out.length >= limit) {
        left = order.some((row) => changedCells(this.shownScreen(), row) > 0);
        if (left && this.caps.eraseLine) out += this.blankLeftRows(order);
        break;
      }
      const row = this.diffRow(y);
      out += row;
      drawn ||= row !== '';
    }
    // The cursor rests once the whole frame is out.
    const rest = left ? undefined : this.followsAnchors ? (model.anchor ?? { x: 0, y: 0 }) : model.cursorVisible ? model : undefined;
    if (rest) {
      out += this.moveTo(rest.x, rest.y);
      if (this.shownCursor !== true) out += caps.cursor?.show ?? '';
      this.shownCursor = true;
    }
    if (out === '') return false;
    const data = out.length >= this.syncAbove ? BEGIN_SYNC + out + END_SYNC : out;
    this.out(data + (this.pacer?.sent(Buffer.byteLength(data), model.mark?.escStops === true) ?? ''));
    return left;
  }

  private shownScreen(): ShownScreen {
    return { model: this.model, table: this.table, shownChars: this.shownChars ?? [], shownStyles: this.shownStyles };
  }

  /** Blanks the changed rows a slice left out, so no older screen shows in them. */
  private blankLeftRows(order: readonly number[]): string {
    let out = '';
    for (const y of leftRowsToBlank(this.shownScreen(), order)) {
      out += this.erasePen() + this.moveTo(0, y) + '\u001B[K';
      this.shownChars?.[y]?.fill(' ');
      this.shownStyles[y]?.fill(0);
    }
    return out;
  }

  /** Moves rows that scrolled as a block with a scroll region, where the terminal has one. */
  private scrollMovedRows(): string {
    const { model } = this;
    const shownChars = this.shownChars;
    const method = this.caps.scroll;
    if (!shownChars || !method) return '';
    const found = findScrolledRows(model, shownChars, this.shownStyles);
    if (!found) return '';
    const { first, end, shift } = found;
    const region = shift > 0 ? scrollSequence(method, first, end + shift - 1, shift) : scrollSequence(method, first + shift, end - 1, shift);
    shiftRows(shownChars, this.shownStyles, found, model.columns);
    // Setting the region homes the cursor; the new lines take the pen's background.
    this.cx = Number.NaN;
    this.cy = Number.NaN;
    return this.erasePen() + region;
  }

  private diffRow(y: number): string {
    const chars = this.model.chars[y];
    const styles = this.model.styles[y];
    const shownChars = this.shownChars?.[y];
    const shownStyles = this.shownStyles[y];
    if (!chars || !styles || !shownChars || !shownStyles) return '';
    let out = '';
    for (let run = nextRun(chars, styles, shownChars, shownStyles, 0); run; run = nextRun(chars, styles, shownChars, shownStyles, run.end)) {
      out += this.drawRun(y, run.start, run.end);
    }
    return out;
  }

  /** Writes cells [start, end) of row y and records them as shown. */
  private drawRun(y: number, start: number, end: number): string {
    const chars = this.model.chars[y] as string[];
    const styles = this.model.styles[y] as number[];
    const shownChars = this.shownChars?.[y] as string[];
    const shownStyles = this.shownStyles[y] as number[];
    const columns = this.model.columns;
    let out = this.moveTo(start, y);
    let x = start;
    while (x < end) {
      const ch = chars[x] ?? ' ';
      const style = styles[x] ?? 0;
      if (ch === ' ' && style === 0) {
        const blanks = blankRunLength(chars, styles, x);
        if (x + blanks >= columns && blanks >= 3 && this.caps.eraseLine) {
          // Everything to the end of the line is blank: erase it.
          out += this.erasePen() + '\u001B[K';
          for (let i = x; i < columns; i++) record(shownChars, shownStyles, i, chars, styles);
          return out;
        }
        if (blanks >= MIN_ERASE && this.caps.eraseChars) {
          out += `${this.erasePen()}\u001B[${blanks}X\u001B[${blanks}C`;
          for (let i = x; i < x + blanks; i++) record(shownChars, shownStyles, i, chars, styles);
          x += blanks;
          this.cx = x;
          if (x > end) end = x;
          continue;
        }
      }
      if (ch === CONTINUATION) {
        record(shownChars, shownStyles, x, chars, styles);
        x++;
        continue;
      }
      // A blank looks the same in any pen with its background: keep the pen then.
      if (!(ch === ' ' && this.pen >= 0 && this.table.blank(this.pen) === style)) {
        out += this.table.transition(this.pen, style);
        this.pen = style;
      }
      const wide = chars[x + 1] === CONTINUATION;
      if (wide && widthVaries(ch)) {
        // Terminals disagree on emoji widths (one column in older ones). Blank the second column
        // first and place the cursor after it explicitly: the rest of the row lands right either way.
        out += `\u001B[C ${cup(x, y)}${ch}${x + 2 < columns ? cup(x + 2, y) : ''}`;
        // Where the terminal draws it wider (each part at its own width), the cells it spilled
        // over are written again, changed or not. Past the last column autowrap is off (terminal.ts).
        const spilled = Math.min(columns, x + widestReading(ch));
        if (spilled > end) end = chars[spilled] === CONTINUATION ? spilled + 1 : spilled;
      } else {
        out += ch;
      }
      record(shownChars, shownStyles, x, chars, styles);
      if (wide) record(shownChars, shownStyles, x + 1, chars, styles);
      x += wide ? 2 : 1;
      // After the last column the cursor waits to wrap; its position is then not to be trusted.
      this.cx = x >= columns ? Number.NaN : x;
    }
    return out;
  }

  /** Erasing fills with the pen's background: make sure it is the default one. */
  private erasePen(): string {
    if (this.pen >= 0 && this.table.erase(this.pen) === 0) return '';
    const out = this.table.transition(this.pen, 0);
    this.pen = 0;
    return out;
  }

  private moveTo(x: number, y: number): string {
    if (this.cy === y && this.cx === x) return '';
    const move = this.cy === y && this.cx < x ? `\u001B[${count(x - this.cx)}C` : cup(x, y);
    this.cx = x;
    this.cy = y;
    return move;
  }
}
