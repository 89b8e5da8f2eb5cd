/** Splits plain text (no escape sequences) into terminal cells: grapheme clusters and widths. */
import { displayWidth } from '../../text/index.js';
import { isSimpleText } from '../../text/simple-text.js';
const segmenter = new Intl.Segmenter();
const widths = new Map<string, number>();
const MAX_CACHED = 8192;

/** Display width of one grapheme cluster (0, 1 or 2), cached. */
export function graphemeWidth(grapheme: string): number {
  let width = widths.get(grapheme);
  if (width === undefined) {
    width = Math.min(2, displayWidth(grapheme));
    if (widths.size >= MAX_CACHED) widths.clear();
    widths.set(grapheme, width);
  }
  return width;
}

/** Calls `cell` for each grapheme of `text` with its display width, left to right. */
export function forEachGrapheme(text: string, cell: (grapheme: string, width: number) => void): void {
  if (isSimpleText(text)) {
    for (let i = 0; i < text.length; i++) cell(text[i] as string, 1);
    return;
  }
  for (const { segment } of segmenter.segment(text)) cell(segment, graphemeWidth(segment));
}

/**
 * True for a two-column grapheme whose width terminals disagree on: emoji and symbols. East Asian
 * wide characters (CJK, Hangul, kana, fullwidth forms) are two columns everywhere.
 */
export function widthVaries(grapheme: string): boolean {
  const code = grapheme.codePointAt(0) ?? 0;
  const eastAsianWide =
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3fffd);
  return !eastAsianWide || grapheme.includes('\u200D') || grapheme.includes('\uFE0F');
}
