/**
 * A key typed into the login form (`L`, or at start with no key): checked first when a checker is
 * given, then put in use, fetching again what failed and resuming what waited for it. A rejected
 * key keeps the form open and says so there; Esc closes it, and a check still on its way is
 * then forgotten.
 */
import type { KeyDestination } from '../../login/key-storage.js';
import type { StoreContext } from '../store-context.js';
import type { ApiKeyVerdict } from '../store-types.js';
import { keyNamed } from '../../keys/help.js';

export class ApiKeyLogin {
  /** Counts keys submitted and forms closed: a verdict for an older count is stale. */
  private attempts = 0;

  constructor(private readonly ctx: StoreContext) {}

  /** `L`: the form, empty, with nothing said yet. */
  open(): void {
    this.attempts++;
    this.ctx.update({ overlay: 'login', keyForm: undefined });
  }

  /**
   * A key typed into the login form, to go to `where` once it works. With a checker, one
   * request with the key first: accepted, the key replaces the one in use and the rows load;
   * rejected, the form stays open and says so (the old key and rows stay behind it); no answer
   * about the key (network, server error), it is used for this session only, never saved, and the
   * status bar keeps saying it could not be checked.
   */
  submit(key: string, where: KeyDestination = 'session'): void {
    if (this.ctx.snapshot().keyForm?.checking) return;
    const checkKey = this.ctx.options.checkKey;
    if (!checkKey) return this.use(key, where);
    const attempt = ++this.attempts;
    const cleared = this.ctx.snapshot().keyForm?.cleared ?? 0;
    this.ctx.update({ keyForm: { checking: true, cleared } });
    checkKey(key).then(
      (verdict) => this.checked(attempt, key, where, verdict),
      () => this.checked(attempt, key, where, { kind: 'unverified', message: 'The key could not be checked' }),
    );
  }

  /** Esc in the form: closed; a list the form held back now loads, or says why it cannot. */
  cancel(): void {
    if (this.ctx.snapshot().overlay !== 'login') return;
    this.attempts++;
    this.ctx.update({ overlay: null, keyForm: undefined });
    this.ctx.navigator.prefetch();
  }

  private checked(attempt: number, key: string, where: KeyDestination, verdict: ApiKeyVerdict): void {
    if (attempt !== this.attempts || this.ctx.disposed()) return;
    if (verdict.kind === 'rejected') {
      const why = verdict.status === undefined ? `: ${verdict.message ?? 'it cannot be sent'}` : ` (${verdict.status})`;
      const cleared = (this.ctx.snapshot().keyForm?.cleared ?? 0) + 1;
      this.ctx.update({ keyForm: { checking: false, cleared, message: `Key rejected${why} — try again, or ${keyNamed('cancel', 'keyEntry')} to cancel.` } });
      return;
    }
    const shown = this.ctx.view().pager.getSnapshot();
    // A list that failed is fetched again by `use`, one never fetched starts there; only one
    // that had loaded with the old key reloads with the new one.
    const reload = shown.state !== 'error' && shown.pagesFetched > 0;
    this.use(key, verdict.kind === 'unverified' ? undefined : where);
    if (verdict.kind === 'unverified') return this.ctx.toast({ tone: 'warning', text: `${verdict.message}; the key is used for this session.` });
    if (reload && !this.ctx.disposed()) this.ctx.refreshFlow.start();
    this.ctx.toast({ tone: 'success', text: 'Key accepted' });
  }

  /** `where` undefined: for this session only, nothing saved (a key that could not be checked). */
  private use(key: string, where: KeyDestination | undefined): void {
    const { lists } = this.ctx;
    this.ctx.keySession.typed(key, where);
    this.ctx.update({ overlay: null, keyForm: undefined });
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
