/**
 * What reloads the shown list: `r` (RefreshFlow) and watch mode (WatchFlow), whose reads of the
 * rows on screen (WatchReads) fall back to a quiet refresh. The three call one another; this
 * wires them together.
 */
import type { FetcherFactory } from '../list/list-pagers.js';
import { RefreshFlow, type RefreshHost } from './refresh-flow.js';
import { WatchFlow } from './watch-flow.js';
import { WatchReads } from './watch-reads.js';

/** What the reloads need from the store. */
export interface ReloadsHost extends Omit<RefreshHost, 'replaced'> {
  readonly fetcher: FetcherFactory;
  readonly now: () => number;
}

interface Reloads {
  readonly refreshFlow: RefreshFlow;
  readonly watchReads: WatchReads;
  readonly watchFlow: WatchFlow;
}

export function wireReloads(host: ReloadsHost, watchSeconds: number | undefined): Reloads {
  const refreshFlow = new RefreshFlow({
    newPager: host.newPager,
    navigator: host.navigator,
    view: () => host.view(),
    snapshot: () => host.snapshot(),
    update: (patch) => host.update(patch),
    toast: (toast) => host.toast(toast),
    observe: (pager) => host.observe(pager),
    watch: (view) => host.watch(view),
    replaced: (view, before, after) => watchFlow.replaced(view, before, after),
  });
  const watchReads = new WatchReads({
    fetcher: host.fetcher,
    view: () => host.view(),
    snapshot: () => host.snapshot(),
    update: (patch) => host.update(patch),
    toast: (toast) => host.toast(toast),
    refresh: (need) => refreshFlow.start(true, need),
    reread: (view, merge, unplaced) => watchFlow.reread(view, merge, unplaced),
  });
  const watchFlow: WatchFlow = new WatchFlow({
    view: () => host.view(),
    snapshot: () => host.snapshot(),
    update: (patch) => host.update(patch),
    refresh: () => (watchReads.read(), true),
    refreshing: () => refreshFlow.snapshot !== undefined || watchReads.busy,
    now: host.now,
  }, watchSeconds);
  return { refreshFlow, watchReads, watchFlow };
}
