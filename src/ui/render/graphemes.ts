/**
 * Graphemes as the frame writer needs them: which ones terminals disagree on the width of (it places
 * the cursor after them itself), and runs of text as cells, remembered across frames.
 */
import { clusterWidth } from '../../text/clusters.js';
import { forEachGrapheme } from '../../text/graphemes.js';

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

/** A run of text as terminal cells: its graphemes and their widths (0, 1 or 2). */
export interface RunCells {
  readonly graphemes: readonly string[];
  readonly widths: Uint8Array;
}

const runs = new Map<string, RunCells>();
/**
 * Runs remembered. The screen model reads every frame whole, and a keystroke's frame repeats
 * nearly every row of the one before: some five screens of runs (a row is a few runs, split at its
 * styles).
 */
const MAX_RUNS = 256;

/**
 * `text` (no escape sequences or controls) as cells, as forEachGrapheme gives them; a run read
 * lately is not segmented again (over long non-ASCII names that was most of the model's work).
 */
export function runCells(text: string): RunCells {
  const known = runs.get(text);
  if (known !== undefined) return known;
  const graphemes: string[] = [];
  const widths: number[] = [];
  forEachGrapheme(text, (grapheme, width) => {
    graphemes.push(grapheme);
    widths.push(width);
  });
  const cells = { graphemes, widths: Uint8Array.from(widths) };
  // Cleared whole: a Map that keeps dropping and adding entries moves to a new table every few.
  if (runs.size >= MAX_RUNS) runs.clear();
  runs.set(text, cells);
  return cells;
}
