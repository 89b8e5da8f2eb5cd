/**
 * Frames as ink writes them, for the render tests: random styled lines (colours, bold, inverse,
 * underline, CJK, emoji, combining marks) and ink's way of replacing the previous frame.
 */
import fc from 'fast-check';
import stringWidth from 'string-width';

export interface Segment {
  readonly style: string;
  readonly text: string;
}

const STYLES = [
  '',
  '\u001B[31m',
  '\u001B[44m',
  '\u001B[1m',
  '\u001B[2m',
  '\u001B[7m',
  '\u001B[4m',
  '\u001B[9m',
  '\u001B[38;5;208m',
  '\u001B[48;2;10;20;30m',
  '\u001B[44m\u001B[97m',
  '\u001B[0m',
  '\u001B[39m',
  '\u001B[49m',
  '\u001B[22m',
  '\u001B[27m',
];
const TEXTS = ['a', 'bc', 'Z', ' ', '    ', '中', '日本語', '🌍', '✅', 'e\u0301', '-', '│', 'x'];

const segmentArb: fc.Arbitrary<Segment> = fc.record({
  style: fc.constantFrom(...STYLES),
  text: fc.array(fc.constantFrom(...TEXTS), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
});

export const lineArb = fc.array(segmentArb, { minLength: 0, maxLength: 6 });

const ASCII_TEXTS = TEXTS.filter((t) => /^[\u0020-\u007e]+$/.test(t));

/** Lines of single-width characters only. */
export const asciiLineArb = fc.array(
  fc.record({
    style: fc.constantFrom(...STYLES),
    text: fc.array(fc.constantFrom(...ASCII_TEXTS), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
  }),
  { minLength: 0, maxLength: 6 },
);

const segmenter = new Intl.Segmenter();

/** One line of at most `columns` columns, every style closed at its end (as ink's lines are). */
export function fitLine(segments: readonly Segment[], columns: number): string {
  let used = 0;
  let out = '';
  for (const { style, text } of segments) {
    out += style;
    for (const { segment } of segmenter.segment(text)) {
      const w = stringWidth(segment);
      if (used + w > columns) return `${out}\u001B[0m`;
      out += segment;
      used += w;
    }
  }
  return `${out}\u001B[0m`;
}

/** A full-row highlight like the list's selected row: a background over the whole width. */
export function highlightRow(text: string, columns: number): string {
  let fitted = '';
  for (const { segment } of segmenter.segment(text)) {
    if (stringWidth(fitted + segment) > columns) break;
    fitted += segment;
  }
  const pad = Math.max(0, columns - stringWidth(fitted));
  return `\u001B[44m\u001B[97m${fitted}${' '.repeat(pad)}\u001B[39m\u001B[49m`;
}

function eraseLines(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += `\u001B[2K${i < count - 1 ? '\u001B[1A' : ''}`;
  return count > 0 ? `${out}\u001B[G` : '';
}

/** What ink 6.8's log-update writes: erase the previous frame's lines, then the frame and '\n'. */
export class InkLikeLog {
  private previousLineCount = 0;
  private hidden = false;

  frame(frame: string, synchronized = false): string {
    let out = this.hidden ? '' : '\u001B[?25l';
    this.hidden = true;
    out += eraseLines(this.previousLineCount) + frame + '\n';
    this.previousLineCount = frame.split('\n').length + 1;
    return synchronized ? `\u001B[?2026h${out}\u001B[?2026l` : out;
  }

  /** `instance.clear()`: erase the frame and forget it. */
  clear(): string {
    const out = eraseLines(this.previousLineCount);
    this.previousLineCount = 0;
    return out;
  }
}

/** The same frame drawn on a fresh terminal, as the reference. */
export function freshRender(frame: string): string {
  return `\u001B[?25l${frame.replaceAll('\n', '\r\n')}\r\n`;
}
