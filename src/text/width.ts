/**
 * Display-width helpers: terminal columns, not UTF-16 units (CJK and emoji take 2 columns,
 * combining marks 0). All widths are measured with string-width, the same library ink uses.
 */
import stringWidth from 'string-width';
import { asciiOnly } from './charset.js';
import { glyph, toAscii } from './glyphs.js';
import { sanitize } from './sanitize.js';
import { eachCluster } from './clusters.js';
import { isSimpleText } from './simple-text.js';

const segmenter = new Intl.Segmenter();
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/** Number of terminal columns `s` occupies (string-width's answer, found faster: clusters.ts). */
export function displayWidth(s: string): number {
  if (PRINTABLE_ASCII.test(s)) return s.length;
  // string-width leaves escape sequences out; sanitised text has none.
  if (s.includes('\u001b') || s.includes('\u009b')) return stringWidth(s);
  let width = 0;
  eachCluster(s, (_, w) => {
    width += w;
  });
  return width;
}

/** Whether `s` (no escape sequences) takes at most `max` columns, found without measuring past them. */
function fitsIn(s: string, max: number): boolean {
  // A UTF-16 unit never takes more than two columns.
  if (s.length * 2 <= max) return true;
  if (PRINTABLE_ASCII.test(s)) return s.length <= max;
  if (s.includes('\u001b') || s.includes('\u009b')) return stringWidth(s) <= max;
  let width = 0;
  eachCluster(s, (_, w) => (width += w) <= max);
  return width <= max;
}

const clampWidth = (width: number): number =>
  Number.isFinite(width) && width > 0 ? Math.floor(width) : 0;

/** Longest prefix of `s` (whole grapheme clusters) whose display width is at most `budget`. */
function takeColumns(s: string, budget: number): string {
  if (budget <= 0) return '';
  if (isSimpleText(s)) return s.slice(0, budget);
  let used = 0;
  let end = 0;
  eachCluster(s, (cluster, width) => {
    const w = Math.min(2, width);
    if (used + w > budget) return false;
    used += w;
    end += cluster.length;
    return true;
  });
  return s.slice(0, end);
}

/**
 * Cuts `s` to at most `width` columns, ending in `ellipsis` when something was cut. A wide
 * character that does not fit is dropped, so the result may be one column short. When even the
 * ellipsis does not fit, the text is cut without it. On a terminal that is not UTF-8 the text is
 * made ASCII first ('?' for what it cannot show), then cut.
 */
export function truncate(text: string, width: number, ellipsis = glyph('ellipsis')): string {
  const s = asciiOnly() ? toAscii(text) : text;
  const max = clampWidth(width);
  if (fitsIn(s, max)) return s;
  const ellipsisWidth = displayWidth(ellipsis);
  if (ellipsisWidth > max) return fitColumns(takeColumns(s, max), max);
  return fitColumns(takeColumns(s, max - ellipsisWidth) + ellipsis, max);
}

/**
 * Guards against clusters that re-form at a joint (e.g. a trailing Prepend mark fusing with the
 * ellipsis) and so measure wider than their parts: drop whole clusters until it fits.
 */
function fitColumns(s: string, max: number): string {
  let out = s;
  while (out.length > 0 && displayWidth(out) > max) {
    const clusters = [...segmenter.segment(out)];
    const last = clusters[clusters.length - 1];
    out = last ? out.slice(0, last.index) : '';
  }
  return out;
}

/** Pads `s` with spaces up to `width` columns; never cuts. */
export function padEnd(s: string, width: number): string {
  const missing = clampWidth(width) - displayWidth(s);
  return missing > 0 ? s + ' '.repeat(missing) : s;
}

/** Pads `s` with spaces on the left up to `width` columns; never cuts. */
export function padStart(s: string, width: number): string {
  const missing = clampWidth(width) - displayWidth(s);
  return missing > 0 ? ' '.repeat(missing) + s : s;
}

/** Any value as terminal-safe text of exactly `width` columns: sanitize → truncate → padEnd. */
export function fit(value: unknown, width: number): string {
  return padEnd(truncate(sanitize(value), width), width);
}
