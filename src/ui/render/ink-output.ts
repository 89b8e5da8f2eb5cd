/**
 * A faster drop-in for ink 6.8's internal `Output` (build/output.js), swapped in at bundle time by
 * scripts/build.mjs. Ink's version tokenizes every line of every frame into per-character style
 * objects again, which costs several milliseconds per 120x40 frame; this one parses a line once
 * (cached by its text across frames), keeps styles as interned ids and writes each row with the
 * fewest SGR changes. Same interface and the same screen: ink's clip rules, transformers, wide
 * characters, trailing blanks trimmed. Escape sequences other than SGR are dropped.
 */
import { asciiOnly } from '../../text/charset.js';
import { asciiCells, drawnGlyph } from '../../text/glyphs.js';
import { forEachGrapheme } from '../../text/graphemes.js';
import { anchorSequence, isAnchor } from './cursor-anchor.js';
import { frameMarkSequence, isFrameMarker } from './frame-mark.js';
import { CONTINUATION, sequenceEnd } from './screen-model.js';
import { StyleTable } from './styles.js';

type Transformer = (line: string, index: number) => string;

interface Clip {
  readonly x1?: number;
  readonly x2?: number;
  readonly y1?: number;
  readonly y2?: number;
}

type Operation =
  | { readonly type: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly transformers: readonly Transformer[] }
  | { readonly type: 'clip'; readonly clip: Clip }
  | { readonly type: 'unclip' };

/**
 * One line of styled text as cells: character, width in columns (1 or 2), style id. Widths and
 * styles in typed arrays: as plain arrays each cell took 8 bytes twice, and the cache below held
 * megabytes of them (a list of long names fills it with lines a hundred cells wide).
 */
interface ParsedLine {
  readonly chars: readonly string[];
  readonly widths: Uint8Array;
  readonly styles: Int32Array;
}

const table = new StyleTable();
const NON_ASCII = /[^\u0000-\u007f]/;
const parsedLines = new Map<string, ParsedLine>();
/** Some twenty screens of lines: every row of the frames a key moves between. */
const MAX_CACHED_LINES = 1024;

function parseLine(line: string): ParsedLine {
  const cached = parsedLines.get(line);
  if (cached) return cached;
  const chars: string[] = [];
  const widths: number[] = [];
  const styles: number[] = [];
  let pen = 0;
  let i = 0;
  while (i < line.length) {
    const esc = line.indexOf('\u001B', i);
    const textEnd = esc === -1 ? line.length : esc;
    if (textEnd > i) {
      forEachGrapheme(line.slice(i, textEnd), (drawn, w) => {
        const g = w === 1 ? drawnGlyph(drawn) : drawn;
        // Not a UTF-8 terminal: whatever is still outside ASCII here becomes ASCII, column for column.
        if (asciiOnly() && NON_ASCII.test(g)) {
          for (const cell of asciiCells(g, Math.max(1, w))) {
            chars.push(cell);
            widths.push(1);
            styles.push(pen);
          }
          return;
        }
        // A separator drawn as a comma joins the word before it ("inspector, 2"), not " , ".
        if (g === ',' && drawn !== ',' && chars[chars.length - 1] === ' ') {
          chars[chars.length - 1] = ',';
          styles[styles.length - 1] = pen;
          chars.push(' ');
          widths.push(1);
          styles.push(table.blank(pen));
          return;
        }
        chars.push(g);
        widths.push(Math.max(1, w));
        styles.push(g === ' ' ? table.blank(pen) : pen);
      });
    }
    if (esc === -1) break;
    const end = sequenceEnd(line, esc);
    if (end < 0) break;
    if (line[esc + 1] === '[' && line[end - 1] === 'm') pen = table.apply(pen, line.slice(esc + 2, end - 1));
    i = end;
  }
  const parsed = { chars, widths: Uint8Array.from(widths), styles: Int32Array.from(styles) };
  if (parsedLines.size >= MAX_CACHED_LINES) parsedLines.clear();
  parsedLines.set(line, parsed);
  return parsed;
}

/** Ink's output buffer: collects positioned writes, then renders them to one string. */
export default class Output {
  /** Proof in the built bundle that this class replaced ink's (checked by scripts/build.mjs). */
  static readonly marker = 'pagetui-fast-ink-output/1';
  readonly width: number;
  readonly height: number;
  private readonly operations: Operation[] = [];
  /** The cell a cursor anchor marked (cursor-anchor.ts); the last one drawn wins. */
  private anchor: { x: number; y: number } | undefined;
  /** What the frame's lines mark (frame-mark.ts): the status line's row, and whether any line says Esc stops. */
  private statusRow: number | undefined;
  private escStops = false;

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
  }

  write(x: number, y: number, text: string, options: { transformers: readonly Transformer[] }): void {
    if (!text) return;
    this.operations.push({ type: 'write', x, y, text, transformers: options.transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  get(): { output: string; height: number } {
    const width = Math.max(0, Math.floor(this.width));
    const height = Math.max(0, Math.floor(this.height));
    const chars = Array.from({ length: height }, () => new Array<string>(width).fill(' '));
    const styles = Array.from({ length: height }, () => new Array<number>(width).fill(0));
    const clips: Clip[] = [];
    for (const op of this.operations) {
      if (op.type === 'clip') clips.push(op.clip);
      else if (op.type === 'unclip') clips.pop();
      else this.place(op, clips[clips.length - 1], chars, styles);
    }
    const lines: string[] = [];
    for (let y = 0; y < height; y++) lines.push(rowText(chars[y] as string[], styles[y] as number[]));
    return { output: lines.join('\n') + anchorSequence(this.anchor, height) + frameMarkSequence(this.statusRow, this.escStops, height), height };
  }

  private place(op: Extract<Operation, { type: 'write' }>, clip: Clip | undefined, chars: string[][], styles: number[][]): void {
    const left = typeof clip?.x1 === 'number' && typeof clip.x2 === 'number' ? clip.x1 : -Infinity;
    const right = typeof clip?.x1 === 'number' && typeof clip.x2 === 'number' ? clip.x2 : Infinity;
    const top = typeof clip?.y1 === 'number' && typeof clip.y2 === 'number' ? clip.y1 : -Infinity;
    const bottom = typeof clip?.y1 === 'number' && typeof clip.y2 === 'number' ? clip.y2 : Infinity;
    const lines = op.text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const y = op.y + index;
      const rowChars = chars[y];
      const rowStyles = styles[y];
      if (!rowChars || !rowStyles || y < top || y >= bottom) continue;
      const anchor = index === 0 ? op.transformers.find(isAnchor) : undefined;
      if (anchor) {
        const x = op.x + anchor.anchorColumn;
        if (x >= 0 && x >= left && x < Math.min(right, rowChars.length)) this.anchor = { x, y };
      }
      const marker = index === 0 ? op.transformers.find(isFrameMarker) : undefined;
      if (marker?.frameMark.status) this.statusRow = y;
      if (marker?.frameMark.escStops) this.escStops = true;
      let line = lines[index] as string;
      for (const transform of op.transformers) line = transform(line, index);
      const parsed = parseLine(line);
      let x = op.x;
      for (let i = 0; i < parsed.chars.length; i++) {
        const w = parsed.widths[i] as number;
        if (x >= left && x + w <= right && x >= 0 && x + w <= rowChars.length) {
          setCell(rowChars, rowStyles, x, parsed.chars[i] as string, parsed.styles[i] as number, w);
        }
        x += w;
      }
    }
  }
}

function setCell(chars: string[], styles: number[], x: number, ch: string, style: number, width: number): void {
  // Overwriting half of a wide character blanks its other half.
  if (chars[x] === CONTINUATION && x > 0) chars[x - 1] = ' ';
  const after = x + width;
  if (chars[after] === CONTINUATION) chars[after] = ' ';
  chars[x] = ch;
  styles[x] = style;
  if (width === 2) {
    chars[x + 1] = CONTINUATION;
    styles[x + 1] = style;
  }
}

/** One row as text with SGR codes, trailing blanks that look like nothing left out. */
function rowText(chars: readonly string[], styles: readonly number[]): string {
  let last = chars.length - 1;
  while (last >= 0 && chars[last] === ' ' && table.blank(styles[last] as number) === 0) last--;
  let out = '';
  let pen = 0;
  for (let x = 0; x <= last; x++) {
    const ch = chars[x] as string;
    if (ch === CONTINUATION) continue;
    const style = styles[x] as number;
    if (style !== pen) {
      out += table.transition(pen, style);
      pen = style;
    }
    out += ch;
  }
  return pen === 0 ? out : out + table.transition(pen, 0);
}
