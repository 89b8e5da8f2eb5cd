/**
 * A key typed into the login form is used at once but saved only once it has worked: a page
 * fetched after it was typed proves it, by whichever listing (the shown one, or a refresh's).
 */
import type { Pager } from '../../../api/pager/pager.js';
import type { StatusMessage } from '../status-message.js';
import type { AppStoreOptions, ApiKeyVerdict } from '../store-types.js';

/** What the session needs from the store. */
export interface TypedApiKeyHost {
  /** The pager of the shown list. */
  shownPager(): Pager;
  toast(message: StatusMessage): void;
}

export class TypedApiKeySession {
  /** A typed key not yet proven by a successful request, and the page count when it was typed. */
  private untried: { key: string; pagesFetched: number } | undefined;
  /** Pages fetched by every pager observed, and what each had fetched when last observed. */
  private fetched = 0;
  private readonly counted = new WeakMap<Pager, number>();

  constructor(
    private readonly callbacks: Pick<AppStoreOptions, 'onApiKey' | 'onApiKeyWorked'>,
    private readonly host: TypedApiKeyHost,
  ) {}

  /** A key was typed into the login form: use it, and watch for it to work. */
  typed(key: string): void {
    this.callbacks.onApiKey?.(key);
    this.count(this.host.shownPager());
    this.untried = { key, pagesFetched: this.fetched };
  }

  /** A listing changed: a page fetched since the key was typed proves it (then save it). */
  observe(pager: Pager): void {
    this.count(pager);
    const untried = this.untried;
    if (!untried || this.fetched <= untried.pagesFetched) return;
    this.untried = undefined;
    const save = this.callbacks.onApiKeyWorked;
    if (!save) return;
    save(untried.key).then(
      (text) => this.host.toast({ tone: 'success', text }),
      () => this.host.toast({ tone: 'warning', text: 'The key works but could not be saved; it is kept for this session.' }),
    );
  }

  private count(pager: Pager): void {
    const now = pager.getSnapshot().pagesFetched;
    this.fetched += Math.max(0, now - (this.counted.get(pager) ?? 0));
    this.counted.set(pager, now);
  }
}

/** What checking a typed key needs from the store. */
export interface ApiKeyCheckHost {
  toast(message: StatusMessage): void;
  /** Puts the key in use (retrying what failed); returns how to reload the rows shown. */
  use(key: string): () => void;
}

/**
 * The `L` form's check: one request with the typed key. Accepted, the key replaces the one in use
 * and the rows reload; rejected, the old key and rows stay and the status bar says so; no answer
 * about the key (network, server error), it is used as if unchecked.
 */
export function checkTypedKey(check: (key: string) => Promise<ApiKeyVerdict>, key: string, host: ApiKeyCheckHost): void {
  host.toast({ tone: 'info', text: 'Checking the key…' });
  const settle = (result: ApiKeyVerdict): void => {
    if (result.kind === 'rejected') {
      const why = result.status === undefined ? `: ${result.message ?? 'it cannot be sent'}` : ` (${result.status})`;
      return host.toast({ tone: 'error', text: `Key rejected${why}; the previous key is still in use.` });
    }
    const reload = host.use(key);
    if (result.kind === 'unverified') return host.toast({ tone: 'warning', text: `${result.message}; the key is used for this session.` });
    reload();
    host.toast({ tone: 'success', text: 'Key accepted' });
  };
  check(key).then(settle, () => settle({ kind: 'unverified', message: 'The key could not be checked' }));
}
