/**
 * Text wrapped for a screen reader's "read current line": a line never ends inside a sentence
 * without saying so ("…" at its end), and a long path or URL breaks after a `/`, `?`, `&` or `,`
 * rather than leaving a word such as a method alone on its line.
 */
import { displayWidth, wrap } from '../../text/index.js';
import { glyph } from '../../text/glyphs.js';

/** A line ending here ends a sentence or a label: no "…" after it. */
const FINISHED = /[.!?]$/;

/** The longest start of `word` ending after a `/`, `?`, `&`, `=` or `,` that fits in `room` columns ('' if none). */
function breakPrefix(word: string, room: number): string {
  let head = '';
  for (const part of word.split(/(?<=[/?&=,])/)) {
    if (!/[/?&=,]$/.test(part) || displayWidth(head + part) > room) break;
    head += part;
  }
  return head;
}

/**
 * `text` (sanitised, one line) in lines of at most `width` columns, filled word by word; a word
 * that does not fit where the line has room (a path, a URL) is broken after a `/`, `?`, `&`, `=`
 * or `,` to fill it. With `mark`, a line that breaks a sentence ends in "…" (within the width).
 */
export function wrapSpoken(text: string, width: number, mark = true): string[] {
  const w = Math.max(1, Math.floor(width));
  const ellipsis = glyph('ellipsis');
  const room = mark && w > displayWidth(ellipsis) + 1 ? w - displayWidth(ellipsis) : w;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((s) => s !== '')) {
    let rest = word;
    let gap = line === '' ? '' : ' ';
    while (rest !== '') {
      const free = room - displayWidth(line + gap);
      if (displayWidth(rest) <= free) {
        line += gap + rest;
        break;
      }
      let head = breakPrefix(rest, free);
      if (head === '' && line === '') head = wrap(rest, room)[0] ?? rest;
      if (head !== '') {
        line += gap + head;
        rest = rest.slice(head.length);
      }
      lines.push(line);
      line = '';
      gap = '';
    }
  }
  lines.push(line);
  if (!mark || room === w) return lines;
  return lines.map((l, i) => (i < lines.length - 1 && !FINISHED.test(l) ? `${l}${ellipsis}` : l));
}

/** Lines (already sanitised) wrapped as wrapSpoken wraps them, each continuation indented two past its line's own indent. */
export function wrapSpokenIndented(text: readonly string[], width: number): string[] {
  const w = Math.max(4, Math.floor(width));
  return text.flatMap((line) => {
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    const cont = ' '.repeat(Math.min(indent + 2, Math.floor(w / 2)));
    return wrapSpoken(line.slice(indent), w - cont.length).map((part, i) => (i === 0 ? ' '.repeat(indent) : cont) + part);
  });
}
