/**
 * The fast path: a query of plain words (no field, quote, regex, `-`, `|` or parenthesis) is
 * matched as the filter always was, word by word against the packed search texts; and typing more
 * of such a query only narrows the rows, so the previous rows are filtered instead of all items.
 */

/** Characters that make a query more than plain words. */
const SPECIAL = /["|()/:=<>]|(^|\s)-/;

/** The lowercased words of a plain query, or undefined when it uses any of the language. */
export function plainWords(query: string): string[] | undefined {
  if (SPECIAL.test(query)) return undefined;
  return query.toLowerCase().split(/[ \t]+/).filter((w) => w !== '');
}

/**
 * True when every row matching `next` also matches `prev`: both plain, and each word of `prev`
 * is inside some word of `next` ("sea" → "seasonal", "a" → "a b").
 */
export function queryNarrows(prev: string, next: string): boolean {
  const before = plainWords(prev);
  const after = plainWords(next);
  if (before === undefined || after === undefined) return false;
  return before.every((w) => after.some((a) => a.includes(w)));
}
