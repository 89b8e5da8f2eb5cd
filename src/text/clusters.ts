/**
 * Grapheme clusters and their widths without segmenting all of a text. string-width splits any
 * text that is not plain ASCII with Intl.Segmenter and tests each cluster with Unicode property
 * regexes: some 0.4 µs a character, so a name of 200 characters with CJK and emoji cost more to
 * measure than to read off the wire. Here a character that stands alone (one or two columns
 * wide, its own cluster beside a letter on either side: CJK, kana, Hangul syllables, most
 * letters and symbols of the BMP) is looked up in a table, classified once on first sight by
 * string-width itself; only the pieces between such characters go through the segmenter, and
 * each distinct cluster is measured once.
 *
 * Why a text's clusters are its pieces' clusters: two standalone characters side by side are never
 * one cluster (every rule of UAX #29 that holds two characters together needs a joiner, an
 * extending, spacing or prepended mark, a Hangul jamo or a regional indicator, and none of those
 * stands alone), and no rule looks back past such a pair.
 */
import stringWidth from 'string-width';

const segmenter = new Intl.Segmenter();
/** Per UTF-16 unit: 0 not seen yet, 1 or 2 its width when it stands alone, 3 when it does not. */
const classes = new Uint8Array(0x10000);
for (let code = 0x20; code <= 0x7e; code++) classes[code] = 1;
const NOT_ALONE = 3;

const isJamo = (code: number): boolean => (code >= 0x1100 && code <= 0x11ff) || (code >= 0xa960 && code <= 0xa97f) || (code >= 0xd7b0 && code <= 0xd7ff);

function clusterCount(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

function classify(code: number): number {
  if (isJamo(code) || (code >= 0xd800 && code <= 0xdfff)) return NOT_ALONE;
  const c = String.fromCharCode(code);
  const width = stringWidth(c);
  return (width === 1 || width === 2) && clusterCount(`a${c}`) === 2 && clusterCount(`${c}a`) === 2 ? width : NOT_ALONE;
}

/** The width of UTF-16 unit `code` when it stands alone (see above), else 0. */
function standaloneWidth(code: number): number {
  let known = classes[code] as number;
  if (known === 0) {
    known = classify(code);
    classes[code] = known;
  }
  return known === NOT_ALONE ? 0 : known;
}

const widths = new Map<string, number>();
const MAX_CACHED = 8192;

/** string-width of one cluster (may be over 2: a cluster of spacing marks), cached. */
export function clusterWidth(cluster: string): number {
  let width = widths.get(cluster);
  if (width === undefined) {
    width = stringWidth(cluster);
    if (widths.size >= MAX_CACHED) widths.clear();
    widths.set(cluster, width);
  }
  return width;
}

/**
 * Calls `visit` with each cluster of `text` (no escape sequences) and its string-width, left to
 * right, until `visit` returns false. The widths add up to string-width of the text.
 */
export function eachCluster(text: string, visit: (cluster: string, width: number) => boolean | void): void {
  const n = text.length;
  let start = 0;
  let prev = n > 0 ? standaloneWidth(text.charCodeAt(0)) : 0;
  for (let i = 1; i <= n; i++) {
    const next = i < n ? standaloneWidth(text.charCodeAt(i)) : 0;
    if (i < n && (prev === 0 || next === 0)) {
      prev = next;
      continue;
    }
    // A piece ends before i: one standalone character, or a stretch the segmenter splits.
    if (i - start === 1 && prev !== 0) {
      if (visit(text.charAt(start), prev) === false) return;
    } else {
      for (const { segment } of segmenter.segment(text.slice(start, i))) if (visit(segment, clusterWidth(segment)) === false) return;
    }
    start = i;
    prev = next;
  }
}
