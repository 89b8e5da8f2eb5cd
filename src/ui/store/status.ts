import type { ApiError } from '../../api/http/errors.js';
import { LONG_WAIT_MS, RATE_LIMITED, secondsUntil } from '../../api/quota/rate-limit.js';
import { MAX_SERVER_WAIT_MS } from '../../api/quota/retry-after.js';
import type { PagerSnapshot } from '../../api/types.js';
import type { StatusMessage } from './status-message.js';
import type { Command } from '../keys/bindings.js';
import { listKey } from '../keys/help.js';
import { joinErrorDetail, summarizeError } from '../../text/error-summary.js';
import { countText } from '../../text/count.js';
import { durationText } from '../../text/duration.js';
import { secondsText } from '../../api/http/response-deadline.js';
import { clockTime } from '../../text/clock-time.js';

/** Seconds a request after the first page waits before the status says what it waits for. */
const LATER_PAGE_WAIT_SAID_S = 5;

/** How long a toast stays on the status line. */
export const TOAST_MS = 5000;

/**
 * A message raised by an action (copied, saved, a loop-guard warning…). It belongs to the list
 * that was shown when it was raised; an error stays until the next key, the rest fade.
 */
export interface Toast extends StatusMessage {
  /** When it fades; Infinity for an error, which goes with the next action instead. */
  readonly until: number;
  /** The list it was raised on; absent for a message about the whole app (a start-up notice). */
  readonly owner?: object;
  /** Said together with a rate-limit countdown rather than hidden under it. */
  readonly joinsCountdown?: boolean;
  /** A listing's warning: kept back while a failure fills the status bar, never dropped. */
  readonly listingWarning?: boolean;
  /** The outcome of a key's action that ended after more keys came: said, but not on the cursor (StoreContext.replyToKey). */
  readonly afterKeys?: boolean;
  /** The start-up notice: older than any error of the first listing, which keeps the line over it. */
  readonly atStart?: boolean;
  /** The API error an error toast tells of (`E` shows it in full). */
  readonly error?: ApiError;
  /** Said of the last session's rows: it goes when the service's rows replace them. */
  readonly aboutCachedRows?: boolean;
  /** Said of a query Enter did not apply: it goes once the query changes or the prompt closes. */
  readonly aboutQuery?: boolean;
  /** Said of where the selection landed ("row 500"): the next action (a move, a prompt) outdates it. */
  readonly aboutPlace?: boolean;
}

/**
 * When a toast raised now fades: errors wait for the user to act, the rest go after TOAST_MS;
 * with `untilKey` (no motion) none fades: each stays until the next key (docs/status-line.md).
 */
export const toastUntil = (tone: StatusMessage['tone'], now: number, untilKey = false): number => (tone === 'error' || untilKey ? Infinity : now + TOAST_MS);

/** Whether a toast still speaks for the list shown (`owner`), so it is not carried to another. */
export const toastBelongsTo = (toast: Toast | undefined, list: object): boolean => toast?.owner === undefined || toast.owner === list;

/** `r` while a rate-limit wait runs: the contract forbids asking early. */
export const RETRY_SCHEDULED = 'the retry is already scheduled (the server asked to wait)';

export interface StatusView {
  readonly message?: StatusMessage;
  /** Right-hand summary: how much is loaded. */
  readonly right: string;
  readonly busy: boolean;
}

const count = countText;

/**
 * Whether to offer `r` after a failure: only where sending again can help (network trouble, a
 * timeout, a rate limit, 408, 5xx); a 4xx the server would repeat, or a bad answer, gets none.
 */
const offersRetry = (error: ApiError): boolean => error.retryable;

/**
 * The whole error as one paragraph, nothing cut (the list area of an empty list):
 * code, reason, detail, request id, then what to do.
 */
export function errorParagraph(error: ApiError): string {
  const summary = summarizeError(error);
  const said = [summary.head, joinErrorDetail(summary)].filter((p) => p !== '').join(' — ');
  const id = summary.requestId === undefined ? '' : ` (request id ${summary.requestId})`;
  const next = errorNextStep(error);
  const text = `${said}${id}`;
  // A question or an exclamation keeps its mark; anything else ends with exactly one full stop.
  return `${/[?!]$/.test(text) ? text : `${text.replace(/\.+$/, '')}.`} ${next}`;
}

/** What to press after `error`: L for a key, R where only a new listing gets past it (`restart`), r where a retry can help, else the inspector. */
export function errorNextStep(error: ApiError, restart = false): string {
  if (error.kind === 'auth') return `${listKey('login')} enters a key.`;
  const reload = `${listKey('reloadFromStart')} reloads from the first page.`;
  if (restart) return error.field === 'cursor' || !error.retryable ? reload : `${listKey('refresh')} retries; ${reload}`;
  if (offersRetry(error)) return `${listKey('refresh')} retries.`;
  // Refused before sending: the inspector has no request to show.
  if (error.kind === 'usage') return 'Nothing was sent; a retry would be refused the same way.';
  return `A retry would fail the same way; ${listKey('inspector')} shows the request and its answer.`;
}

/** The user-facing sentence for an API error, with what to press next (`r` only where a retry can help). */
export function errorMessage(error: ApiError, now: number, autoRetryAt?: number): StatusMessage {
  const summary = summarizeError(error);
  const base = { code: summary.head, requestId: summary.requestId };
  switch (error.kind) {
    case 'rate-limit':
      return autoRetryAt !== undefined
        ? { ...base, tone: 'warning', text: RATE_LIMITED, countdownSeconds: secondsUntil(autoRetryAt, now) }
        : { ...base, tone: 'error', text: `Still rate limited; no retry by itself — press ${listKey('refresh')} to retry` };
    case 'auth':
      // No request was made: no code or request id to show, only what to do.
      return error.code === 'NO_API_KEY'
        ? { tone: 'warning', text: `No API key — press ${listKey('login')} to enter one` }
        : { ...base, tone: 'error', text: `The API key was rejected — press ${listKey('login')} to enter a new key` };
    default:
      return {
        ...base,
        tone: 'error',
        text: summary.detail,
        ...(summary.reason === '' ? {} : { reason: summary.reason }),
        ...(offersRetry(error) ? { hint: `press ${listKey('refresh')} to retry` } : {}),
      };
  }
}

/** Failures in a row of one page after which reloading from the first page is offered besides `r` (the first try and two failed `r`). */
const FAILURES_BEFORE_RESTART = 3;

/**
 * Whether the list's failure is one `r` cannot get past, so reloading from the first page is
 * offered: the server refused the cursor (an expired one, say), or the page failed again and again.
 */
export function offersRestart(snap: PagerSnapshot): boolean {
  if (snap.state !== 'error' || snap.pagesFetched === 0) return false;
  return snap.error?.field === 'cursor' || (snap.failures ?? 0) >= FAILURES_BEFORE_RESTART;
}

/** The ways out of an error the footer offers for the list (see `whenOffered` in the key table). */
export function offeredCommands(snap: PagerSnapshot): Command[] {
  return offersRestart(snap) ? ['reloadFromStart'] : [];
}

/**
 * The commands the footer leaves out for the list: `r` while the failure is one a retry would
 * meet again (the key still sends the request anew, for a server fixed meanwhile); Tab once the
 * whole list is loaded (the filter's Esc then only clears the filter: `describeIn`).
 */
export function withheldCommands(snap: PagerSnapshot): Command[] {
  const withheld: Command[] = snap.state === 'error' && snap.error !== undefined && !offersRetry(snap.error) ? ['refresh'] : [];
  // The whole list is loaded, or already loading (`G`, Tab): Tab has nothing more to do.
  if ((!snap.hasMore && snap.state !== 'loading') || loadingBeyondNeed(snap)) withheld.push('loadAll');
  return withheld;
}

/** The hint of a failure that offers reloading from the first page. */
function restartHint(error: ApiError): string {
  const restart = `${listKey('reloadFromStart')} to reload from the first page`;
  return error.field === 'cursor' || !error.retryable ? `press ${restart}` : `press ${listKey('refresh')} to retry, ${restart}`;
}

/** A long rate-limit wait says when the server asked for more than pagetui waits, and that `r` may cut it short. */
function longWait(message: StatusMessage, snap: PagerSnapshot, retryAt: number, now: number): StatusMessage {
  const capped = snap.error?.retryCapped ? { text: `${message.text} (capped at ${durationText(MAX_SERVER_WAIT_MS / 1000)})` } : {};
  const tryNow = snap.mayTryNow && retryAt - now > LONG_WAIT_MS ? { countdownHint: `${listKey('refresh')} to try now` } : {};
  return { ...message, ...capped, ...tryNow };
}

/** The pager is loading the whole list (`G`, Tab) beyond what the view needs, and not stopped by a failure. */
export function loadingBeyondNeed(snap: PagerSnapshot): boolean {
  return snap.loadingAll && snap.state !== 'error';
}

/**
 * 'loading…', and once the request in flight has waited a second or more (the status line then
 * ticks each second) what it waits for and its limit: 'waiting for the proxy 10.0.0.5:3128 (from
 * HTTPS_PROXY) — 12 s of 30 s', or 'waiting for the service — …' ('loading… 12s' without them).
 * A request the quota holds back says so; the quota's note beside it says until when.
 * `sparse` (a clock that moves only with news: the screen reader's) says no elapsed time, which
 * would stop being true while the line stays: the limit is said as the clock time it ends; and it
 * says a request the quota holds back at once.
 */
function loadingText(snap: PagerSnapshot, now: number, sparse = false): string {
  const wait = snap.wait;
  // A sparse clock stands still until news: the hold is said when it starts (the quota's pacing is news), not once seconds pass.
  if (sparse && wait?.sentAt !== undefined && wait.sentAt() === undefined) return 'waiting for the quota window';
  const waited = snap.loadingSince === undefined ? 0 : Math.floor((now - snap.loadingSince) / 1000);
  if (waited < 1) return 'loading…';
  // After the first page a wait of a few seconds is the usual pace (a quota's, a slow page): the
  // short form keeps room for the way out; a longer one says what it waits for.
  if (wait === undefined || (snap.pagesFetched > 0 && waited < LATER_PAGE_WAIT_SAID_S)) return sparse ? 'loading…' : `loading… ${durationText(waited)}`;
  // The response's limit runs from when the request left: before that, the quota holds it back.
  const sentAt = wait.sentAt === undefined ? snap.loadingSince : wait.sentAt();
  if (sentAt === undefined) return 'waiting for the quota window';
  // Held back a second or more: its limit counts from when it left (a request sent at once counts from the start).
  const heldMs = sentAt - (snap.loadingSince ?? sentAt);
  const since = heldMs >= 1000 ? Math.max(0, Math.floor((now - sentAt) / 1000)) : waited;
  if (since < 1) return 'loading…';
  if (sparse) return `waiting for ${wait.waitingFor() ?? 'the service'}, gives up at ${clockTime(now - since * 1000 + wait.limitMs)}`;
  return `waiting for ${wait.waitingFor() ?? 'the service'} — ${since} s of ${secondsText(wait.limitMs)}`;
}

/** How the shown rows relate to the loaded items (when a filter narrows them). */
export interface ViewSummary {
  /** Rows that match the filter; absent when nothing is filtered. */
  readonly matches?: number;
  /** The rest of the list is loading beyond what the view needs (`G`, Tab). */
  readonly loadingAll?: boolean;
  /** The filter's scan has not reached the last loaded item yet: `matches` are those found so far. */
  readonly scanning?: boolean;
  /** The clock moves only with news (a screen reader's): no elapsed time is said (see loadingText). */
  readonly sparseClock?: boolean;
  /** The query's /regex/ ran out of time after checking this many items: `matches` are among them. */
  readonly checked?: number;
  /** The line says its own way out of the load (`G`: "going to the end, Esc to stop"): the summary says none. */
  readonly wayOutSaid?: boolean;
  /** While watching: items a re-read found that are not loaded (`r` loads them). */
  readonly unplaced?: number;
}

/** The right-hand summary: how much is loaded, how much of it matches, and what a watch found beyond it. */
function loadedSummary(snap: PagerSnapshot, now: number, view: ViewSummary = {}): string {
  const unplaced = view.unplaced ?? 0;
  const summary = loadedOrMatched(snap, now, view);
  if (unplaced === 0 || snap.hasMore || snap.state === 'loading') return summary;
  const head = view.matches === undefined && summary.startsWith('all ') ? `${count(snap.items.length)} loaded` : summary;
  return `${head}, ${count(unplaced)} new not loaded (${listKey('refresh')} reloads)`;
}

function loadedOrMatched(snap: PagerSnapshot, now: number, view: ViewSummary): string {
  const n = snap.items.length;
  // After a failed first request the list itself says nothing is loaded; "0 loaded, more available" would only repeat it.
  if (n === 0 && snap.hasMore && snap.state !== 'loading') return '';
  if (view.matches !== undefined) {
    const restLoading = view.loadingAll === true && view.wayOutSaid !== true;
    // A scan behind the rows a load of the rest brings in still names the way out of that load.
    if (view.scanning === true) return `matching… ${count(view.matches)} so far${restLoading ? ` — loading the rest, ${listKey('back')} to stop` : ''}`;
    if (view.checked !== undefined) return `${count(view.matches)} of the first ${count(view.checked)} checked match`;
    if (!snap.hasMore) return snap.stoppedEarly === true ? `${count(view.matches)} of ${count(n)} loaded match — the server's paging stopped early` : `${count(view.matches)} of ${count(n)} match`;
    const head = `${count(view.matches)} of ${count(n)} loaded match`;
    if (view.loadingAll) return restLoading ? `${head} — loading the rest, ${listKey('back')} to stop` : head;
    return `${head} — more not loaded yet (${listKey('loadAll')} loads all)`;
  }
  if (snap.state === 'loading') return `${count(n)} loaded, ${loadingText(snap, now, view.sparseClock)}`;
  // Rows from the last session: whether more exist is what that session knew (as the header says).
  if (snap.stale ? (snap.staleHasMore ?? true) : snap.hasMore) return `${count(n)} loaded, more available`;
  if (snap.stoppedEarly === true) return `${count(n)} loaded — the server's paging stopped early`;
  return n === 0 ? 'empty' : `all ${count(n)} loaded`;
}

/**
 * Chooses the one message the status bar shows: a live failure of the rows shown first, then one
 * of the refresh loading behind them, then a toast, then progress. `refresh` is the new listing
 * of a refresh still under way.
 */
export function describeStatus(snap: PagerSnapshot, toast: Toast | undefined, now: number, view?: ViewSummary, refresh?: PagerSnapshot, refreshTarget?: number): StatusView {
  const live = toast && toast.until > now ? toast : undefined;
  let right = loadedSummary(snap, now, view);
  let message = outcomeOverFailure(live, snap, refresh) ? live : failure(snap, now, live);
  if (refresh && !message) message = failure(refresh, now, live, refreshPrefix(refresh));
  message ??= live;
  // A refresh that counts says its own count alone: one count on the line.
  if (refresh && refresh.state !== 'error') right = refreshCounts(refresh, refreshTarget) ? refreshProgress(refresh, refreshTarget) : `${refreshProgress(refresh, refreshTarget)} · ${right}`;
  return { message, right, busy: snap.state === 'loading' || refresh?.state === 'loading' };
}

/**
 * Whether a key's outcome is said over the list's own load or refresh error: it came after the
 * error (the store drops an older one when an error arrives), and the error, which still holds,
 * is said again once the outcome is gone. A rate-limit wait, which ends by itself, keeps the line.
 */
function outcomeOverFailure(toast: Toast | undefined, snap: PagerSnapshot, refresh: PagerSnapshot | undefined): toast is Toast {
  if (toast === undefined || toast.listingWarning === true || toast.joinsCountdown === true || toast.atStart === true) return false;
  return [snap, refresh].some((s) => s?.state === 'error') && ![snap, refresh].some((s) => s?.state === 'rate-limited');
}

/** The start-up notice as the status line shows it, in the first frame and in the store alike. */
export function startNoticeToast(text: string, hint: string | undefined, until: number): Toast {
  return { tone: 'warning', text, atStart: true, until, ...(hint ? { hint } : {}) };
}

/** True when a failure (or a rate-limit wait) of the shown rows or of a refresh fills the status bar. */
export function failureShown(snap: PagerSnapshot, refresh?: PagerSnapshot): boolean {
  return [snap, refresh].some((s) => s?.error !== undefined && (s.state === 'error' || s.state === 'rate-limited'));
}

const refreshCounts = (refresh: PagerSnapshot, target: number | undefined): boolean => target !== undefined && target > refresh.items.length;

/** 'Refreshing…', or for a reload of more than a page 'Refreshing 3,100 of 10,000 — Esc to stop'. */
function refreshProgress(refresh: PagerSnapshot, target: number | undefined): string {
  if (target === undefined || !refreshCounts(refresh, target)) return 'Refreshing…';
  return `Refreshing ${count(refresh.items.length)} of ${count(target)} — ${listKey('back')} to stop`;
}

const refreshPrefix = (refresh: PagerSnapshot) => (refresh.state === 'error' ? 'Refresh failed: ' : 'Refreshing: ');

/** What a failed or rate-limited listing says; a toast about the retry joins the countdown. */
function failure(snap: PagerSnapshot, now: number, toast: Toast | undefined, prefix = ''): StatusMessage | undefined {
  if (!snap.error || (snap.state !== 'error' && snap.state !== 'rate-limited')) return undefined;
  const autoRetryAt = snap.state === 'rate-limited' ? (snap.retryAt ?? now) : undefined;
  const raw = errorMessage(snap.error, now, autoRetryAt);
  const message = offersRestart(snap) ? { ...raw, hint: restartHint(snap.error) } : autoRetryAt === undefined ? raw : longWait(raw, snap, autoRetryAt, now);
  const joined = autoRetryAt !== undefined && toast?.joinsCountdown ? ` — ${toast.text}` : '';
  if (prefix === '' && joined === '') return message;
  // An answer of no words (an empty 502) leaves the prefix alone: no colon left hanging.
  const text = message.text === '' ? `${prefix.replace(/:\s*$/, '')}${joined}` : `${prefix}${message.text}${joined}`;
  return { ...message, text };
}

