/**
 * A list row as a sentence, for a screen reader's "read current line": "Hero signup form 1,
 * published, 12 pages, updated 14 December 2024, 1 of 10,000". Padded columns read as one run-on
 * line; a mark carried by colour elsewhere (a watched list's changes) is a word here.
 */
import { fieldText, isKnownStatus, pageGroupView, pageView } from '../../api/items.js';
import type { RawItem } from '../../api/types.js';
import { countText } from '../../text/count.js';
import { displayWidth, sanitize, truncate } from '../../text/index.js';
import { spokenDay } from '../../text/spoken-date.js';
import type { ListKind } from '../store/list/list-view.js';
import type { WatchMark } from '../store/reload/watch-state.js';

const MARK_WORDS: Record<WatchMark, string> = { appeared: 'new', changed: 'changed', gone: 'gone' };

/** "draft", or "scheduled (unknown status)" where colour marks a status the spec does not name. */
function statusWords(status: string): string {
  if (status === '') return '';
  return isKnownStatus(status) ? status : `${status} (unknown status)`;
}

/** "updated 14 December 2024" (local time, as the table's dates); the same words for a time missing or unreadable. */
function updatedWords(value: string): string {
  const day = spokenDay(value);
  return day === undefined ? 'update time unknown' : `updated ${day}`;
}

/**
 * The first of `names` that still says something once sanitised, without the spaces a removed
 * control left at its ends or between two words (read aloud, a run of spaces is one anyway).
 */
function spokenName(...names: readonly string[]): string {
  for (const name of names) {
    const clean = sanitize(name).replace(/ {2,}/g, ' ').trim();
    if (clean !== '') return clean;
  }
  return '';
}

function pagesText(raw: RawItem): string {
  const n = raw.pageCount;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return '';
  return Math.floor(n) === 1 ? '1 page' : `${countText(Math.floor(n))} pages`;
}

export interface SpokenRowOptions {
  readonly mark?: WatchMark;
  /** The row's place: 1-based, out of `total` (said only on the selected row); `stale`: the rows are the last session's (the list cache). */
  readonly position?: { readonly index: number; readonly total: number; readonly more: boolean; readonly stale?: boolean };
}

/** A name shortened below this many columns says too little: optional parts go first. */
const MIN_NAME = 12;

/**
 * "name, part, part, end" in `width` columns, sanitised. The end (a status, a place) is never cut:
 * the name is shortened (by display width, with an ellipsis), and where even a short name leaves
 * no room, the middle takes its next shorter form (`middles`, fullest first). `wholeName`: the
 * middle's shorter forms come before any cut of the name (a request's path says more than its time).
 * `shorten`: how the name is cut to its room (by default at its end).
 */
export function fitSentence(
  name: string,
  middles: readonly (readonly string[])[],
  end: readonly string[],
  width: number,
  wholeName = false,
  shorten: (name: string, room: number) => string = truncate,
): string {
  const cleanName = sanitize(name).trim();
  const forms = middles.length === 0 ? [[]] : middles;
  const least = wholeName ? displayWidth(cleanName) : Math.min(MIN_NAME, displayWidth(cleanName));
  for (const [i, middle] of forms.entries()) {
    const tail = sanitize([...middle, ...end].filter((p) => p !== '').join(', '));
    const room = width - (tail === '' ? 0 : displayWidth(tail) + 2);
    if (room < least && i < forms.length - 1) continue;
    const shortName = shorten(cleanName, Math.max(1, room));
    return truncate(tail === '' || cleanName === '' ? shortName + tail : `${shortName}, ${tail}`, width);
  }
  return truncate(cleanName, width);
}

/** The row's sentence in `width` columns: its status, mark and place always said; the name shortened, then the date and page count left out. */
export function spokenRow(kind: ListKind, raw: RawItem, width: number, options: SpokenRowOptions = {}): string {
  let name: string;
  let status: string;
  let pages = '';
  if (kind === 'groups') {
    const g = pageGroupView(raw);
    name = spokenName(g.title, g.id);
    status = g.status;
    pages = pagesText(raw);
  } else {
    const p = pageView(raw);
    name = spokenName(p.name, p.id);
    // The spec gives pages no status; one a server sends anyway is said as a group's.
    status = fieldText(raw, 'status');
  }
  const updated = updatedWords(fieldText(raw, 'updatedAt'));
  const at = options.position;
  const end = [options.mark ? MARK_WORDS[options.mark] : '', at ? `${countText(at.index)} of ${countText(at.total)}${at.more ? ' loaded so far' : ''}${at.stale ? ', from last session' : ''}` : ''];
  // A status wider than half the row (a server's own, however long) is shortened too: the place after it is never cut.
  const said = truncate(sanitize(statusWords(status)), Math.max(8, Math.floor(width / 2)));
  return fitSentence(name, [[said, pages, updated], [said, pages], [said]], end, width);
}
