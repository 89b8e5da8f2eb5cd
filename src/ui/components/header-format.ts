/** Pure formatting of the one-line header: app name, breadcrumb, right-aligned extras. */
import { displayWidth, padEnd, sanitize, truncate } from '../../text/index.js';
import { countText } from '../../text/count.js';
import { glyph, spokenKeys } from '../../text/glyphs.js';
import { quotedOnce } from '../../text/quoted.js';
import type { PagerSnapshot } from '../../api/types.js';

export interface HeaderContent {
  readonly appName?: string;
  /** E.g. [origin, group title]; shown as 'origin › group title'. */
  readonly breadcrumb?: readonly string[];
  readonly profile?: string;
  readonly filter?: string;
  readonly sort?: string;
  /** How many rows are loaded, e.g. '300+' or '2,500' (see `loadedCount`); follows the breadcrumb. */
  readonly count?: string;
  /** While the list is watched: 'watching · every 10s · last 12:03:04'. Kept before the other extras. */
  readonly watch?: string;
  /** The rows are the last session's (see `staleLabel`): kept first of all the extras, and never dropped. */
  readonly cached?: StaleLabel;
}

/** The cached mark: in full where it fits beside a readable breadcrumb, else its short form. */
export interface StaleLabel {
  readonly text: string;
  readonly short: string;
}

export interface HeaderParts {
  readonly appName: string;
  /** The crumbs, then the loaded count in brackets ('demo › Group 1 [300+]'). */
  readonly breadcrumb: string;
  /** Padding between the left part and `right`. */
  readonly gap: string;
  readonly right: string;
}

const CRUMB_SEPARATOR = ' › ';

/**
 * The breadcrumb's row count: '300+' while more of the list exists, '2,500' once all is loaded;
 * undefined before the first page arrived (nothing is known yet).
 */
export function loadedCount(loaded: number, hasMore: boolean, pagesFetched: number): string | undefined {
  if (pagesFetched === 0 && loaded === 0) return undefined;
  const n = countText(loaded);
  return hasMore ? `${n}+` : n;
}

/** Whether more of the list exists: for the last session's rows while they are shown, as far as the cache knew it. */
export const moreShown = (pager: Pick<PagerSnapshot, 'hasMore' | 'stale' | 'staleHasMore'>): boolean => (pager.stale ? (pager.staleHasMore ?? true) : pager.hasMore);

/**
 * The breadcrumb's count of a list: of the last session's rows while they are shown, as far as the
 * cache knew it. A list whose paging a loop guard stopped while the server said more follows
 * (`stoppedEarly`) is counted with its '+': nothing more is loaded, but the list is not complete.
 */
export function countOf(pager: Pick<PagerSnapshot, 'items' | 'hasMore' | 'pagesFetched' | 'stale' | 'staleHasMore' | 'stoppedEarly'>): string | undefined {
  return loadedCount(pager.items.length, moreShown(pager) || pager.stoppedEarly === true, pager.pagesFetched);
}
const MIN_CRUMB = 6;

/** What the header says while a list shows the last session's rows (docs/cache.md); undefined otherwise. */
export function staleLabel(pager: Pick<PagerSnapshot, 'stale' | 'state'>): StaleLabel | undefined {
  if (!pager.stale) return undefined;
  // Read aloud, a separator drawn as a comma in place would leave two spaces after it.
  const mark = (state?: string): StaleLabel => ({ text: state ? spokenKeys(`cached ${glyph('separator')} ${state}`) : 'cached', short: 'cached' });
  if (pager.state === 'loading') return mark('refreshing');
  if (pager.state === 'rate-limited') return mark('waiting to refresh');
  if (pager.state === 'error') return mark('not refreshed');
  return mark();
}

/** `s` in `width` columns, cut from its start: '…0.0.1:8080/api'. */
function truncateStart(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  const chars = [...s];
  let kept = '';
  for (let i = chars.length - 1; i >= 0 && displayWidth(glyph('ellipsis') + (chars[i] ?? '') + kept) <= width; i--) kept = (chars[i] ?? '') + kept;
  return glyph('ellipsis') + kept;
}

/** Shortens earlier crumbs first (longest first) so the last one, the current place, survives. */
function fitCrumbs(crumbs: readonly string[], budget: number): string {
  const parts = [...crumbs];
  const width = () => displayWidth(parts.join(CRUMB_SEPARATOR));
  while (width() > budget) {
    let longest = -1;
    for (let i = 0; i < parts.length - 1; i++) {
      const w = displayWidth(parts[i] ?? '');
      if (w > MIN_CRUMB && (longest === -1 || w > displayWidth(parts[longest] ?? ''))) longest = i;
    }
    if (longest === -1) break;
    const current = parts[longest] ?? '';
    const target = Math.max(MIN_CRUMB, displayWidth(current) - (width() - budget));
    // The first crumb is the base URL: its end (port and path) says more than its scheme.
    parts[longest] = longest === 0 ? truncateStart(current, target) : truncate(current, target);
  }
  // Alone, the base URL keeps its end too.
  return parts.length === 1 ? truncateStart(parts[0] ?? '', budget) : truncate(parts.join(CRUMB_SEPARATOR), budget);
}

/**
 * The watch mark whole, then with only its counts ('watching · 10 new'), then its first word
 * ('watching'): the list is watched all the same. Each form once.
 */
function watchMarkForms(watch: string): string[] {
  if (watch === '') return [];
  const separator = watch.includes(' · ') ? ' · ' : ', ';
  const parts = watch.split(separator);
  const first = parts[0] ?? '';
  const counts = [first, ...parts.slice(1).filter((p) => /^[\d,]+ (new|gone)$/.test(p))].join(separator);
  return [...new Set([watch, counts, first])];
}

/**
 * Lays the header out in exactly `width` columns. Extras ('profile: x  filter: "q"  sort: name')
 * go right; when space is short the watch mark is shortened, then extras are dropped from the end,
 * before the breadcrumb is cut.
 */
export function layoutHeader(content: HeaderContent, width: number): HeaderParts {
  const w = Math.max(0, Math.floor(width));
  const appName = truncate(sanitize(content.appName ?? 'pagetui'), w);
  const crumbs = (content.breadcrumb ?? []).map((c) => sanitize(c)).filter((c) => c !== '');
  const cached = content.cached && { text: sanitize(content.cached.text), short: sanitize(content.cached.short) };
  const watchForms = watchMarkForms(content.watch ? sanitize(content.watch) : '');
  let watchForm = 0;
  let extras = [
    cached ? cached.text : '',
    watchForms[0] ?? '',
    content.profile ? `profile: ${sanitize(content.profile)}` : '',
    content.filter ? `filter: ${quotedOnce(sanitize(content.filter))}` : '',
    content.sort ? `sort: ${sanitize(content.sort)}` : '',
  ].filter((e) => e !== '');

  const countText = content.count && crumbs.length > 0 ? ` [${sanitize(content.count)}]` : '';
  const leftFixed = displayWidth(appName) + (crumbs.length > 0 ? 2 : 0) + displayWidth(countText);
  const crumbsFull = displayWidth(crumbs.join(CRUMB_SEPARATOR));
  // Keep at least a little of the breadcrumb before giving room to extras.
  const minCrumbs = Math.min(crumbsFull, 12);
  const rightWidth = () => (extras.length === 0 ? 0 : displayWidth(extras.join('  ')) + 2);
  while (extras.length > 0 && leftFixed + minCrumbs + rightWidth() > w) {
    const watchAt = extras.indexOf(watchForms[watchForm] ?? '');
    // The watch mark is shortened first: a filter hides rows and a sort moves them, the mark's
    // details (its period, its last read) matter less.
    if (watchAt !== -1 && watchForm < watchForms.length - 1) extras[watchAt] = watchForms[++watchForm] ?? '';
    // The cached mark is the last to go, and it does not go: it says the rows are not the service's answer.
    else if (!cached || extras.length > 1) extras = extras.slice(0, -1);
    else if (extras[0] !== cached.short) extras = [cached.short];
    else break;
  }

  const right = extras.join('  ');
  const crumbBudget = Math.max(0, w - leftFixed - rightWidth());
  // The count stays whole: it is what the place holds, the crumbs are cut first.
  const breadcrumb = crumbs.length > 0 && crumbBudget > 0 ? fitCrumbs(crumbs, crumbBudget) + countText : '';
  const left = breadcrumb === '' ? appName : `${appName}  ${breadcrumb}`;
  const gap = ' '.repeat(Math.max(0, w - displayWidth(left) - displayWidth(right)));
  return { appName, breadcrumb, gap, right };
}

/** The header as one string of exactly `width` columns. */
export function formatHeaderLine(content: HeaderContent, width: number): string {
  const p = layoutHeader(content, width);
  const left = p.breadcrumb === '' ? p.appName : `${p.appName}  ${p.breadcrumb}`;
  return padEnd(truncate(left + p.gap + p.right, width), width);
}
