/**
 * A list page read but not parsed yet. While a whole listing loads, the request for the next
 * cursor is best sent before the page is parsed (a 100-item page takes about 0.1 ms to parse,
 * once per page on the path between one answer and the next request). The cursor is read from the
 * body's two ends; it is a guess, which the pager checks against the parsed page (fetch-loop.ts).
 */
import type { ListPage } from '../types.js';

export interface PeekedPage {
  /** A peeked page always says more follows. */
  readonly hasMore: true;
  readonly nextCursor: string;
  /** The page as the plain list call returns it; throws that call's ApiError. Parses once. */
  parse(): ListPage;
  /**
   * The page will never be parsed (its listing is gone, or its request was withdrawn): what the
   * parse would also have done for the record (the exchange log's entry) is done now, without it.
   */
  settle(): void;
}

/** What a pager's fetch hands back: a page, or (when the pager asked to peek) a peeked one. */
export type PageAnswer = ListPage | PeekedPage;

export function isPeekedPage(answer: PageAnswer): answer is PeekedPage {
  return typeof (answer as Partial<PeekedPage>).parse === 'function';
}

/** A PeekedPage over `parse`, which runs at most once (its result or its error is kept). */
export function peekedPage(nextCursor: string, parse: () => ListPage, settle: () => void = () => {}): PeekedPage {
  let result: { page: ListPage } | { error: unknown } | undefined;
  return {
    hasMore: true,
    nextCursor,
    settle,
    parse: () => {
      if (result === undefined) {
        try {
          result = { page: parse() };
        } catch (error) {
          result = { error };
        }
      }
      if ('error' in result) throw result.error;
      return result.page;
    },
  };
}

/** JSON whitespace only (`\s` would also take spaces JSON does not allow). */
const HEAD = /^[ \t\n\r]*\{[ \t\n\r]*"hasMore"[ \t\n\r]*:[ \t\n\r]*true[ \t\n\r]*,[ \t\n\r]*"items"[ \t\n\r]*:[ \t\n\r]*\[/;
/** Before the last `"nextCursor"`: the end of a list; after it, a plain JSON string and the body's end. */
const BEFORE = /\][ \t\n\r]*,[ \t\n\r]*$/;
const TAIL = /"nextCursor"[ \t\n\r]*:[ \t\n\r]*("(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*")[ \t\n\r]*\}[ \t\n\r]*$/y;

/**
 * The next cursor of a list body laid out as the API's envelope is, `{"hasMore":true,"items":[…],
 * "nextCursor":"…"}` (JSON whitespace allowed), without parsing the rest; undefined for any other
 * body. In valid JSON a string cannot hold an unescaped quote, so the last key there is the
 * top-level one; the parsed page decides all the same (a body may still not parse, or repeat a key).
 */
export function peekNextCursor(text: string): string | undefined {
  if (!HEAD.test(text)) return undefined;
  const at = text.lastIndexOf('"nextCursor"');
  if (at < 0 || !BEFORE.test(text.slice(Math.max(0, at - 16), at))) return undefined;
  TAIL.lastIndex = at;
  const literal = TAIL.exec(text)?.[1];
  if (literal === undefined) return undefined;
  try {
    const cursor: unknown = JSON.parse(literal);
    return typeof cursor === 'string' && cursor !== '' ? cursor : undefined;
  } catch {
    return undefined; // cannot happen for what TAIL matches; a peek never throws
  }
}
