/**
 * Says where an Esc stopped a `G` or Tab load. A request already on its way still lands (and the
 * one that keeps a screen of rows beyond the selection may follow it), so the message is said
 * again with the count each one leaves, as long as it is the message shown: it never says fewer
 * rows, or more to come, than the header. A new load (`G` or Tab again, or `r`) takes the message away.
 */
import type { StoreContext } from '../store-context.js';
import { stoppedLoadingText } from './end-reached.js';

/** The messages said here (the toasts as the store holds them), so that a refresh can take one away. */
const said = new WeakSet<object>();

/** Whether `toast` is one that says where an Esc stopped a load. */
export function saysStoppedLoad(toast: object | undefined): boolean {
  return toast !== undefined && said.has(toast);
}

export function sayStoppedLoad(ctx: StoreContext): void {
  const pager = ctx.view().pager;
  const say = (): void => {
    ctx.toast({ tone: 'warning', text: stoppedLoadingText(pager.getSnapshot()) });
    const shown = ctx.snapshot().toast;
    if (shown !== undefined) said.add(shown);
  };
  say();
  let last = ctx.snapshot().toast;
  if (pager.getSnapshot().state !== 'loading') return;
  const unsubscribe = pager.subscribe(() => {
    const shown = ctx.snapshot().toast;
    if (ctx.disposed() || shown !== last || shown === undefined || shown.until <= ctx.now() || ctx.view().pager !== pager) return unsubscribe();
    // `G` or Tab again: a new load is under way, and what stopped the last one is no longer so.
    if (pager.getSnapshot().loadingAll) {
      unsubscribe();
      return ctx.update({ toast: undefined });
    }
    if (stoppedLoadingText(pager.getSnapshot()) === shown.text) return;
    say();
    last = ctx.snapshot().toast;
  });
}
