/**
 * A key typed into the login form is used at once but saved only once it has worked: a page
 * fetched after it was typed proves it, by whichever listing (the shown one, or a refresh's).
 */
import type { Pager } from '../../../api/pager/pager.js';
import type { KeyDestination } from '../../login/key-storage.js';
import type { StoreContext } from '../store-context.js';

export class TypedApiKeySession {
  /** A typed key not yet proven by a successful request, and the page count when it was typed. */
  private untried: { key: string; where: KeyDestination; pagesFetched: number } | undefined;
  /** Pages fetched by every pager observed, and what each had fetched when last observed. */
  private fetched = 0;
  private readonly counted = new WeakMap<Pager, number>();

  constructor(private readonly ctx: StoreContext) {}

  /**
   * A key was typed into the login form: use it, and watch for it to work (then it goes to
   * `where`). `where` undefined: the key is for this session only and nothing is said when it
   * works (a key the server could not check: the status bar keeps saying so).
   */
  typed(key: string, where: KeyDestination | undefined): void {
    this.ctx.options.onApiKey?.(key);
    this.count(this.ctx.view().pager);
    this.untried = where === undefined ? undefined : { key, where, pagesFetched: this.fetched };
  }

  /** A listing changed: a page fetched since the key was typed proves it (then save it). */
  observe(pager: Pager): void {
    this.count(pager);
    const untried = this.untried;
    if (!untried || this.fetched <= untried.pagesFetched) return;
    this.untried = undefined;
    const save = this.ctx.options.onApiKeyWorked;
    if (!save) return;
    save(untried.key, untried.where).then(
      (text) => this.ctx.toast({ tone: 'success', text }),
      () => this.ctx.toast({ tone: 'warning', text: 'The key works but could not be saved; it is kept for this session.' }),
    );
  }

  private count(pager: Pager): void {
    const now = pager.getSnapshot().pagesFetched;
    this.fetched += Math.max(0, now - (this.counted.get(pager) ?? 0));
    this.counted.set(pager, now);
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly keySession: TypedApiKeySession;
  }
}
