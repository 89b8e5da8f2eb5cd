/**
 * A key typed into the login form: checked first when a checker is given, then put in use,
 * fetching again what failed and resuming what waited for it.
 */
import type { StoreContext } from '../store-context.js';
import type { ApiKeyVerdict } from '../store-types.js';

export class ApiKeyLogin {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * A key typed into the login form. With a checker (the `L` form), one request with the key
   * first: accepted, the key replaces the one in use and the rows reload; rejected, the old key
   * and rows stay and the status bar says so; no answer about the key (network, server error),
   * it is used as if unchecked.
   */
  submit(key: string): void {
    const checkKey = this.ctx.options.checkKey;
    if (!checkKey) return this.use(key);
    this.ctx.update({ overlay: null });
    this.ctx.toast({ tone: 'info', text: 'Checking the key…' });
    checkKey(key).then(
      (verdict) => this.checked(key, verdict),
      () => this.checked(key, { kind: 'unverified', message: 'The key could not be checked' }),
    );
  }

  private checked(key: string, verdict: ApiKeyVerdict): void {
    if (verdict.kind === 'rejected') {
      const why = verdict.status === undefined ? `: ${verdict.message ?? 'it cannot be sent'}` : ` (${verdict.status})`;
      return this.ctx.toast({ tone: 'error', text: `Key rejected${why}; the previous key is still in use.` });
    }
    const failed = this.ctx.view().pager.getSnapshot().state === 'error';
    this.use(key);
    if (verdict.kind === 'unverified') return this.ctx.toast({ tone: 'warning', text: `${verdict.message}; the key is used for this session.` });
    // A list that had failed is fetched again by `use`; one that had not reloads with the new key.
    if (!failed && !this.ctx.disposed()) this.ctx.refreshFlow.start();
    this.ctx.toast({ tone: 'success', text: 'Key accepted' });
  }

  private use(key: string): void {
    const { lists } = this.ctx;
    this.ctx.keySession.typed(key);
    this.ctx.update({ overlay: null });
    for (const view of [lists.groups, lists.active]) {
      const snap = view.pager.getSnapshot();
      if (snap.state === 'error') view.pager.retry();
    }
    this.ctx.refreshFlow.retryFailed();
    this.ctx.navigator.prefetch();
    this.ctx.jumpFlow.startPending();
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly login: ApiKeyLogin;
  }
}
