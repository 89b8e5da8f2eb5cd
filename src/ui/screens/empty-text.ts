import type { PagerSnapshot } from '../../api/types.js';
import type { ListKind } from '../store/list/list-view.js';
import { errorParagraph, loadingBeyondNeed } from '../store/status.js';
import { sanitize, truncate, wrap } from '../../text/index.js';
import { wrapSpoken } from '../presentation/spoken-wrap.js';
import { showsAll } from '../components/status-format.js';
import { listKey } from '../keys/help.js';

/** What an empty list says instead of rows: why it is empty (a failure in full), and what to do about it; the list area wraps it. */
export function emptyListText(kind: ListKind, pager: PagerSnapshot, filtered: boolean, scanning = false): string {
  const state = pager.state;
  if (filtered && scanning) return 'Matching…';
  if (filtered && pager.items.length > 0) {
    if (!pager.hasMore) return 'No row matches.';
    return loadingBeyondNeed(pager) ? 'No loaded row matches yet; the rest is loading.' : `No loaded row matches — ${listKey('loadAll')} loads the rest.`;
  }
  if (state === 'loading' || state === 'idle') return 'Loading…';
  if (state === 'done' && pager.stoppedEarly === true && pager.items.length === 0) return stoppedBeforeAnyItem(pager);
  if (state === 'done') return kind === 'groups' ? 'No page groups.' : 'This page group has no pages.';
  if (state === 'rate-limited') return 'Waiting for the rate limit to pass; it retries by itself.';
  if (pager.error?.kind === 'auth') {
    return pager.error.code === 'NO_API_KEY' ? `No API key — press ${listKey('login')} to enter one.` : `The API key was rejected — press ${listKey('login')} to enter a new key.`;
  }
  return pager.error === undefined ? `Nothing loaded yet; ${listKey('refresh')} retries.` : `Nothing loaded: ${errorParagraph(pager.error)}`;
}

/**
 * A loop guard ended the listing (a cursor sent again, pages of nothing forever) before any item
 * came: the server said more exist, so "no pages" would be untrue. `r` starts the listing anew.
 */
function stoppedBeforeAnyItem(pager: PagerSnapshot): string {
  const why = pager.warnings.at(-1)?.replace(/\.+$/, '');
  return `Nothing loaded: the server's paging stopped before any item came${why === undefined ? '' : ` (${why})`}. ${listKey('refresh')} loads the list again from the first page.`;
}

/** The empty list's text as the list area shows it: sanitised, wrapped to `width` after a one-column indent, at most `rows` lines. */
export function emptyListLines(text: string, width: number, rows: number): string[] {
  return wrap(sanitize(text), Math.max(1, width - 1), Math.max(1, rows)).map((line) => ` ${line}`);
}

/** Where one sentence ends and the next begins ("… listed. (request id 7). A retry …", "… (request id 7). r retries."). */
const SENTENCE_END = /(?<=[.?!])\s+(?=[A-Za-z(])/;

/**
 * The empty list's text for a screen reader: each sentence starts a line, and a line that breaks a
 * sentence ends in "…", so the line the cursor is on reads a whole sentence or says it goes on.
 * Sanitised, at most `rows` lines; where text is left out, the last says that `E` shows it all
 * (only an error's text is that long). No indent: a reader would say the space, and the cursor,
 * at the line's first cell, would rest before the text.
 */
export function spokenEmptyLines(text: string, width: number, rows: number): string[] {
  const room = Math.max(1, width);
  const lines = sanitize(text).split(SENTENCE_END).flatMap((sentence) => wrapSpoken(sentence, room));
  const max = Math.max(1, rows);
  if (lines.length > max) lines.splice(max - 1, lines.length, max === 1 ? truncate(lines[0] ?? '', room) : truncate(`${showsAll()}.`, room));
  return lines;
}
