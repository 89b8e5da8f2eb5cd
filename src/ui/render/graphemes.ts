/** Which graphemes terminals disagree on the width of (the frame writer places the cursor after them itself). */
import { clusterWidth } from '../../text/clusters.js';

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

const isRegionalIndicator = (code: number): boolean => code >= 0x1f1e6 && code <= 0x1f1ff;

/**
 * The most columns a terminal may give a grapheme we count as two: one that does not know the
 * sequence draws each code point at its own width (tmux 3.3a: 👍🏽 is 👍 and 🏽, four columns; a
 * family of four joined by ZWJ, eight), and some draw a regional indicator two wide.
 */
export function widestReading(grapheme: string): number {
  const first = grapheme.codePointAt(0) ?? 0;
  const oneCodePoint = grapheme.length === (first > 0xffff ? 2 : 1);
  if (oneCodePoint) return 2;
  let widest = 0;
  for (const part of grapheme) widest += isRegionalIndicator(part.codePointAt(0) ?? 0) ? 2 : clusterWidth(part);
  return Math.max(2, widest);
}
