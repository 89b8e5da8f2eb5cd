import { Pager } from '../../api/pager.js';
import type { PagerSnapshot, RawItem } from '../../api/types.js';
import type { Command } from '../keys/bindings.js';
import type { Clipboard } from '../services/clipboard.js';
import { ExportFlow } from './export-flow.js';
import { applyTyped, type InputBar } from './input-bar.js';
import { SORT_CYCLE, type StatusFilter } from './item-keys.js';
import { copyText, type CopyFormat } from './copy-action.js';
import { detailRows, listRows } from './layout.js';
import { newListView, placeSelection, specOf, type ListKind, type ListView } from './list-view.js';
import type { Toast } from './status.js';
import { groupIdOf, pageIdOf, titleOfGroup } from './items.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';
import { detailPatch, prefetchPosition, rowAfterChange } from './view-math.js';
import type { VisibleList } from './visible-list.js';

export type { AppSnapshot, AppStoreOptions, Overlay } from './store-types.js';

const TOAST_MS = 5000;
const BULK_FRAME_MS = 100;
const STATUS_KEYS: Partial<Record<Command, StatusFilter | null>> = {
  statusDraft: 'draft',
  statusPublished: 'published',
  statusArchived: 'archived',
  statusAll: null,
};

/**
 * The app's state outside React: which list is shown, the selection in each list, filters,
 * overlays and toasts. Screens read it through `useSyncExternalStore` and send it commands; they
 * never fetch. Several keys in one read arrive as several calls, applied in order.
 */
export class AppStore {
  private readonly client: AppStoreOptions['client'];
  private readonly pageSize: number;
  private readonly now: () => number;
  private readonly onKey?: (key: string) => void;
  private readonly onKeyWorked?: (key: string) => Promise<string>;
  private readonly clipboard?: Clipboard;
  private readonly exportFlow: ExportFlow;
  /** A typed key not yet proven by a successful request, and the page count when it was typed. */
  private untriedKey: { key: string; pagesFetched: number } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly groups: ListView;
  private readonly pageLists = new Map<string, ListView>();
  private active: ListView;
  private unwatch: () => void = () => {};
  private snapshot: AppSnapshot;
  private seenWarnings = 0;
  private disposed = false;
  /** Where a move past the loaded end wants to land (Infinity for `G`), until the rows arrive. */
  private pending: number | undefined;
  /** After `r`: the id to select again, and how many items may be loaded looking for it. */
  private refreshTarget: { id: string; limit: number; row: number } | undefined;

  constructor(options: AppStoreOptions) {
    this.client = options.client;
    this.pageSize = options.pageSize ?? 100;
    this.now = options.now ?? Date.now;
    this.onKey = options.onKey;
    this.onKeyWorked = options.onKeyWorked;
    this.clipboard = options.clipboard;
    this.exportFlow = new ExportFlow(options.exporter, {
      getInput: () => this.snapshot.input,
      setInput: (input) => this.setInput(input),
      toast: (toast) => this.toast(toast),
    });
    const pager = options.groupsPager ?? this.newPager('groups');
    this.groups = newListView('groups', pager);
    this.active = this.groups;
    this.snapshot = {
      version: 0,
      columns: options.columns,
      rows: options.rows,
      route: 'groups',
      list: this.groups,
      pager: pager.getSnapshot(),
      visible: this.groups.deriver.derive(pager.getSnapshot().items, specOf(this.groups)),
      windowRows: listRows(options.rows),
      overlay: options.needsKey ? 'login' : null,
      input: null,
      detailScroll: 0,
      following: false,
      loadingAll: false,
      quitting: false,
      toast: options.notice ? { tone: 'warning', text: options.notice, until: this.now() + TOAST_MS * 2 } : undefined,
    };
    this.watch(this.groups);
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
    this.move(this.active.selected);
  }

  /** Applies one command from the key map. Several keys in one read arrive as several calls. */
  command(command: Command): void {
    const { overlay, input } = this.snapshot;
    if (command === 'quit') return this.update({ quitting: true });
    if (overlay === 'login') return;
    if (input) return this.inputCommand(command, input);
    if (overlay === 'help') {
      if (command === 'help' || command === 'back') this.update({ overlay: null });
      return;
    }
    if (overlay === 'detail') return this.detailCommand(command);
    this.listCommand(command);
  }

  /** Text typed into the open input (the filter query, or the export path). */
  setInputText(value: string): void {
    const input = this.snapshot.input;
    if (!input) return;
    const typed = applyTyped(value);
    if (input.kind === 'filter') {
      if (typed.text !== this.active.query) {
        this.active.query = typed.text;
        this.rederive();
      }
    } else if (input.stage === 'path' && typed.text !== input.text) {
      this.setInput({ ...input, text: typed.text });
    }
    // Return typed together with text: submit after every handler of this key has run.
    if (typed.submit) queueMicrotask(() => this.submitInput());
  }

  /** Enter in the open input: keep the filter, or write the export. */
  submitInput(): void {
    const input = this.snapshot.input;
    if (!input) return;
    if (input.kind === 'filter') this.setInput(null);
    else this.exportFlow.submit(this.snapshot.visible.items, this.active.kind);
  }

  /** The answer to "overwrite? y/N" while the export prompt asks it. */
  answerOverwrite(yes: boolean): void {
    this.exportFlow.answer(yes, this.snapshot.visible.items, this.active.kind);
  }

  /** Tab while filtering: load the rest of the list (Esc stops). */
  loadAll(): void {
    const view = this.active;
    const visible = this.snapshot.visible;
    if (!visible.filtered) return;
    const pager = view.pager.getSnapshot();
    if (!pager.hasMore || pager.state === 'error') return;
    this.update({ loadingAll: true });
    view.pager.ensure(Number.POSITIVE_INFINITY);
  }

  /** A key typed into the login form: use it and retry whatever failed. */
  submitKey(key: string): void {
    this.onKey?.(key);
    this.untriedKey = { key, pagesFetched: this.active.pager.getSnapshot().pagesFetched };
    this.update({ overlay: null });
    for (const view of [this.groups, this.active]) {
      const snap = view.pager.getSnapshot();
      if (snap.state === 'error') view.pager.retry();
    }
    this.prefetch();
  }

  /** Draws the whole frame again (after the terminal was handed back from a suspend). */
  redraw(): void {
    this.update({});
  }

  closeLogin(): void {
    if (this.snapshot.overlay === 'login') this.update({ overlay: null });
  }

  toast(toast: Omit<Toast, 'until'>): void {
    if (this.disposed) return;
    this.update({ toast: { ...toast, until: this.now() + TOAST_MS } });
  }

  /** Starts the first fetch of the visible list. */
  start(): void {
    this.prefetch();
  }

  dispose(): void {
    this.disposed = true;
    this.unwatch();
    this.groups.pager.dispose();
    for (const view of this.pageLists.values()) view.pager.dispose();
    this.listeners.clear();
  }

  private inputCommand(command: Command, input: InputBar): void {
    if (command === 'back') return this.escape();
    if (command === 'open') return this.submitInput();
    if (input.kind !== 'filter') return;
    // Only keys the text field does not use reach here (arrows, PgUp/PgDn): they move the selection.
    if (command === 'moveDown' || command === 'moveUp' || command === 'pageDown' || command === 'pageUp') this.listCommand(command);
  }

  private listCommand(command: Command): void {
    const rows = this.snapshot.windowRows;
    // Relative moves count from where earlier keys are about to land (rows still loading).
    const at = this.pending !== undefined && Number.isFinite(this.pending) ? this.pending : this.active.selected;
    switch (command) {
      case 'moveDown': return this.move(at + 1);
      case 'moveUp': return this.move(at - 1);
      case 'pageDown': return this.move(at + rows);
      case 'pageUp': return this.move(at - rows);
      case 'halfPageDown': return this.move(at + Math.max(1, Math.floor(rows / 2)));
      case 'halfPageUp': return this.move(at - Math.max(1, Math.floor(rows / 2)));
      case 'top': return this.move(0);
      case 'bottom': return this.goToEnd();
      case 'open': return this.open();
      case 'details': return this.openDetail();
      case 'back': return this.escape();
      case 'refresh': return this.refresh();
      case 'help': return this.update({ overlay: 'help' });
      case 'login': return this.update({ overlay: 'login' });
      case 'filter': return this.setInput({ kind: 'filter' });
      case 'sort': return this.cycleSort();
      case 'copyId': return this.copy('id');
      case 'copyJson': return this.copy('json');
      case 'export': return this.exportFlow.open(this.snapshot.visible, this.active.kind, this.active.groupId);
      default: {
        const status = STATUS_KEYS[command];
        if (status !== undefined) this.setStatusFilter(status);
        return;
      }
    }
  }

  private detailCommand(command: Command): void {
    if (command === 'copyId' || command === 'copyJson') return this.copy(command === 'copyId' ? 'id' : 'json');
    const patch = detailPatch(command, this.snapshot.detailScroll, detailRows(this.snapshot.rows));
    if (patch) this.update(patch);
  }

  /** Esc: stop a running load first, then close the input, then clear the filter, then go back. */
  private escape(): void {
    if (this.snapshot.following) return this.stopFollowing();
    if (this.snapshot.loadingAll) {
      this.active.pager.cancelEnsure();
      return this.update({ loadingAll: false });
    }
    const input = this.snapshot.input;
    if (input?.kind === 'filter') {
      this.clearQuery();
      return this.setInput(null);
    }
    if (input) return this.exportFlow.cancel();
    if (this.active.query !== '') return this.clearQuery();
    if (this.active.kind === 'pages') this.show(this.groups);
  }

  private clearQuery(): void {
    this.active.query = '';
    this.rederive();
  }

  private move(index: number): void {
    const visible = this.snapshot.visible;
    const snap = this.active.pager.getSnapshot();
    const last = visible.items.length - 1;
    // A move past the loaded end (a held key, a paste) lands once the rows arrive. In a filtered
    // or sorted view it stops at the last row instead: which rows arrive is not known.
    const canWait = visible.indices === undefined || index === Number.POSITIVE_INFINITY;
    this.pending = index > last && canWait && snap.hasMore && snap.state !== 'error' ? index : undefined;
    const before = [this.active.selected, this.active.top];
    placeSelection(this.active, index, visible.items.length, this.snapshot.windowRows);
    this.prefetch();
    const following = this.pending === Number.POSITIVE_INFINITY;
    if (following !== this.snapshot.following) this.update({ following });
    else if (before[0] !== this.active.selected || before[1] !== this.active.top) this.update({});
  }

  /**
   * Keeps at least one screen of rows loaded beyond the window, so scrolling never waits. The
   * position counts in loaded items, not in filtered rows: a filtered window whose last row is
   * near the loaded end fetches on; one whose matches are far from it does not.
   */
  private prefetch(): void {
    if (this.snapshot.overlay === 'login' || this.disposed) return;
    const view = this.active;
    if (this.pending === Number.POSITIVE_INFINITY || this.snapshot.loadingAll) {
      view.pager.ensure(Number.POSITIVE_INFINITY);
      return;
    }
    const rows = this.snapshot.windowRows;
    let position = prefetchPosition(view, this.snapshot.visible, rows, this.pending);
    if (this.refreshTarget) position = Math.max(position, view.pager.getSnapshot().items.length + 1);
    view.pager.ensure(position + rows);
  }

  private goToEnd(): void {
    const snap = this.active.pager.getSnapshot();
    this.move(snap.hasMore && snap.state !== 'error' ? Number.POSITIVE_INFINITY : this.snapshot.visible.items.length - 1);
  }

  private open(): void {
    if (this.active.kind === 'pages') return this.openDetail();
    const group = this.selectedItem();
    if (!group) return;
    const groupId = groupIdOf(group);
    let view = this.pageLists.get(groupId);
    if (!view) {
      view = newListView('pages', this.newPager('pages', groupId), { id: groupId, title: titleOfGroup(group) });
      this.pageLists.set(groupId, view);
    }
    this.show(view);
  }

  private openDetail(): void {
    if (this.selectedItem()) this.update({ overlay: 'detail', detailScroll: 0 });
  }

  private stopFollowing(): void {
    this.active.pager.cancelEnsure();
    this.pending = undefined;
    this.update({ following: false });
  }

  private setStatusFilter(status: StatusFilter | null): void {
    const view = this.active;
    if (view.kind !== 'groups') {
      return this.toast({ tone: 'info', text: 'Status filters (1 2 3, 0 for all) apply to the page group list.' });
    }
    const next = status === null || view.status === status ? undefined : status;
    if (next === view.status) return;
    view.status = next;
    this.rederive();
  }

  private cycleSort(): void {
    const view = this.active;
    view.sort = SORT_CYCLE[(SORT_CYCLE.indexOf(view.sort) + 1) % SORT_CYCLE.length] ?? 'server';
    this.rederive();
  }

  private copy(format: CopyFormat): void {
    const item = this.selectedItem();
    if (!item) return this.toast({ tone: 'info', text: 'Nothing selected to copy.' });
    if (!this.clipboard) return this.toast({ tone: 'warning', text: 'Copying is not available here.' });
    void copyText(this.clipboard, item, this.active.kind, format).then((toast) => this.toast(toast));
  }

  /** `r`: retry a failed fetch; otherwise reload the list and find the selected item again. */
  private refresh(): void {
    const view = this.active;
    const before = view.pager.getSnapshot();
    if (before.state === 'error') {
      view.pager.retry();
      return;
    }
    const selected = this.selectedItem();
    const id = selected ? (view.kind === 'groups' ? groupIdOf(selected) : pageIdOf(selected)) : '';
    this.refreshTarget = id === '' ? undefined : { id, limit: Math.max(before.items.length, 1), row: view.selected };
    view.pager.dispose();
    view.pager = this.newPager(view.kind, view.groupId);
    view.deriver.reset();
    view.selected = 0;
    view.top = 0;
    this.show(view);
  }

  /** While refreshing: select the remembered id once it is loaded, or give up at the old count. */
  private resolveRefresh(view: ListView, pager: PagerSnapshot, visible: VisibleList): void {
    const target = this.refreshTarget;
    if (!target) return;
    const idOf = view.kind === 'groups' ? groupIdOf : pageIdOf;
    const at = pager.items.findIndex((raw) => idOf(raw) === target.id);
    const row = at < 0 ? -1 : visible.indices ? visible.indices.indexOf(at) : at;
    const finished = !pager.hasMore || pager.state === 'error' || pager.items.length >= target.limit;
    if (row >= 0 || finished) {
      this.refreshTarget = undefined;
      placeSelection(view, row >= 0 ? row : target.row, visible.items.length, this.snapshot.windowRows);
    }
  }

  private show(view: ListView): void {
    // Leaving a list cancels its request (nothing is lost: it resumes from the same cursor).
    if (view !== this.active) this.active.pager.pause();
    else if (this.snapshot.following || this.snapshot.loadingAll) this.active.pager.cancelEnsure();
    if (view !== this.active) this.refreshTarget = undefined;
    this.pending = undefined;
    this.active = view;
    this.watch(view);
    const pager = view.pager.getSnapshot();
    const input = this.snapshot.input?.kind === 'filter' ? this.snapshot.input : null;
    this.update({
      route: view.kind,
      list: view,
      following: false,
      loadingAll: false,
      input,
      windowRows: this.windowRows(this.snapshot.rows, input),
      pager,
      visible: view.deriver.derive(pager.items, specOf(view)),
    });
    this.prefetch();
  }

  private watch(view: ListView): void {
    this.unwatch();
    this.seenWarnings = view.pager.getSnapshot().warnings.length;
    // While `G` or Tab loads everything, pages arrive back to back: draw at most every 100 ms
    // (the progress stays live, and 1,000 pages cost a few dozen frames instead of two thousand).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = view.pager.subscribe(() => {
      const bulk = this.pending === Number.POSITIVE_INFINITY || this.snapshot.loadingAll;
      if (!bulk) {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        this.onPagerChange(view);
      } else if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          if (!this.disposed) this.onPagerChange(view);
        }, BULK_FRAME_MS);
      }
    });
    this.unwatch = () => {
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe();
    };
  }

  private onPagerChange(view: ListView): void {
    if (view !== this.active) return;
    const pager = view.pager.getSnapshot();
    const previous = this.snapshot.visible;
    view.deriver.prepare(pager.items);
    const visible = view.deriver.derive(pager.items, specOf(view));
    const patch: { -readonly [K in keyof AppSnapshot]?: AppSnapshot[K] } = { pager, visible };
    if (this.untriedKey && pager.pagesFetched > this.untriedKey.pagesFetched) this.keyWorked(this.untriedKey.key);
    if (pager.warnings.length > this.seenWarnings) {
      this.seenWarnings = pager.warnings.length;
      patch.toast = { tone: 'warning', text: pager.warnings[pager.warnings.length - 1] ?? '', until: this.now() + TOAST_MS };
    }
    const rows = this.snapshot.windowRows;
    if (this.refreshTarget) {
      this.resolveRefresh(view, pager, visible);
    } else if (this.pending !== undefined) {
      placeSelection(view, this.pending, visible.items.length, rows);
      if (view.selected === this.pending || !pager.hasMore || pager.state === 'error') {
        this.pending = undefined;
        patch.following = false;
      }
    } else {
      placeSelection(view, rowAfterChange(previous, visible, view.selected), visible.items.length, rows);
    }
    if (this.snapshot.loadingAll && (!pager.hasMore || pager.state === 'error')) patch.loadingAll = false;
    this.update(patch);
    if (pager.state === 'idle') this.prefetch();
  }

  /** Recomputes the visible rows after the filter or order changed, keeping the selected item. */
  private rederive(): void {
    const view = this.active;
    const previous = this.snapshot.visible;
    const visible = view.deriver.derive(view.pager.getSnapshot().items, specOf(view));
    if (visible === previous) return;
    this.pending = undefined;
    placeSelection(view, rowAfterChange(previous, visible, view.selected), visible.items.length, this.snapshot.windowRows);
    this.update({ visible, following: false });
    this.prefetch();
  }

  private setInput(input: InputBar | null): void {
    const windowRows = this.windowRows(this.snapshot.rows, input);
    placeSelection(this.active, this.active.selected, this.snapshot.visible.items.length, windowRows);
    this.update({ input, windowRows });
  }

  private windowRows(rows: number, input: InputBar | null): number {
    return Math.max(1, listRows(rows) - (input ? 1 : 0));
  }

  private keyWorked(key: string): void {
    this.untriedKey = undefined;
    if (!this.onKeyWorked) return;
    this.onKeyWorked(key).then(
      (text) => this.toast({ tone: 'success', text }),
      () => this.toast({ tone: 'warning', text: 'The key works but could not be saved; it is kept for this session.' }),
    );
  }

  private newPager(kind: ListKind, groupId?: string): Pager {
    const limit = this.pageSize;
    if (kind === 'groups') {
      return new Pager((cursor, signal) => this.client.listPageGroups({ cursor, limit, signal }), { idOf: groupIdOf });
    }
    const id = groupId ?? '';
    return new Pager((cursor, signal) => this.client.listPages(id, { cursor, limit, signal }), { idOf: pageIdOf });
  }

  private update(patch: Partial<AppSnapshot>): void {
    if (this.disposed) return;
    this.snapshot = { ...this.snapshot, ...patch, version: this.snapshot.version + 1 };
    for (const listener of this.listeners) listener();
  }
}
