/**
 * A model of the terminal screen that follows the byte stream ink writes (text, SGR, cursor moves,
 * erase, cursor visibility, synchronized-output brackets), so the diff writer knows what every
 * cell should show. It covers what ink and log-update emit; other sequences are skipped.
 */
import { graphemeWidth } from '../../text/graphemes.js';
import { isSimpleText } from '../../text/simple-text.js';
import { runCells } from './graphemes.js';
import { parseAnchor } from './cursor-anchor.js';
import { parseFrameMark, type FrameMark } from './frame-mark.js';
import type { StyleTable } from './styles.js';

/** A cell's character: a grapheme, '' for the right half of a wide character. */
export const CONTINUATION = '';

export class ScreenModel {
  columns: number;
  rows: number;
  /** Characters by row; ' ' is blank, CONTINUATION follows a wide character. */
  chars: string[][];
  /** Style ids by row (see StyleTable). */
  styles: number[][];
  x = 0;
  y = 0;
  /** The cursor sits past the last column; the next character wraps first (as xterm does). */
  private pendingWrap = false;
  /** The current SGR style. */
  pen = 0;
  cursorVisible = true;
  /** Where the last frame asked the cursor to rest (cursor-anchor.ts); undefined: it did not say. */
  anchor: { x: number; y: number } | undefined;
  /** What the last frame marked (frame-mark.ts); undefined: it did not say. */
  mark: FrameMark | undefined;
  /** Depth of `ESC[?2026h` (begin synchronized update) not yet closed. */
  syncDepth = 0;
  private partial = '';
  private saved = { x: 0, y: 0, pen: 0 };

  constructor(
    private readonly table: StyleTable,
    columns: number,
    rows: number,
  ) {
    this.columns = Math.max(1, columns);
    this.rows = Math.max(1, rows);
    this.chars = Array.from({ length: this.rows }, () => blankRow(this.columns));
    this.styles = Array.from({ length: this.rows }, () => new Array<number>(this.columns).fill(0));
  }

  /** Keeps the top-left content; the cursor stays within the new size. */
  resize(columns: number, rows: number): void {
    columns = Math.max(1, columns);
    rows = Math.max(1, rows);
    const fit = <T>(row: T[] | undefined, fill: T): T[] => {
      const out = (row ?? []).slice(0, columns);
      while (out.length < columns) out.push(fill);
      return out;
    };
    this.chars = Array.from({ length: rows }, (_, y) => fit(this.chars[y], ' '));
    this.styles = Array.from({ length: rows }, (_, y) => fit(this.styles[y], 0));
    this.columns = columns;
    this.rows = rows;
    for (let y = 0; y < rows; y++) this.repairWide(y, columns - 1);
    this.x = Math.min(this.x, columns - 1);
    this.y = Math.min(this.y, rows - 1);
    this.pendingWrap = false;
  }

  /** Applies bytes as a terminal would (a '\n' also returns the carriage: the tty adds the CR). */
  write(data: string): void {
    const text = this.partial + data;
    this.partial = '';
    let i = 0;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === 0x1b) {
        const end = sequenceEnd(text, i);
        if (end < 0) {
          this.partial = text.slice(i);
          return;
        }
        this.escape(text.slice(i, end));
        i = end;
      } else if (code < 0x20 || code === 0x7f) {
        this.control(code);
        i++;
      } else {
        let end = i + 1;
        while (end < text.length) {
          const c = text.charCodeAt(end);
          if (c < 0x20 || c === 0x7f) break;
          end++;
        }
        this.printRun(text.slice(i, end));
        i = end;
      }
    }
  }

  private printRun(run: string): void {
    if (isSimpleText(run)) {
      for (let k = 0; k < run.length; k++) this.print(run[k] as string, 1);
      return;
    }
    const { graphemes, widths } = runCells(run);
    for (let k = 0; k < graphemes.length; k++) this.print(graphemes[k] as string, widths[k] as number);
  }

  private control(code: number): void {
    if (code === 0x0a) {
      this.x = 0;
      this.lineFeed();
    } else if (code === 0x0d) {
      this.x = 0;
      this.pendingWrap = false;
    } else if (code === 0x08) {
      this.x = Math.max(0, this.x - 1);
      this.pendingWrap = false;
    } else if (code === 0x09) {
      this.x = Math.min(this.columns - 1, (Math.floor(this.x / 8) + 1) * 8);
    }
  }

  private lineFeed(): void {
    this.pendingWrap = false;
    if (this.y < this.rows - 1) {
      this.y++;
      return;
    }
    this.chars.shift();
    this.styles.shift();
    this.chars.push(blankRow(this.columns));
    this.styles.push(new Array<number>(this.columns).fill(this.table.erase(this.pen)));
  }

  private print(g: string, width: number): void {
    if (width === 0) {
      // A combining mark or joiner joins the character before it.
      let x = this.pendingWrap ? this.columns - 1 : this.x - 1;
      const row = this.chars[this.y];
      if (row && row[x] === CONTINUATION) x--;
      if (row && x >= 0) row[x] = (row[x] ?? '') + g;
      return;
    }
    if (this.pendingWrap) {
      this.x = 0;
      this.lineFeed();
    }
    if (width === 2 && this.x === this.columns - 1) {
      this.put(this.x, ' ', this.table.erase(this.pen));
      this.x = 0;
      this.lineFeed();
    }
    const style = g === ' ' ? this.table.blank(this.pen) : this.pen;
    this.put(this.x, g, style);
    if (width === 2 && this.columns > 1) this.put(this.x + 1, CONTINUATION, style);
    this.x += width;
    if (this.x >= this.columns) {
      this.x = this.columns - 1;
      this.pendingWrap = true;
    }
  }

  /** Sets one cell, blanking the other half of any wide character it cuts. */
  private put(x: number, ch: string, style: number): void {
    const chars = this.chars[this.y];
    const styles = this.styles[this.y];
    if (!chars || !styles || x < 0 || x >= this.columns) return;
    if (chars[x] === CONTINUATION && ch !== CONTINUATION && x > 0) {
      chars[x - 1] = ' ';
      styles[x - 1] = this.table.blank(styles[x - 1] ?? 0);
    }
    if (chars[x] !== CONTINUATION && chars[x + 1] === CONTINUATION) {
      chars[x + 1] = ' ';
      styles[x + 1] = this.table.blank(styles[x + 1] ?? 0);
    }
    chars[x] = ch;
    styles[x] = style;
  }

  /** Erases cells [from, to) of row y, then repairs any wide character cut at the edges. */
  private eraseCells(y: number, from: number, to: number): void {
    const chars = this.chars[y];
    const styles = this.styles[y];
    if (!chars || !styles) return;
    const style = this.table.erase(this.pen);
    for (let x = Math.max(0, from); x < Math.min(this.columns, to); x++) {
      chars[x] = ' ';
      styles[x] = style;
    }
    this.repairWide(y, from - 1);
    this.repairWide(y, to);
  }

  /** A wide character without its right half, or a right half without its character, becomes blank. */
  private repairWide(y: number, x: number): void {
    const chars = this.chars[y];
    const styles = this.styles[y];
    if (!chars || !styles || x < 0 || x >= this.columns) return;
    const ch = chars[x] ?? ' ';
    const orphanHalf = ch === CONTINUATION && (x === 0 || graphemeWidth(chars[x - 1] ?? ' ') !== 2);
    const cutWide = ch !== CONTINUATION && graphemeWidth(ch) === 2 && chars[x + 1] !== CONTINUATION;
    if (orphanHalf || cutWide) {
      chars[x] = ' ';
      styles[x] = this.table.blank(styles[x] ?? 0);
    }
  }

  private escape(seq: string): void {
    const kind = seq[1];
    if (kind === '_') {
      const mark = parseAnchor(seq);
      if (mark !== undefined) this.anchor = mark === null ? undefined : { x: Math.min(this.columns - 1, mark.x), y: Math.max(0, this.y - mark.up) };
      const said = parseFrameMark(seq);
      if (said) this.mark = { statusRow: said.up === undefined ? undefined : Math.max(0, this.y - said.up), escStops: said.escStops };
      return;
    }
    if (kind !== '[') {
      if (kind === '7') this.saved = { x: this.x, y: this.y, pen: this.pen };
      else if (kind === '8') ({ x: this.x, y: this.y, pen: this.pen } = this.saved);
      else if (kind === 'E') {
        this.x = 0;
        this.lineFeed();
      }
      return;
    }
    const final = seq[seq.length - 1] ?? '';
    const body = seq.slice(2, -1);
    if (body.startsWith('?')) return this.privateMode(body.slice(1), final);
    if (final === 'm') {
      this.pen = this.table.apply(this.pen, body);
      return;
    }
    const n = (index: number, fallback = 1) => {
      const v = Number(body.split(';')[index] || fallback);
      return Number.isFinite(v) ? v : fallback;
    };
    const clampX = (x: number) => Math.max(0, Math.min(this.columns - 1, x));
    const clampY = (y: number) => Math.max(0, Math.min(this.rows - 1, y));
    this.pendingWrap = false;
    switch (final) {
      case 'A': this.y = clampY(this.y - Math.max(1, n(0))); break;
      case 'B': this.y = clampY(this.y + Math.max(1, n(0))); break;
      case 'C': this.x = clampX(this.x + Math.max(1, n(0))); break;
      case 'D': this.x = clampX(this.x - Math.max(1, n(0))); break;
      case 'E': this.y = clampY(this.y + Math.max(1, n(0))); this.x = 0; break;
      case 'F': this.y = clampY(this.y - Math.max(1, n(0))); this.x = 0; break;
      case 'G': case '`': this.x = clampX(n(0) - 1); break;
      case 'd': this.y = clampY(n(0) - 1); break;
      case 'H': case 'f': this.y = clampY(n(0) - 1); this.x = clampX(n(1) - 1); break;
      case 'K': this.eraseLine(n(0, 0)); break;
      case 'J': this.eraseDisplay(n(0, 0)); break;
      case 'X': this.eraseCells(this.y, this.x, this.x + Math.max(1, n(0))); break;
      default: break;
    }
  }

  private privateMode(body: string, final: string): void {
    if (final !== 'h' && final !== 'l') return;
    for (const mode of body.split(';')) {
      if (mode === '25') this.cursorVisible = final === 'h';
      else if (mode === '2026') this.syncDepth = final === 'h' ? 1 : 0;
    }
  }

  private eraseLine(mode: number): void {
    if (mode === 0) this.eraseCells(this.y, this.x, this.columns);
    else if (mode === 1) this.eraseCells(this.y, 0, this.x + 1);
    else this.eraseCells(this.y, 0, this.columns);
  }

  private eraseDisplay(mode: number): void {
    if (mode === 0) {
      this.eraseLine(0);
      for (let y = this.y + 1; y < this.rows; y++) this.eraseCells(y, 0, this.columns);
    } else if (mode === 1) {
      for (let y = 0; y < this.y; y++) this.eraseCells(y, 0, this.columns);
      this.eraseLine(1);
    } else {
      for (let y = 0; y < this.rows; y++) this.eraseCells(y, 0, this.columns);
    }
  }
}

function blankRow(columns: number): string[] {
  return new Array<string>(columns).fill(' ');
}

/**
 * Index just past the escape sequence starting at `start`, or -1 when it is incomplete.
 * CSI runs to its final byte; OSC/DCS/APC/PM/SOS to BEL or ST; other ESC sequences are 2 bytes.
 */
export function sequenceEnd(text: string, start: number): number {
  const kind = text[start + 1];
  if (kind === undefined) return -1;
  if (kind === '[') {
    for (let i = start + 2; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x40 && c <= 0x7e) return i + 1;
    }
    return -1;
  }
  if (kind === ']' || kind === 'P' || kind === '_' || kind === '^' || kind === 'X') {
    for (let i = start + 2; i < text.length; i++) {
      if (text.charCodeAt(i) === 0x07) return i + 1;
      if (text[i] === '\u001B' && text[i + 1] === '\\') return i + 2;
    }
    return -1;
  }
  return start + 2;
}
