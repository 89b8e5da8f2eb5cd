/**
 * A pager's fetching: one page at a time along the cursor chain, while the demand wants more.
 * At most one request is in flight; a failed one resumes from the same cursor; a rate limit is
 * waited out by a timer, as often in a row as the `RateLimit` allows. While the whole listing
 * loads, a page that cannot end it is taken just after the request for its next cursor is
 * written (held-page.ts); when the page read ahead was peeked at, its parse must bear the peek out.
 */
import type { CursorChain } from './cursor-chain.js';
import { HeldPage } from './held-page.js';
import type { PageLedger } from './page-ledger.js';
import type { PagerDemand } from './pager-demand.js';
import { pageError, requestPage, type PagerFetch } from './pager-fetch.js';
import type { PagerItems } from './pager-items.js';
import { OneRequest } from './pager-request.js';
import type { PagerStatus } from './pager-status.js';
import { isPeekedPage, type PageAnswer } from './peeked-page.js';
import type { RateLimitRetry } from '../quota/rate-limit.js';
import type { ListPage } from '../types.js';

/** The parts of a pager the loop reads and fills in. */
export interface LoopParts {
  readonly chain: CursorChain;
  readonly wait: RateLimitRetry;
  readonly status: PagerStatus;
  readonly demand: PagerDemand;
  readonly items: PagerItems;
  readonly pages: PageLedger;
}

export class FetchLoop {
  readonly #fetchPage: PagerFetch;
  readonly #chain: CursorChain;
  readonly #wait: RateLimitRetry;
  readonly #status: PagerStatus;
  readonly #demand: PagerDemand;
  readonly #items: PagerItems;
  readonly #pages: PageLedger;
  #cursor: string | undefined;
  readonly #request = new OneRequest();
  /** The request in flight was asked for as background work (past what is on screen). */
  #background = false;
  /** While loading everything: a page taken once the request for its next cursor is written. */
  readonly #held = new HeldPage((cursor, answer) => this.#takeHeld(cursor, answer));
  #disposed = false;

  constructor(fetchPage: PagerFetch, parts: LoopParts) {
    this.#fetchPage = fetchPage;
    this.#chain = parts.chain;
    this.#wait = parts.wait;
    this.#status = parts.status;
    this.#demand = parts.demand;
    this.#items = parts.items;
    this.#pages = parts.pages;
  }

  /** When the request in flight started; undefined when none is. */
  get startedAt(): number | undefined {
    return this.#request.startedAt;
  }

  /** Takes a page held back now, if there is one (every call of the pager does this first). */
  takeHeldPage(): void {
    this.#held.release();
  }

  /** Fetches the next page when one is wanted and may be fetched; `force` fetches it even if not wanted. */
  pump(force = false): void {
    if (!this.#mayFetch(force)) return;
    this.#startFetch(force);
    this.#status.publish('loading');
  }

  /**
   * The view now needs on screen what the background request in flight would bring: while that
   * request still waits to be sent (`unsent`: for the quota's window, maybe a day), it is
   * withdrawn and asked for again as the user's own, which does not wait that long.
   */
  promote(unsent: boolean): void {
    if (!unsent || !this.#request.busy || !this.#background || this.#demand.screenLoaded(this.#items.count)) return;
    this.#request.abort();
    this.pump();
  }

  /** Aborts the request in flight; true when there was one. Its cursor never counts as fetched. */
  abort(): boolean {
    return this.#request.abort();
  }

  /** Aborts the request in flight and clears timers: nothing more is fetched or taken. */
  dispose(): void {
    this.#disposed = true;
    this.#wait.cancel();
    this.#held.drop();
    this.#request.abort();
  }

  #needsFetch(force: boolean): boolean {
    if (this.#status.pagesFetched === 0) return true;
    if (!this.#status.hasMore) return false;
    return force || this.#demand.wantsMore(this.#items.count);
  }

  #mayFetch(force: boolean): boolean {
    if (this.#disposed || this.#request.busy) return false;
    if (this.#status.state === 'error' || this.#status.state === 'rate-limited') return false;
    return this.#needsFetch(force);
  }

  /** Sends the request for the current cursor; the caller announces the 'loading' state. */
  #startFetch(force: boolean): void {
    const request = this.#request.start();
    const cursor = this.#cursor;
    const background = !force && this.#status.pagesFetched > 0 && this.#demand.screenLoaded(this.#items.count);
    this.#background = background;
    // Only a whole listing's load peeks: that is where the next request waits for the parse.
    requestPage(this.#fetchPage, cursor, request.signal, background, this.#demand.loadingAll).then(
      (answer) => {
        // A held page goes first: if its peek was wrong, this answer is for a withdrawn request.
        this.#held.release();
        if (this.#request.isCurrent(request) && !this.#disposed) this.#onPage(cursor, answer);
        else if (isPeekedPage(answer)) answer.settle();
      },
      (err: unknown) => {
        this.#held.release();
        if (this.#request.isCurrent(request) && !this.#disposed) this.#onError(err);
      },
    );
  }

  #onPage(cursor: string | undefined, answer: PageAnswer): void {
    this.#request.settle();
    const ahead = this.#demand.loadingAll && this.#demand.screenLoaded(this.#items.count);
    const early = ahead ? this.#chain.nextBeforeAccept(cursor, answer) : undefined;
    let page: ListPage | undefined;
    if (early === undefined) {
      try {
        page = isPeekedPage(answer) ? answer.parse() : answer;
      } catch (err) {
        this.#onError(err);
        return;
      }
    }
    this.#status.pagesFetched++;
    this.#status.failures = 0;
    this.#wait.answered();
    this.#status.error = undefined;
    this.#status.state = 'idle';

    if (page === undefined) {
      // The page cannot end the listing: its next cursor goes out first (see held-page.ts).
      this.#cursor = early;
      if (this.#mayFetch(false)) {
        this.#startFetch(false);
        this.#status.state = 'loading';
      }
      this.#held.hold(cursor, answer);
      return;
    }
    // The next cursor's request is still sent before the listeners run: one with much to do for
    // this page is best run from an immediate, which runs after the write (held-page.ts).
    this.#takeAndFollow(cursor, page);
  }

  /**
   * Takes a page held while the request for its next cursor went out. A peeked page is parsed now
   * and must bear its peek out; if it fails, or says otherwise, the request sent ahead is withdrawn
   * (aborted: its cursor never counts as fetched) and the page fails or is followed as parsed.
   */
  #takeHeld(cursor: string | undefined, answer: PageAnswer): void {
    let page: ListPage = answer as ListPage;
    if (isPeekedPage(answer)) {
      try {
        page = answer.parse();
      } catch (err) {
        this.#withdrawEarly(cursor);
        this.#status.pagesFetched--;
        this.#onError(err);
        return;
      }
      if (!page.hasMore || page.nextCursor !== answer.nextCursor) {
        this.#withdrawEarly(cursor);
        this.#takeAndFollow(cursor, page);
        return;
      }
    }
    this.#takePage(cursor, page);
    this.#status.publish();
  }

  /** Aborts the request sent ahead of the held page from `cursor`; that page's cursor is current again. */
  #withdrawEarly(cursor: string | undefined): void {
    this.#request.abort();
    this.#cursor = cursor;
    this.#status.state = 'idle';
  }

  /** Takes a page, sends the request for its next cursor if one is wanted, then tells the listeners. */
  #takeAndFollow(cursor: string | undefined, page: ListPage): void {
    this.#takePage(cursor, page);
    if (this.#mayFetch(false)) this.#startFetch(false);
    this.#status.publish(this.#request.busy ? 'loading' : this.#status.state);
  }

  /** De-duplicates and keeps a page's items and warnings and follows its cursor (or ends the listing). */
  #takePage(cursor: string | undefined, page: ListPage): void {
    const { added, picks, warnings, next } = this.#chain.accept(cursor, page);
    if (added.length > 0) {
      this.#pages.record(cursor, this.#items.count, added.length);
      this.#items.add(added, page.source, picks);
    }
    if (next === undefined) {
      this.#status.hasMore = false;
      // The page said more follows, but a guard (a cursor sent again, none sent, pages of nothing new) ended it.
      this.#status.stoppedEarly = page.hasMore;
      this.#demand.setLoadingAll(false);
      if (this.#status.state === 'idle') this.#status.state = 'done';
    } else {
      this.#cursor = next;
    }
    if (warnings.length > 0) {
      this.#status.addWarnings(warnings);
      this.#items.addWarnings(warnings);
    }
  }

  #onError(raw: unknown): void {
    this.#held.release();
    this.#request.settle();
    const err = pageError(raw);
    this.#status.error = err;
    const at = this.#wait.begin(err);
    if (at === undefined && err.kind !== 'aborted') this.#status.failures++;
    if (at !== undefined) {
      this.#status.publish('rate-limited');
      this.#schedule(at);
      return;
    }
    this.#status.publish('error');
  }

  #schedule(at: number): void {
    this.#wait.start(at, () => {
      if (this.#disposed || this.#status.state !== 'rate-limited') return;
      this.#wait.over();
      this.#status.state = 'idle';
      this.pump(true);
      if (this.#status.state === 'idle') this.#status.publish('idle');
    });
  }
}
