/** What filtering and sorting compare, read from a raw item (pure, no caching here). */
import { fieldText, itemId, pageGroupView, pageName } from '../../../api/items.js';
import type { ListKind } from '../../../api/pager/list-pager.js';
import type { RawItem } from '../../../api/types.js';
import { sanitizeString } from '../../../text/index.js';
import { FIELD_BREAK } from '../../query/index.js';

/** The statuses the group list can be narrowed to (keys 1, 2, 3; 4 for any other, unknown, status). */
export type StatusFilter = 'draft' | 'published' | 'archived' | 'other';

const KNOWN_STATUSES: readonly string[] = ['draft', 'published', 'archived'];

/** Whether a group passes a status filter; 'other' takes every status the app does not know. */
export const statusMatches = (raw: RawItem, filter: StatusFilter): boolean =>
  filter === 'other' ? !KNOWN_STATUSES.includes(statusOf(raw)) : statusOf(raw) === filter;

/** Client-side orders of the loaded items; `server` is the order the service sent. */
export type SortOrder = 'server' | 'name' | 'updated';

/** `s` cycles through these in order. */
export const SORT_CYCLE: readonly SortOrder[] = ['server', 'name', 'updated'];

/**
 * How the header names a sort (it is an order of what is loaded, not of the whole listing);
 * `spoken` (the screen-reader mode): in words, "A to Z" where an arrow or dash would be read out.
 */
export function sortLabel(sort: SortOrder, reversed = false, spoken = false): string | undefined {
  const [from, to] = reversed ? ['Z', 'A'] : ['A', 'Z'];
  if (sort === 'name') return spoken ? `name, ${from} to ${to} (loaded items)` : `name ${from}→${to} (loaded items)`;
  if (sort === 'updated') return reversed ? 'updated, oldest first (loaded items)' : 'updated, newest first (loaded items)';
  return reversed ? 'server order reversed (loaded items)' : undefined;
}

/** What a screen reader hears after `s` or `S`: the order now in effect, in the header's words. */
export function sortAnnouncement(sort: SortOrder, reversed: boolean): string {
  // The order first (a cut at 40 columns keeps it), in the header's words.
  return `Sorted: ${sortLabel(sort, reversed, true) ?? 'server order'}.`;
}

/**
 * Lowercased text a filter query is matched against: names, ids and slugs, sanitised so that
 * escape sequences in server text cannot match. Fields are joined by FIELD_BREAK, which no query
 * contains, so a match never spans two fields (a bare /regex/ is tested on each field alone); a
 * field is given once.
 */
export function searchText(kind: ListKind, raw: RawItem): string {
  let parts: string[];
  if (kind === 'groups') {
    const g = pageGroupView(raw);
    parts = [g.title, g.id, g.slug];
  } else {
    parts = [pageName(raw), fieldText(raw, 'customName'), fieldText(raw, 'computedName'), itemId('page', raw), fieldText(raw, 'slug')];
  }
  // A part equal to an earlier one (a page's effective name is one of the others) adds no match.
  // Each part is sanitised on its own: sanitising the joined text would turn the newlines into spaces.
  return parts
    .filter((p, i) => p !== '' && parts.indexOf(p) === i)
    .map(sanitizeString)
    .join(FIELD_BREAK)
    .toLowerCase();
}

/**
 * The key an item sorts by name: a group's title (else id), a page's effective name, lowercased,
 * its numbers read as numbers ("page 3" before "page 28").
 */
export function nameSortField(kind: ListKind, raw: RawItem): string {
  if (kind === 'groups') {
    const g = pageGroupView(raw);
    return naturalKey((g.title || g.id).toLowerCase());
  }
  return naturalKey(pageName(raw).toLowerCase());
}

const DIGIT_RUN = /[0-9]+/g;

/**
 * `text` with each run of ASCII digits written as its length, then the digits, leading zeros
 * dropped: two digits of length ("03" for 280), or "99" and three beyond 98. Plain string order of
 * the keys is then number order, and a number still sorts where a digit did, before letters.
 */
export function naturalKey(text: string): string {
  DIGIT_RUN.lastIndex = 0;
  return DIGIT_RUN.test(text) ? text.replace(DIGIT_RUN, numberKey) : text;
}

function numberKey(run: string): string {
  let zeros = 0;
  while (zeros < run.length - 1 && run.charCodeAt(zeros) === 0x30) zeros++;
  const digits = zeros === 0 ? run : run.slice(zeros);
  const n = digits.length;
  return (n < 10 ? `0${n}` : n < 99 ? `${n}` : `99${String(Math.min(n, 999)).padStart(3, '0')}`) + digits;
}

/** `updatedAt` as epoch ms; items without a readable time sort after all others. */
export function updatedSortField(raw: RawItem): number {
  const t = Date.parse(fieldText(raw, 'updatedAt'));
  return Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY;
}

/** The raw status field of a group. */
const statusOf = (raw: RawItem): string => fieldText(raw, 'status');
