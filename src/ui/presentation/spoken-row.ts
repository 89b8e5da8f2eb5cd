/**
 * A list row as a sentence, for a screen reader's "read current line": "Hero signup form 1,
 * published, 12 pages, updated 14 December 2024, 1 of 10,000". Padded columns read as one run-on
 * line; a mark carried by colour elsewhere (a watched list's changes) is a word here.
 */
import { pageGroupView, pageView } from '../../api/items.js';
import type { RawItem } from '../../api/types.js';
import { countText } from '../../text/count.js';
import { sanitize, truncate } from '../../text/index.js';
import type { ListKind } from '../store/list/list-view.js';
import type { WatchMark } from '../store/reload/watch-state.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const MARK_WORDS: Record<WatchMark, string> = { appeared: 'new', changed: 'changed', gone: 'gone' };

/** "14 December 2024" (local time, as the table's dates), or the value as sent when it is not a date. */
function spokenDate(value: string): string {
  const t = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value.trim()) ? Date.parse(value.trim().replace(' ', 'T')) : Number.NaN;
  if (!Number.isFinite(t)) return value;
  const d = new Date(t);
  return `${d.getDate()} ${MONTHS[d.getMonth()] ?? ''} ${d.getFullYear()}`;
}

function pagesText(raw: RawItem): string {
  const n = raw.pageCount;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return '';
  return Math.floor(n) === 1 ? '1 page' : `${countText(Math.floor(n))} pages`;
}

export interface SpokenRowOptions {
  readonly mark?: WatchMark;
  /** The row's place: 1-based, out of `total` (said only on the selected row). */
  readonly position?: { readonly index: number; readonly total: number; readonly more: boolean };
}

/** The row's sentence, sanitised and cut to `width` columns. */
export function spokenRow(kind: ListKind, raw: RawItem, width: number, options: SpokenRowOptions = {}): string {
  const parts: string[] = [];
  if (kind === 'groups') {
    const g = pageGroupView(raw);
    parts.push(g.title || g.id, g.status === '' ? '' : g.statusKnown ? g.status : `status ${g.status}`, pagesText(raw));
    if (g.updatedAt !== '') parts.push(`updated ${spokenDate(g.updatedAt)}`);
  } else {
    const p = pageView(raw);
    parts.push(p.name || p.id);
    if (p.updatedAt !== '') parts.push(`updated ${spokenDate(p.updatedAt)}`);
  }
  if (options.mark) parts.push(MARK_WORDS[options.mark]);
  const at = options.position;
  if (at) parts.push(`${countText(at.index)} of ${countText(at.total)}${at.more ? ' loaded so far' : ''}`);
  return truncate(sanitize(parts.filter((p) => p !== '').join(', ')), width);
}
