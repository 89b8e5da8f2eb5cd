/**
 * What one listing remembers to follow its cursors safely: the ids seen (first wins), the cursors
 * seen (none is fetched twice), and how many pages in a row added nothing. It judges each page
 * and says which items are new, what to warn about, and where (if anywhere) to go next. It keeps
 * no item: the pager decides whether to keep them.
 */
import { IdSet } from './id-set.js';
import type { ListPage, RawItem } from '../types.js';

export const NO_CURSOR_WARNING = 'The server said more items exist but sent no cursor; stopped.';
export const REPEATED_CURSOR_WARNING = 'The server sent a cursor it had already sent; stopped to avoid a loop.';
const DUPLICATES_WARNING = 'The server sent some items more than once; later copies are hidden.';

export interface PageVerdict {
  /** The page's items not seen before, in order. */
  readonly added: readonly RawItem[];
  /** Where the added items sit in the page's items, when some were left out (duplicates). */
  readonly picks?: readonly number[];
  /** The parser's warnings, then ours. */
  readonly warnings: readonly string[];
  /** The cursor to fetch next; undefined when the listing ended (or a loop guard stopped it). */
  readonly next: string | undefined;
}

export class CursorChain {
  readonly #idOf: (raw: RawItem) => string;
  readonly #maxEmptyPages: number;
  readonly #seenIds = new IdSet();
  readonly #seenCursors = new Set<string>();
  #emptyStreak = 0;
  #warnedDuplicates = false;

  constructor(idOf: (raw: RawItem) => string, maxEmptyPages: number) {
    this.#idOf = idOf;
    this.#maxEmptyPages = maxEmptyPages;
  }

  /** Whether an item with this id was accepted in this listing. */
  hasSeen(id: string): boolean {
    return this.#seenIds.has(id);
  }

  /**
   * The cursor `accept(cursor, page)` will go to next, when that does not depend on which of the
   * page's items are new (only the run of empty pages does): then the next request can go out
   * before the page is taken. Undefined when it does depend, or the listing ends. Changes nothing.
   */
  nextBeforeAccept(cursor: string | undefined, page: Pick<ListPage, 'hasMore' | 'nextCursor'>): string | undefined {
    const next = page.nextCursor;
    if (!page.hasMore || next === undefined || next === '' || this.#seenCursors.has(next)) return undefined;
    return this.#emptyStreak + 1 < this.#maxEmptyPages ? next : undefined;
  }

  /** Takes the page fetched from `cursor` (undefined for the first page). */
  accept(cursor: string | undefined, page: ListPage): PageVerdict {
    if (cursor !== undefined) this.#seenCursors.add(cursor);
    const items = page.items;
    // Ids as the service sent them: with the key masked, different ids can read the same.
    const sent = page.sentItems?.length === items.length ? page.sentItems : items;
    // The page's own list while every item is new (nearly every page): copied only from the first duplicate.
    let added: readonly RawItem[] = items;
    let copy: RawItem[] | undefined;
    let picks: number[] | undefined;
    for (let at = 0; at < items.length; at++) {
      const raw = items[at] as RawItem;
      const id = this.#idOf(sent[at] as RawItem);
      if (id !== '' && !this.#seenIds.addIfNew(id)) {
        copy ??= items.slice(0, at);
        picks ??= Array.from({ length: at }, (_, k) => k);
        continue;
      }
      copy?.push(raw);
      picks?.push(at);
    }
    if (copy !== undefined) added = copy;
    const duplicates = items.length - added.length;
    let warnings = page.warnings;
    if (duplicates > 0 && !this.#warnedDuplicates) {
      this.#warnedDuplicates = true;
      warnings = [...warnings, DUPLICATES_WARNING];
    }
    this.#emptyStreak = added.length === 0 ? this.#emptyStreak + 1 : 0;
    const kept = picks === undefined ? { added } : { added, picks };
    const stop = (warning: string): PageVerdict => ({ ...kept, warnings: [...warnings, warning], next: undefined });

    const next = page.nextCursor;
    if (!page.hasMore) return { ...kept, warnings, next: undefined };
    if (next === undefined || next === '') return stop(NO_CURSOR_WARNING);
    if (this.#seenCursors.has(next)) return stop(REPEATED_CURSOR_WARNING);
    if (this.#emptyStreak >= this.#maxEmptyPages) {
      return stop(`The server sent ${this.#emptyStreak} pages in a row with no new items; stopped.`);
    }
    this.#seenCursors.add(next);
    return { ...kept, warnings, next };
  }
}
