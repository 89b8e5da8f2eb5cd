/** Plain text (no escape sequences) as terminal cells: grapheme clusters and their widths. */
import stringWidth from 'string-width';
import { isSimpleText } from './simple-text.js';

const segmenter = new Intl.Segmenter();
const widths = new Map<string, number>();
const MAX_CACHED = 8192;

/** Display width of one grapheme cluster (0, 1 or 2), cached. */
export function graphemeWidth(grapheme: string): number {
  let width = widths.get(grapheme);
  if (width === undefined) {
    width = Math.min(2, stringWidth(grapheme));
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
