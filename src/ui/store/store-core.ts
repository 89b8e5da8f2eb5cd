/**
 * The store's state and its flows, made once: the StoreContext every flow is handed. AppStore is
 * its public face (what the screens call); this is what the flows share behind it.
 */
import { itemAt } from '../../api/pager/packed-items.js';
import type { RawItem } from '../../api/types.js';
import { memoryHistory, type PromptHistory } from '../services/history.js';
import { InspectorFlow } from './inspector/inspector-flow.js';
import { initialSnapshot } from './initial-snapshot.js';
import { noticeError, toastError } from './last-error.js';
import { CachedRows } from './list/cached-rows.js';
import { FilterScanFlow } from './list/filter-scan-flow.js';
import { ListFilters } from './list/list-filters.js';
import { ListNavigator } from './list/list-navigator.js';
import { pageFetcher, pagerFactory, type FetcherFactory, type PagerFactory } from './list/list-pagers.js';
import type { ListView } from './list/list-view.js';
import { ShownLists } from './list/shown-lists.js';
import { ApiKeyLogin } from './login/api-key-login.js';
import { TypedApiKeySession } from './login/typed-api-key-session.js';
import { ExportFlow } from './prompts/export-flow.js';
import { InputFlow } from './prompts/input-flow.js';
import { JumpFlow } from './prompts/jump-flow.js';
import { RefreshFlow } from './reload/refresh-flow.js';
import { WatchFlow } from './reload/watch-flow.js';
import { WatchReads } from './reload/watch-reads.js';
import { isTooSmall, listRows } from './layout.js';
import { toastUntil } from './status.js';
import { EscAsShown } from './esc-as-shown.js';
import type { StoreContext, ToastRequest } from './store-context.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';
import { WarningLog } from './warning-log.js';
import { ViewFlow } from './views/view-flow.js';

export class StoreCore implements StoreContext {
  readonly now: () => number;
  readonly history: PromptHistory;
  readonly newPager: PagerFactory;
  readonly fetcher: FetcherFactory;
  readonly warnings: WarningLog;
  /** Told of every new snapshot (the screens, through `useSyncExternalStore`). */
  readonly listeners = new Set<() => void>();
  // The flows. Each keeps the context and asks it for the others only when it acts.
  readonly keySession: TypedApiKeySession;
  readonly navigator: ListNavigator;
  readonly filters: ListFilters;
  readonly filterScan: FilterScanFlow;
  readonly refreshFlow: RefreshFlow;
  readonly watchReads: WatchReads;
  readonly watchFlow: WatchFlow;
  readonly jumpFlow: JumpFlow;
  readonly exportFlow: ExportFlow;
  readonly inputFlow: InputFlow;
  readonly inspector: InspectorFlow;
  readonly lists: ShownLists;
  readonly cachedRows: CachedRows;
  readonly login: ApiKeyLogin;
  readonly views: ViewFlow;
  readonly escAsShown: EscAsShown;
  private state: AppSnapshot;
  private isDisposed = false;
  private lastKey = Number.NEGATIVE_INFINITY;
  /** Keys so far (each key of a run read at once counts). */
  private keys = 0;

  constructor(readonly options: AppStoreOptions) {
    this.now = options.now ?? Date.now;
    this.escAsShown = new EscAsShown(this);
    this.history = options.history ?? memoryHistory();
    this.newPager = pagerFactory(options.client, options.pageSize ?? 100);
    this.fetcher = pageFetcher(options.client, options.pageSize ?? 100);
    this.warnings = new WarningLog((text) => this.toast({ tone: 'warning', text, listingWarning: true }), options.messagesUntilKey === true);
    this.keySession = new TypedApiKeySession(this);
    this.navigator = new ListNavigator(this);
    this.filters = new ListFilters(this);
    this.filterScan = new FilterScanFlow(this);
    this.refreshFlow = new RefreshFlow(this);
    this.watchReads = new WatchReads(this);
    this.watchFlow = new WatchFlow(this, options.watchSeconds);
    this.jumpFlow = new JumpFlow(this, options.start);
    this.exportFlow = new ExportFlow(this);
    this.inputFlow = new InputFlow(this);
    this.inspector = new InspectorFlow(this);
    this.cachedRows = new CachedRows(this);
    this.lists = new ShownLists(this, options.groupsPager ?? this.newPager('groups'));
    this.cachedRows.startGroups(this.lists.groups, listRows(options.rows));
    this.login = new ApiKeyLogin(this);
    this.views = new ViewFlow(this);
    this.views.applyAtStart(this.lists.groups);
    const initial = initialSnapshot(options, this.lists.groups, this.now);
    // A first page that failed before the store existed (the text-only first frame asked for it):
    // `E` must show the error the status bar says.
    const lastError = noticeError(undefined, { pager: initial.pager }, this.now(), options.inspector?.log);
    this.state = lastError ? { ...initial, lastError } : initial;
  }

  snapshot(): AppSnapshot {
    return this.state;
  }

  update(patch: Partial<AppSnapshot>): void {
    if (this.isDisposed) return;
    const lastError = noticeError(patch.lastError ?? this.state.lastError, patch, this.now(), this.options.inspector?.log);
    // A list's new error is newer than the outcome on the line: it takes the line (docs/status-line.md).
    const outcomeOutdated = patch.toast === undefined && patch.lastError === undefined && lastError !== this.state.lastError && this.state.toast?.listingWarning !== true;
    const next = { ...this.state, ...patch, lastError, version: this.state.version + 1, ...(outcomeOutdated ? { toast: undefined } : {}) };
    this.state = this.warnings.keepVisible(next, this.now());
    this.escAsShown.observe(this.state);
    for (const listener of this.listeners) listener();
    if (patch.visible) {
      this.filterScan.afterUpdate(patch.visible);
      this.jumpFlow.rowsChanged();
    }
  }

  toast(toast: ToastRequest): void {
    if (this.isDisposed) return;
    // Every error the status bar says is one `E` can show.
    const lastError = toast.tone === 'error' ? toastError(toast, this.now(), this.options.inspector?.log) : undefined;
    this.update({ toast: { ...toast, owner: this.view(), until: toastUntil(toast.tone, this.now(), this.options.messagesUntilKey) }, ...(lastError ? { lastError } : {}) });
  }

  view(): ListView {
    return this.lists.active;
  }

  selectedItem(): RawItem | undefined {
    return itemAt(this.state.visible.items, this.view().selected);
  }

  disposed(): boolean {
    return this.isDisposed;
  }

  lastKeyAt(): number {
    return this.lastKey;
  }

  /**
   * A key came (any key, also one a text field takes). Without motion, a message said before it
   * has been read: it goes now, before the key acts (a message the key raises stays).
   */
  noteKey(): void {
    this.lastKey = performance.now();
    this.keys++;
    const { toast, columns, rows } = this.state;
    if (toast !== undefined && this.options.messagesUntilKey === true && !isTooSmall(columns, rows)) this.update({ toast: undefined });
  }

  replyToKey(): (toast: ToastRequest) => void {
    const at = this.keys;
    return (toast) => this.toast(this.keys === at ? toast : { ...toast, afterKeys: true });
  }

  /** From now on nothing changes the snapshot, and no toast is raised. */
  markDisposed(): void {
    this.isDisposed = true;
  }
}
