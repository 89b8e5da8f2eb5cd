/** Plain text (no escape sequences) as terminal cells: grapheme clusters and their widths. */
import { clusterWidth, eachCluster } from './clusters.js';
import { isSimpleText } from './simple-text.js';

/** Display width of one grapheme cluster (0, 1 or 2), cached. */
export function graphemeWidth(grapheme: string): number {
  return Math.min(2, clusterWidth(grapheme));
}

/** Calls `cell` for each grapheme of `text` with its display width, left to right. */
export function forEachGrapheme(text: string, cell: (grapheme: string, width: number) => void): void {
  if (isSimpleText(text)) {
    for (let i = 0; i < text.length; i++) cell(text[i] as string, 1);
    return;
  }
  eachCluster(text, (grapheme, width) => {
    cell(grapheme, Math.min(2, width));
  });
}
