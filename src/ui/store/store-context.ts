/**
 * What every flow of the store shares: the snapshot and how to change it, the list shown, the
 * services the store was made with, and the other flows. Made once by the store (store-core.ts)
 * and handed to every flow, which reads what it needs from it.
 */
import type { RawItem } from '../../api/types.js';
import type { PromptHistory } from '../services/history.js';
import type { FetcherFactory, PagerFactory } from './list/list-pagers.js';
import type { ListView } from './list/list-view.js';
import type { Toast } from './status.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';
import type { WarningLog } from './warning-log.js';

/**
 * The flows, one field each. Each flow's own file adds its field (its `declare module` block),
 * so that this file imports none of them: the flows use one another through the context, and
 * importing them here would put every flow in an import cycle (the cycle check counts type
 * imports too).
 * @public (used by those `declare module` blocks, which knip does not see)
 */
export interface StoreFlows {}

/** A toast as a flow raises it; the store adds when it fades and the list it belongs to. */
export type ToastRequest = Omit<Toast, 'until' | 'owner'>;

export interface StoreContext extends StoreFlows {
  /** What the store was made with: the client, the clipboard, the exporter, the key callbacks… */
  readonly options: AppStoreOptions;
  readonly now: () => number;
  /** What the filter, jump and export prompts remember. */
  readonly history: PromptHistory;
  /** Makes the pager of a list. */
  readonly newPager: PagerFactory;
  /** Fetches one page of a list outside its pager (a watch re-read). */
  readonly fetcher: FetcherFactory;
  /** Which listing warnings the user has been shown. */
  readonly warnings: WarningLog;
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  toast(toast: ToastRequest): void;
  /**
   * Says the outcome of what a key started that ends later (a copy). Keys that came meanwhile (`y j j`
   * typed at once) moved on from it: it is said on the status line without taking the cursor from
   * the row they reached.
   */
  replyToKey(): (toast: ToastRequest) => void;
  /** The list shown. */
  view(): ListView;
  /** The selected row of the list shown, if any. */
  selectedItem(): RawItem | undefined;
  /** True once the store is disposed. */
  disposed(): boolean;
  /** When the last key came (performance.now()). */
  lastKeyAt(): number;
}
