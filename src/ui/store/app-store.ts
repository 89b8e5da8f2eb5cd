import { itemAt } from '../../api/pager/packed-items.js';
import type { ExchangeLog } from '../../api/inspector/exchange-log.js';
import type { RawItem } from '../../api/types.js';
import type { Command } from '../keys/bindings.js';
import { ApiKeyLogin } from './login/api-key-login.js';
import { routeCommand, type CommandActions } from './command-routing.js';
import { ExportFlow } from './prompts/export-flow.js';
import { initialSnapshot } from './initial-snapshot.js';
import { InputFlow } from './prompts/input-flow.js';
import { InspectorFlow } from './inspector/inspector-flow.js';
import { JumpFlow } from './prompts/jump-flow.js';
import { windowRows } from './layout.js';
import { ListFilters } from './list/list-filters.js';
import { pageFetcher, pagerFactory, type PagerFactory } from './list/list-pagers.js';
import { ListNavigator } from './list/list-navigator.js';
import { wireReloads } from './reload/list-reloads.js';
import type { ListView } from './list/list-view.js';
import type { RefreshFlow } from './reload/refresh-flow.js';
import { watchQuota } from './quota-status.js';
import type { WatchFlow } from './reload/watch-flow.js';
import type { WatchReads } from './reload/watch-reads.js';
import { ShownLists } from './list/shown-lists.js';
import { storeActions } from './store-actions.js';
import { toastUntil, type Toast } from './status.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';
import { TypedApiKeySession } from './login/typed-api-key-session.js';
import { WarningLog } from './warning-log.js';
import { memoryHistory, type HistoryName, type PromptHistory } from '../services/history.js';

export type { AppSnapshot, AppStoreOptions, Overlay } from './store-types.js';

/**
 * The app's state outside React: which list is shown, the selection in each list, filters,
 * overlays and toasts. Screens read it through `useSyncExternalStore` and send it commands; they
 * never fetch. Several keys in one read arrive as several calls, applied in order.
 */
export class AppStore {
  private readonly now: () => number;
  private readonly newPager: PagerFactory;
  private readonly exportFlow: ExportFlow;
  private readonly keySession: TypedApiKeySession;
  private readonly login: ApiKeyLogin;
  private readonly history: PromptHistory;
  private readonly refreshFlow: RefreshFlow;
  private readonly navigator: ListNavigator;
  private readonly filters: ListFilters;
  private readonly jumpFlow: JumpFlow;
  private readonly inputFlow: InputFlow;
  private readonly actions: CommandActions;
  private readonly inspector: InspectorFlow;
  /** What the HTTP inspector lists (when the app was given one). */
  readonly exchangeLog: ExchangeLog | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly warnings = new WarningLog((text) => this.toast({ tone: 'warning', text, listingWarning: true }));
  private readonly lists: ShownLists;
  private readonly unwatchQuota: () => void;
  private readonly watchFlow: WatchFlow;
  private readonly watchReads: WatchReads;
  private snapshot: AppSnapshot;
  private disposed = false;
  private lastKeyAt = Number.NEGATIVE_INFINITY;

  constructor(options: AppStoreOptions) {
    this.now = options.now ?? Date.now;
    this.newPager = pagerFactory(options.client, options.pageSize ?? 100);
    this.history = options.history ?? memoryHistory();
    this.exportFlow = new ExportFlow(options.exporter, this.history, {
      getInput: () => this.snapshot.input,
      setInput: (input) => this.inputFlow.set(input),
      toast: (toast) => this.toast(toast),
    });
    this.keySession = new TypedApiKeySession({ onApiKey: options.onApiKey, onApiKeyWorked: options.onApiKeyWorked }, {
      shownPager: () => this.active.pager,
      toast: (toast) => this.toast(toast),
    });
    this.navigator = new ListNavigator({
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      canFetch: () => this.snapshot.overlay !== 'login' && !this.disposed,
    });
    this.filters = new ListFilters({
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      navigator: this.navigator,
    });
    ({ refreshFlow: this.refreshFlow, watchReads: this.watchReads, watchFlow: this.watchFlow } = wireReloads({
      newPager: this.newPager,
      fetcher: pageFetcher(options.client, options.pageSize ?? 100),
      navigator: this.navigator,
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      observe: (pager) => {
        this.keySession.observe(pager);
        this.warnings.notice(pager);
      },
      watch: (view) => this.lists.watch(view),
      now: this.now,
    }, options.watchSeconds));
    this.jumpFlow = new JumpFlow({
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      knownGroup: (groupId) => this.lists.pagesOf(groupId),
      loadedGroups: () => this.groups.pager.getSnapshot().items,
      newPagesPager: (groupId) => this.newPager('pages', groupId),
      showGroup: (groupId, title, pager) => this.lists.showGroup(groupId, title, pager),
      clearFilter: () => this.filters.clearQuery(),
      select: (row) => this.navigator.move(row),
      now: this.now,
    }, options.start);
    this.inputFlow = new InputFlow({
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      history: this.history,
      filters: this.filters,
      jumpFlow: this.jumpFlow,
      exportFlow: this.exportFlow,
    });
    this.exchangeLog = options.inspector?.log;
    this.inspector = new InspectorFlow(options.inspector, {
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      view: () => this.active,
      selectedItem: () => this.selectedItem(),
      clipboard: options.clipboard,
      exporter: options.exporter,
      now: this.now,
    });
    this.lists = new ShownLists({
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      disposed: () => this.disposed,
      newPager: this.newPager,
      navigator: this.navigator,
      jumpFlow: this.jumpFlow,
      refreshFlow: this.refreshFlow,
      watchReads: this.watchReads,
      keySession: this.keySession,
      warnings: this.warnings,
      lastKeyAt: () => this.lastKeyAt,
    }, options.groupsPager ?? this.newPager('groups'));
    this.actions = storeActions({
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      selectedItem: () => this.selectedItem(),
      options,
      lists: this.lists,
      navigator: this.navigator,
      filters: this.filters,
      inputFlow: this.inputFlow,
      jumpFlow: this.jumpFlow,
      exportFlow: this.exportFlow,
      refreshFlow: this.refreshFlow,
      watchFlow: this.watchFlow,
    });
    this.login = new ApiKeyLogin({
      checkKey: options.checkKey,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      disposed: () => this.disposed,
      lists: this.lists,
      keySession: this.keySession,
      refreshFlow: this.refreshFlow,
      navigator: this.navigator,
      jumpFlow: this.jumpFlow,
    });
    this.snapshot = initialSnapshot(options, this.groups, this.now);
    this.lists.watch(this.groups);
    const inBulk = () => this.snapshot.loadingAll || this.snapshot.following;
    this.unwatchQuota = watchQuota(options.client.quota, (quota) => this.update({ quota }), inBulk);
    if (options.watchSeconds !== undefined) this.watchFlow.start(options.watchSeconds);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): AppSnapshot => this.snapshot;

  /** The list shown. */
  private get active(): ListView {
    return this.lists.active;
  }

  private get groups(): ListView {
    return this.lists.groups;
  }

  /** The selected row of the visible list, if any. */
  selectedItem(): RawItem | undefined {
    return itemAt(this.snapshot.visible.items, this.active.selected);
  }

  /** A key came (any key, also one a text field takes). */
  noteKey(): void {
    this.lastKeyAt = performance.now();
  }

  setTerminalSize(columns: number, rows: number): void {
    if (columns === this.snapshot.columns && rows === this.snapshot.rows) return;
    this.update({ columns, rows, windowRows: windowRows(rows, this.snapshot.input) });
    this.navigator.move(this.active.selected);
  }

  /** Selects row `index` of the visible list (a mouse click). */
  selectRow(index: number): void {
    this.navigator.move(index);
  }

  /** Applies one command from the key map. Several keys in one read arrive as several calls. */
  command(command: Command): void {
    // An error toast has been read once the user acts again.
    if (this.snapshot.toast?.tone === 'error') this.update({ toast: undefined });
    if (this.inspector.command(command)) return;
    routeCommand(command, this.actions);
  }

  /** Text typed into the open input (the filter query, or the export path). */
  setInputText(value: string): void {
    this.inputFlow.setText(value);
  }

  /**
   * Enter in the open input: keep the filter, or write the export. Both the key router and the
   * field may report the same Enter; the second call finds the input closed or already writing.
   */
  submitInput(): void {
    this.inputFlow.submit();
  }

  /** The remembered entries of a prompt, oldest first. */
  historyOf(name: HistoryName): readonly string[] {
    return this.history.entries(name);
  }

  /** The answer to "overwrite? y/N" while the export prompt asks it. */
  answerOverwrite(yes: boolean): void {
    this.exportFlow.answer(yes, this.snapshot.visible.items, this.active.kind);
  }

  /** Tab while filtering: load the rest of the list (Esc stops). */
  loadAll(): void {
    this.navigator.loadAll();
  }

  /** A key typed into the login form: checked first when a checker is given (see checkTypedKey). */
  submitApiKey(key: string): void {
    this.login.submit(key);
  }

  /** Draws the whole frame again (after the terminal was handed back from a suspend). */
  redraw(): void {
    this.update({});
  }

  closeLogin(): void {
    if (this.snapshot.overlay === 'login') this.update({ overlay: null });
  }

  toast(toast: Omit<Toast, 'until' | 'owner'>): void {
    if (this.disposed) return;
    this.update({ toast: { ...toast, owner: this.active, until: toastUntil(toast.tone, this.now()) } });
  }

  /** Starts the first fetch of the visible list. */
  start(): void {
    this.navigator.prefetch();
    this.jumpFlow.startPending();
  }

  dispose(): void {
    this.disposed = true;
    this.jumpFlow.dispose();
    this.inspector.close();
    this.lists.stopWatching();
    this.unwatchQuota();
    this.watchFlow.dispose();
    this.watchReads.cancel();
    this.refreshFlow.forget();
    this.lists.disposePagers();
    this.listeners.clear();
  }

  private update(patch: Partial<AppSnapshot>): void {
    if (this.disposed) return;
    this.snapshot = this.warnings.keepVisible({ ...this.snapshot, ...patch, version: this.snapshot.version + 1 }, this.now());
    for (const listener of this.listeners) listener();
  }
}
