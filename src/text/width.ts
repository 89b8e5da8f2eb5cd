/**
 * Display-width helpers: terminal columns, not UTF-16 units (CJK and emoji take 2 columns,
 * combining marks 0). All widths are measured with string-width, the same library ink uses.
 */
import stringWidth from 'string-width';
import { asciiOnly } from './charset.js';
import { glyph, toAscii } from './glyphs.js';
import { sanitize } from './sanitize.js';
import { graphemeWidth } from './graphemes.js';
import { isSimpleText } from './simple-text.js';

const segmenter = new Intl.Segmenter();

/** Number of terminal columns `s` occupies. */
export function displayWidth(s: string): number {
  return stringWidth(s);
}

const clampWidth = (width: number): number =>
  Number.isFinite(width) && width > 0 ? Math.floor(width) : 0;

/** Longest prefix of `s` (whole grapheme clusters) whose display width is at most `budget`. */
function takeColumns(s: string, budget: number): string {
  if (budget <= 0) return '';
  if (isSimpleText(s)) return s.slice(0, budget);
  let used = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(s)) {
    const w = graphemeWidth(segment);
    if (used + w > budget) break;
    used += w;
    end = index + segment.length;
  }
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
  const full = displayWidth(s);
  if (full <= max) return s;
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
