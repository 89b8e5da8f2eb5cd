/**
 * One spacing for every message line (the status line's message, stderr's `pagetui: …` lines):
 * parts joined where one ends in a space or is empty, and server text with a space before its
 * punctuation ("try again ."), leave two spaces in a row or a space before a comma; this takes
 * them out. Indentation at the start of a line is kept.
 */
const RUNS = /(?<=\S) {2,}(?=\S)/g;
const BEFORE_PUNCTUATION = /(?<=\S) +(?=[,.;:!?)](?:\s|$))/g;

export function singleSpaced(line: string): string {
  return line.replace(RUNS, ' ').replace(BEFORE_PUNCTUATION, '');
}
