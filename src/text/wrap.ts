/** Word wrapping by display width, for already sanitised single-line text. */
import stringWidth from 'string-width';
import { asciiOnly } from './charset.js';
import { glyph, toAscii } from './glyphs.js';
import { displayWidth, truncate } from './width.js';

const segmenter = new Intl.Segmenter();

/**
 * Splits `s` into lines of at most `width` columns, preferring to break after a space and
 * breaking inside a word only when it is longer than a line. With `maxLines`, the last kept line
 * ends in an ellipsis when text was left out. Always returns at least one line ('' for empty input).
 */
export function wrap(text: string, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const s = asciiOnly() ? toAscii(text) : text;
  const max = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  // Where the last space in `line` ends, so the line can be broken there.
  let breakAt = -1;
  let widthAtBreak = 0;
  let leftOut = false;

  for (const { segment } of segmenter.segment(s)) {
    const w = stringWidth(segment);
    // A cluster wider than a whole line (rare symbols at tiny widths) cannot be shown at all.
    if (w > max) continue;
    while (lineWidth + w > max && line.length > 0) {
      if (breakAt > 0 && segment !== ' ') {
        lines.push(line.slice(0, breakAt).trimEnd());
        line = line.slice(breakAt);
        lineWidth -= widthAtBreak;
      } else {
        lines.push(line.trimEnd());
        line = '';
        lineWidth = 0;
      }
      breakAt = -1;
      if (lines.length >= maxLines) break;
    }
    if (lines.length >= maxLines) {
      leftOut = true;
      break;
    }
    if (segment === ' ' && line.length === 0 && lines.length > 0) continue;
    line += segment;
    lineWidth += w;
    if (segment === ' ') {
      breakAt = line.length;
      widthAtBreak = lineWidth;
    }
  }
  if (!leftOut) {
    lines.push(line);
    return lines;
  }
  const last = lines.pop() ?? '';
  const ellipsis = glyph('ellipsis');
  const room = max - displayWidth(ellipsis);
  lines.push(room >= 0 ? `${truncate(last, room, '')}${ellipsis}` : truncate(last, max, ''));
  return lines;
}
