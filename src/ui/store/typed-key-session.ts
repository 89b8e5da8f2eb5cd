/**
 * A key typed into the login form is used at once but saved only once it has worked: a page
 * fetched after it was typed proves it.
 */
import type { StatusMessage } from '../components/status-format.js';
import type { AppStoreOptions } from './store-types.js';

/** What the session needs from the store. */
export interface TypedKeyHost {
  /** Pages the shown list has fetched so far. */
  pagesFetched(): number;
  toast(message: StatusMessage): void;
}

export class TypedKeySession {
  /** A typed key not yet proven by a successful request, and the page count when it was typed. */
  private untried: { key: string; pagesFetched: number } | undefined;

  constructor(
    private readonly callbacks: Pick<AppStoreOptions, 'onKey' | 'onKeyWorked'>,
    private readonly host: TypedKeyHost,
  ) {}

  /** A key was typed into the login form: use it, and watch for it to work. */
  typed(key: string): void {
    this.callbacks.onKey?.(key);
    this.untried = { key, pagesFetched: this.host.pagesFetched() };
  }

  /** The shown list changed: more pages than when the key was typed prove it (then save it). */
  observe(pagesFetched: number): void {
    const untried = this.untried;
    if (!untried || pagesFetched <= untried.pagesFetched) return;
    this.untried = undefined;
    const save = this.callbacks.onKeyWorked;
    if (!save) return;
    save(untried.key).then(
      (text) => this.host.toast({ tone: 'success', text }),
      () => this.host.toast({ tone: 'warning', text: 'The key works but could not be saved; it is kept for this session.' }),
    );
  }
}
