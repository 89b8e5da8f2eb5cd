/**
 * A page the pager holds back for a moment: while a whole listing loads, the request for its next
 * cursor goes out first, and undici writes that request on a reused connection from an immediate
 * queued as it is sent. The page is taken from an immediate queued after that one, so its work
 * (de-duplication, storage, listeners) overlaps the network instead of delaying the request.
 */
import { isPeekedPage, type PageAnswer } from './peeked-page.js';

type Take = (cursor: string | undefined, page: PageAnswer) => void;

export class HeldPage {
  #held: { cursor: string | undefined; page: PageAnswer; immediate: ReturnType<typeof setImmediate> } | undefined;
  readonly #take: Take;

  constructor(take: Take) {
    this.#take = take;
  }

  /** Holds the page fetched from `cursor` until the next immediate (or an earlier `release()`). */
  hold(cursor: string | undefined, page: PageAnswer): void {
    this.release();
    this.#held = { cursor, page, immediate: setImmediate(() => this.release()) };
  }

  /** Hands a held page over now, if there is one. */
  release(): void {
    const held = this.#held;
    if (held === undefined) return;
    clearImmediate(held.immediate);
    this.#held = undefined;
    this.#take(held.cursor, held.page);
  }

  /** Forgets a held page (its listing is gone). */
  drop(): void {
    const held = this.#held;
    if (held === undefined) return;
    clearImmediate(held.immediate);
    this.#held = undefined;
    if (isPeekedPage(held.page)) held.page.settle();
  }
}
