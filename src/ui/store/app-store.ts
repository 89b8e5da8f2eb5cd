import type { ExchangeLog } from '../../api/exchange-log.js';
import type { Pager } from '../../api/pager.js';
import type { RawItem } from '../../api/types.js';
import type { Command } from '../keys/bindings.js';
import { routeCommand, type CommandActions } from './command-routing.js';
import { copySelected } from './copy-action.js';
import { ExportFlow } from './export-flow.js';
import { copyField } from './field-copy.js';
import { detailTextWidth } from '../components/detail-lines.js';
import { applyTyped, type InputBar } from './input-bar.js';
import { initialSnapshot } from './initial-snapshot.js';
import { InspectorFlow } from './inspector-flow.js';
import { fillTitleWhenLoaded } from './group-title.js';
import { groupIdOf, titleOfGroup } from './items.js';
import { JumpFlow } from './jump-flow.js';
import { listRows } from './layout.js';
import { ListFilters } from './list-filters.js';
import { pageFetcher, pagerFactory, type PagerFactory } from './list-pagers.js';
import { ListNavigator } from './list-navigator.js';
import { newListView, placeSelection, specOf, type ListView } from './list-view.js';
import { watchPager } from './pager-watch.js';
import { RefreshFlow } from './refresh-flow.js';
import { SearchWarmup } from './search-warmup.js';
import { watchQuota } from './quota-status.js';
import { WatchFlow } from './watch-flow.js';
import { WatchReads } from './watch-reads.js';
import { loadingBeyondNeed, toastBelongsTo, toastUntil, type Toast } from './status.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';
import { checkTypedKey, TypedApiKeySession } from './typed-api-key-session.js';
import { WarningLog } from './warning-log.js';
import { memoryHistory, type HistoryName, type PromptHistory } from '../services/history.js';
import type { ApiKeyVerdict } from './store-types.js';

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
  private readonly history: PromptHistory;
  private readonly checkKey: ((key: string) => Promise<ApiKeyVerdict>) | undefined;
  private readonly refreshFlow: RefreshFlow;
  private readonly navigator: ListNavigator;
  private readonly filters: ListFilters;
  private readonly jumpFlow: JumpFlow;
  private readonly actions: CommandActions;
  private readonly inspector: InspectorFlow;
  /** What the HTTP inspector lists (when the app was given one). */
  readonly exchangeLog: ExchangeLog | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly warnings = new WarningLog((text) => this.toast({ tone: 'warning', text, listingWarning: true }));
  private readonly groups: ListView;
  private readonly pageLists = new Map<string, ListView>();
  private active: ListView;
  private unwatch: () => void = () => {};
  private readonly searchWarmup = new SearchWarmup();
  private readonly unwatchQuota: () => void;
  private readonly watchFlow: WatchFlow;
  private readonly watchReads: WatchReads;
  private snapshot: AppSnapshot;
  private disposed = false;

  constructor(options: AppStoreOptions) {
    this.now = options.now ?? Date.now;
    this.newPager = pagerFactory(options.client, options.pageSize ?? 100);
    this.history = options.history ?? memoryHistory();
    this.checkKey = options.checkKey;
    this.exportFlow = new ExportFlow(options.exporter, this.history, {
      getInput: () => this.snapshot.input,
      setInput: (input) => this.setInput(input),
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
    this.refreshFlow = new RefreshFlow({
      newPager: this.newPager,
      navigator: this.navigator,
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      observe: (pager) => {
        this.keySession.observe(pager);
        this.warnings.notice(pager);
      },
      watch: (view) => this.watch(view),
      replaced: (view, before, after) => this.watchFlow.replaced(view, before, after),
    });
    this.watchReads = new WatchReads({
      fetcher: pageFetcher(options.client, options.pageSize ?? 100),
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      refresh: (need) => this.refreshFlow.start(true, need),
      reread: (view, merge, unplaced) => this.watchFlow.reread(view, merge, unplaced),
    });
    this.watchFlow = new WatchFlow({
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      refresh: () => (this.watchReads.read(), true),
      refreshing: () => this.refreshFlow.snapshot !== undefined || this.watchReads.busy,
      now: this.now,
    }, options.watchSeconds);
    this.jumpFlow = new JumpFlow({
      view: () => this.active,
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      toast: (toast) => this.toast(toast),
      knownGroup: (groupId) => this.pageLists.get(groupId),
      loadedGroups: () => this.groups.pager.getSnapshot().items,
      newPagesPager: (groupId) => this.newPager('pages', groupId),
      showGroup: (groupId, title, pager) => this.showGroup(groupId, title, pager),
      clearFilter: () => this.filters.clearQuery(),
      select: (row) => this.navigator.move(row),
      now: this.now,
    }, options.start);
    this.actions = {
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      moveCommand: (command) => this.navigator.moveCommand(command),
      escape: () => this.escape(),
      submitInput: () => this.submitInput(),
      open: () => this.open(),
      openDetail: () => this.openDetail(),
      refresh: () => this.refreshFlow.start(),
      toggleWatch: () => this.watchFlow.toggle(),
      openFilter: () => this.setInput({ kind: 'filter' }),
      openExport: () => this.exportFlow.open(this.snapshot.visible, this.active.kind, this.active.groupId),
      cycleSort: () => this.filters.cycleSort(),
      reverseSort: () => this.filters.reverseSort(),
      stepMatch: (direction) => this.filters.stepMatch(direction),
      openJump: () => this.setInput({ kind: 'jump', text: '' }),
      setStatusFilter: (status) => this.filters.setStatus(status),
      copy: (format) => copySelected(options.clipboard, this.selectedItem(), this.active.kind, format, (m) => this.toast(m)),
      copyField: () => copyField(options.clipboard, this.selectedItem(), this.snapshot.detailField, (m) => this.toast(m)),
      detailWidth: () => detailTextWidth(this.snapshot.columns, options.selectionMarker ?? ''),
    };
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
    this.groups = newListView('groups', options.groupsPager ?? this.newPager('groups'));
    this.active = this.groups;
    this.snapshot = initialSnapshot(options, this.groups, this.now);
    this.watch(this.groups);
    this.unwatchQuota = watchQuota(options.client.quota, (quota) => this.update({ quota }));
    if (options.watchSeconds !== undefined) this.watchFlow.start(options.watchSeconds);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): AppSnapshot => this.snapshot;

  /** The selected row of the visible list, if any. */
  selectedItem(): RawItem | undefined {
    return this.snapshot.visible.items[this.active.selected];
  }

  setTerminalSize(columns: number, rows: number): void {
    if (columns === this.snapshot.columns && rows === this.snapshot.rows) return;
    this.update({ columns, rows, windowRows: this.windowRows(rows, this.snapshot.input) });
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
    const input = this.snapshot.input;
    if (!input) return;
    const typed = applyTyped(value);
    if (input.kind === 'filter') {
      this.filters.setQuery(typed.text);
    } else if (input.kind === 'jump') {
      if (typed.text !== input.text) this.setInput({ ...input, text: typed.text });
    } else if (input.stage === 'path' && typed.text !== input.text) {
      this.setInput({ ...input, text: typed.text });
    }
    // Return typed together with text: submit after every handler of this key has run.
    if (typed.submit) queueMicrotask(() => this.submitInput());
  }

  /**
   * Enter in the open input: keep the filter, or write the export. Both the key router and the
   * field may report the same Enter; the second call finds the input closed or already writing.
   */
  submitInput(): void {
    const input = this.snapshot.input;
    if (!input) return;
    if (input.kind === 'filter') {
      this.history.add('filter', this.active.query);
      return this.setInput(null);
    }
    if (input.kind === 'jump') {
      this.history.add('jump', input.text);
      this.setInput(null);
      return this.jumpFlow.submit(input.text);
    }
    this.exportFlow.submit(this.snapshot.visible.items, this.active.kind);
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
    if (!this.checkKey) return this.useKey(key);
    this.update({ overlay: null });
    checkTypedKey(this.checkKey, key, {
      toast: (toast) => this.toast(toast),
      use: (accepted) => {
        const failed = this.active.pager.getSnapshot().state === 'error';
        this.useKey(accepted);
        return () => {
          if (!failed && !this.disposed) this.refreshFlow.start();
        };
      },
    });
  }

  private useKey(key: string): void {
    this.keySession.typed(key);
    this.update({ overlay: null });
    for (const view of [this.groups, this.active]) {
      const snap = view.pager.getSnapshot();
      if (snap.state === 'error') view.pager.retry();
    }
    this.refreshFlow.retryFailed();
    this.navigator.prefetch();
    this.jumpFlow.startPending();
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
    this.unwatch();
    this.searchWarmup.dispose();
    this.unwatchQuota();
    this.watchFlow.dispose();
    this.watchReads.cancel();
    this.refreshFlow.forget();
    this.groups.pager.dispose();
    for (const view of this.pageLists.values()) view.pager.dispose();
    this.listeners.clear();
  }

  /** Esc: stop a running load first, then close the input, then clear the filter, then go back. */
  private escape(): void {
    if (this.snapshot.following || this.snapshot.loadingAll) {
      this.jumpFlow.stop();
      return this.navigator.stopLoading();
    }
    const input = this.snapshot.input;
    if (input?.kind === 'jump') return this.setInput(null);
    if (input?.kind === 'filter') {
      this.filters.clearQuery();
      return this.setInput(null);
    }
    if (input) return this.exportFlow.cancel();
    if (this.active.query !== '') return this.filters.clearQuery();
    if (this.active.kind === 'pages') this.show(this.groups);
  }

  private open(): void {
    if (this.active.kind === 'pages') return this.openDetail();
    const group = this.selectedItem();
    if (group) this.showGroup(groupIdOf(group), titleOfGroup(group));
  }

  /** Shows the page list of a group, kept from an earlier visit or new (with `pager` when given). */
  private showGroup(groupId: string, title: string, pager?: Pager): void {
    let view = this.pageLists.get(groupId);
    if (!view) {
      const shown = newListView('pages', pager ?? this.newPager('pages', groupId), { id: groupId, title });
      this.pageLists.set(groupId, shown);
      fillTitleWhenLoaded(this.groups.pager, shown, () => {
        if (this.active === shown) this.update({ list: shown });
      });
      view = shown;
    } else if (pager) pager.dispose();
    this.show(view);
  }


  private openDetail(): void {
    if (this.selectedItem()) this.update({ overlay: 'detail', detailScroll: 0, detailField: 0 });
  }

  private show(view: ListView): void {
    // Leaving a list cancels its request (nothing is lost: it resumes from the same cursor). Its
    // watcher goes first: told of the abort while still the active list, it would fetch again.
    if (view !== this.active) {
      this.unwatch();
      this.unwatch = () => {};
      this.active.pager.pause();
    } else this.active.pager.stopBackgroundLoad();
    if (view !== this.active) this.refreshFlow.forget();
    if (view !== this.active) this.watchReads.cancel();
    this.navigator.forget();
    this.jumpFlow.forget();
    this.active = view;
    this.watch(view);
    const pager = view.pager.getSnapshot();
    const input = this.snapshot.input?.kind === 'filter' ? this.snapshot.input : null;
    this.update({
      route: view.kind,
      list: view,
      following: false,
      loadingAll: loadingBeyondNeed(pager),
      input,
      windowRows: this.windowRows(this.snapshot.rows, input),
      pager,
      visible: view.deriver.derive(pager.items, specOf(view)),
      refreshing: this.refreshFlow.snapshot,
      // A message raised on another list does not follow the user here.
      ...(toastBelongsTo(this.snapshot.toast, view) ? {} : { toast: undefined }),
    });
    this.navigator.prefetch();
  }

  private watch(view: ListView): void {
    this.unwatch();
    const inBulk = (): boolean => this.navigator.followingEnd || view.pager.getSnapshot().loadingAll;
    this.unwatch = watchPager(view.pager, inBulk, () => {
      if (this.disposed) return;
      this.onPagerChange(view);
      this.searchWarmup.afterChange(view, inBulk, (v) => v === this.active && !this.disposed);
    });
    // Warnings raised before anyone watched (the group listing starts before the UI) count too.
    this.warnings.notice(view.pager);
  }

  private onPagerChange(view: ListView): void {
    if (view !== this.active) return;
    const pager = view.pager.getSnapshot();
    const previous = this.snapshot.visible;
    const visible = view.deriver.derive(pager.items, specOf(view));
    const patch: { -readonly [K in keyof AppSnapshot]?: AppSnapshot[K] } = { pager, visible, loadingAll: loadingBeyondNeed(pager) };
    this.keySession.observe(view.pager);
    this.warnings.notice(view.pager);
    if (this.navigator.settle(view, pager, previous, visible, this.snapshot.windowRows)) patch.following = false;
    this.update(patch);
    this.jumpFlow.onPagerChange(view);
    if (pager.state === 'idle') this.navigator.prefetch();
  }

  private setInput(input: InputBar | null): void {
    const windowRows = this.windowRows(this.snapshot.rows, input);
    placeSelection(this.active, this.active.selected, this.snapshot.visible.items.length, windowRows);
    this.update({ input, windowRows });
  }

  private windowRows(rows: number, input: InputBar | null): number {
    return Math.max(1, listRows(rows) - (input ? 1 : 0));
  }

  private update(patch: Partial<AppSnapshot>): void {
    if (this.disposed) return;
    this.snapshot = this.warnings.keepVisible({ ...this.snapshot, ...patch, version: this.snapshot.version + 1 }, this.now());
    for (const listener of this.listeners) listener();
  }
}
