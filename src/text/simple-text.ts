/**
 * Text that needs no grapheme segmenter: every character is its own cluster, one column wide.
 * That is printable ASCII and, below U+2C00 (outside Hangul Jamo, whose pieces join), each
 * character string-width measures as one column that stays apart from a letter on either side:
 * no control, zero-width, wide or combining character, joiner, spacing mark or prepended
 * character. None of the rules that hold two characters in one cluster applies between two
 * such characters, so a run of them has as many clusters, and columns, as characters. Each
 * character is classified once, on first sight. (The bundle's string-width has the same fast
 * path: scripts/lib/string-width-simple.mjs.)
 */
import stringWidth from 'string-width';

const LIMIT = 0x2c00;
/** 0: not seen yet, 1: simple, 2: not. */
const classes = new Uint8Array(LIMIT);
const segmenter = new Intl.Segmenter();

function clusterCount(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

function isSimpleCharacter(code: number): boolean {
  if (code >= LIMIT || (code >= 0x1100 && code <= 0x11ff)) return false;
  let known = classes[code];
  if (known === 0) {
    const c = String.fromCharCode(code);
    known = stringWidth(c) === 1 && clusterCount(`a${c}`) === 2 && clusterCount(`${c}a`) === 2 ? 1 : 2;
    classes[code] = known;
  }
  return known === 1;
}

/** True when every character of `text` is a one-column cluster of its own (see above). */
export function isSimpleText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 || code > 0x7e) && !isSimpleCharacter(code)) return false;
  }
  return true;
}
