import type { ApiClient } from '../../api/client.js';
import { Pager } from '../../api/pager.js';
import type { PagerSnapshot, RawItem } from '../../api/types.js';
import type { Command } from '../keys/bindings.js';
import { detailRows, listRows } from './layout.js';
import { placeSelection, type ListKind, type ListView } from './list-view.js';
import type { Toast } from './status.js';
import { groupIdOf, pageIdOf, titleOfGroup } from './items.js';

export type Overlay = 'help' | 'detail' | 'login' | null;

/** Everything a frame is drawn from. A new object whenever something visible changes. */
export interface AppSnapshot {
  readonly version: number;
  readonly columns: number;
  readonly rows: number;
  readonly route: ListKind;
  readonly list: ListView;
  readonly pager: PagerSnapshot;
  readonly overlay: Overlay;
  readonly detailScroll: number;
  /** `G` is loading the rest of the list and the selection follows the end. */
  readonly following: boolean;
  readonly toast?: Toast;
  readonly quitting: boolean;
}

export interface AppStoreOptions {
  readonly client: Pick<ApiClient, 'listPageGroups' | 'listPages'>;
  /** Items per request; the app asks for 100 (fewest round trips, kindest to the rate limit). */
  readonly pageSize?: number;
  /** A group-list pager already started before the UI loaded (faster first frame). */
  readonly groupsPager?: Pager;
  readonly columns: number;
  readonly rows: number;
  /** True when no API key is known yet: the login form opens at once. */
  readonly needsKey?: boolean;
  /** Called with a key typed into the login form. */
  readonly onKey?: (key: string) => void;
  /** Called once a request has succeeded with a typed key (to save it); resolves with what to say. */
  readonly onKeyWorked?: (key: string) => Promise<string>;
  /** Said in the status bar at start (e.g. a config file that could not be read). */
  readonly notice?: string;
  readonly now?: () => number;
}

const TOAST_MS = 5000;

/**
 * The app's state outside React: which list is shown, the selection in each list, overlays and
 * toasts. Screens read it through `useSyncExternalStore` and send it commands; they never fetch.
 */
export class AppStore {
  private readonly client: AppStoreOptions['client'];
  private readonly pageSize: number;
  private readonly now: () => number;
  private readonly onKey?: (key: string) => void;
  private readonly onKeyWorked?: (key: string) => Promise<string>;
  /** A typed key not yet proven by a successful request, and the page count when it was typed. */
  private untriedKey: { key: string; pagesFetched: number } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly groups: ListView;
  private readonly pageLists = new Map<string, ListView>();
  private active: ListView;
  private unwatch: () => void = () => {};
  private snapshot: AppSnapshot;
  private seenWarnings = 0;
  /** Where a move past the loaded end wants to land (Infinity for `G`), until the rows arrive. */
  private pending: number | undefined;

  constructor(options: AppStoreOptions) {
    this.client = options.client;
    this.pageSize = options.pageSize ?? 100;
    this.now = options.now ?? Date.now;
    this.onKey = options.onKey;
    this.onKeyWorked = options.onKeyWorked;
    const pager = options.groupsPager ?? this.newPager('groups');
    this.groups = { kind: 'groups', pager, selected: 0, top: 0 };
    this.active = this.groups;
    this.snapshot = {
      version: 0,
      columns: options.columns,
      rows: options.rows,
      route: 'groups',
      list: this.groups,
      pager: pager.getSnapshot(),
      overlay: options.needsKey ? 'login' : null,
      detailScroll: 0,
      following: false,
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

  /** The selected item of the visible list, if any. */
  selectedItem(): RawItem | undefined {
    return this.snapshot.pager.items[this.active.selected];
  }

  setTerminalSize(columns: number, rows: number): void {
    if (columns === this.snapshot.columns && rows === this.snapshot.rows) return;
    this.update({ columns, rows });
    this.move(this.active.selected);
  }

  /** Applies one command from the key map. Several keys in one read arrive as several calls. */
  command(command: Command): void {
    const { overlay } = this.snapshot;
    if (command === 'quit') return this.update({ quitting: true });
    if (overlay === 'login') return;
    if (overlay === 'help') {
      if (command === 'help' || command === 'back') this.update({ overlay: null });
      return;
    }
    if (overlay === 'detail') return this.detailCommand(command);
    this.listCommand(command);
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
    this.update({ toast: { ...toast, until: this.now() + TOAST_MS } });
  }

  /** Starts the first fetch of the visible list. */
  start(): void {
    this.prefetch();
  }

  dispose(): void {
    this.unwatch();
    this.groups.pager.dispose();
    for (const view of this.pageLists.values()) view.pager.dispose();
    this.listeners.clear();
  }

  private listCommand(command: Command): void {
    const rows = listRows(this.snapshot.rows);
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
      case 'back': return this.back();
      case 'refresh': return this.refresh();
      case 'help': return this.update({ overlay: 'help' });
      case 'login': return this.update({ overlay: 'login' });
      default: return;
    }
  }

  private detailCommand(command: Command): void {
    const page = detailRows(this.snapshot.rows);
    const scroll = this.snapshot.detailScroll;
    switch (command) {
      case 'moveDown': return this.update({ detailScroll: scroll + 1 });
      case 'moveUp': return this.update({ detailScroll: Math.max(0, scroll - 1) });
      case 'pageDown':
      case 'halfPageDown': return this.update({ detailScroll: scroll + page });
      case 'pageUp':
      case 'halfPageUp': return this.update({ detailScroll: Math.max(0, scroll - page) });
      case 'top': return this.update({ detailScroll: 0 });
      case 'back':
      case 'details':
      case 'open': return this.update({ overlay: null, detailScroll: 0 });
      case 'help': return this.update({ overlay: 'help' });
      default: return;
    }
  }

  private move(index: number): void {
    const snap = this.active.pager.getSnapshot();
    const last = snap.items.length - 1;
    // A move past the loaded end (a held key, a paste) lands once the rows arrive.
    this.pending = index > last && snap.hasMore && snap.state !== 'error' ? index : undefined;
    const before = [this.active.selected, this.active.top];
    placeSelection(this.active, index, snap.items.length, listRows(this.snapshot.rows));
    this.prefetch();
    const following = this.pending === Number.POSITIVE_INFINITY;
    if (following !== this.snapshot.following) this.update({ following });
    else if (before[0] !== this.active.selected || before[1] !== this.active.top) this.update({});
  }

  /** Keeps at least one screen of rows loaded beyond the window, so scrolling never waits. */
  private prefetch(): void {
    if (this.snapshot.overlay === 'login') return;
    if (this.pending === Number.POSITIVE_INFINITY) {
      this.active.pager.ensure(Number.POSITIVE_INFINITY);
      return;
    }
    const rows = listRows(this.snapshot.rows);
    const wanted = Math.max(this.active.top + rows, this.active.selected + 1, (this.pending ?? 0) + 1) + rows;
    this.active.pager.ensure(wanted);
  }

  private goToEnd(): void {
    const snap = this.active.pager.getSnapshot();
    this.move(snap.hasMore && snap.state !== 'error' ? Number.POSITIVE_INFINITY : snap.items.length - 1);
  }

  private open(): void {
    if (this.active.kind === 'pages') return this.openDetail();
    const group = this.selectedItem();
    if (!group) return;
    const groupId = groupIdOf(group);
    let view = this.pageLists.get(groupId);
    if (!view) {
      view = { kind: 'pages', pager: this.newPager('pages', groupId), groupId, title: titleOfGroup(group), selected: 0, top: 0 };
      this.pageLists.set(groupId, view);
    }
    this.show(view);
  }

  private openDetail(): void {
    if (this.selectedItem()) this.update({ overlay: 'detail', detailScroll: 0 });
  }

  private back(): void {
    if (this.snapshot.following) return this.stopFollowing();
    if (this.active.kind === 'pages') this.show(this.groups);
  }

  private stopFollowing(): void {
    this.active.pager.cancelEnsure();
    this.pending = undefined;
    this.update({ following: false });
  }

  private refresh(): void {
    const view = this.active;
    if (view.pager.getSnapshot().state === 'error') {
      view.pager.retry();
      return;
    }
    view.pager.dispose();
    const fresh: ListView = { ...view, pager: this.newPager(view.kind, view.groupId), selected: 0, top: 0 };
    if (view.kind === 'groups') Object.assign(this.groups, { pager: fresh.pager, selected: 0, top: 0 });
    else if (view.groupId !== undefined) this.pageLists.set(view.groupId, fresh);
    this.show(view.kind === 'groups' ? this.groups : fresh);
  }

  private show(view: ListView): void {
    if (this.snapshot.following) this.active.pager.cancelEnsure();
    this.pending = undefined;
    this.active = view;
    this.watch(view);
    this.update({ route: view.kind, list: view, following: false, pager: view.pager.getSnapshot() });
    this.prefetch();
  }

  private watch(view: ListView): void {
    this.unwatch();
    this.seenWarnings = view.pager.getSnapshot().warnings.length;
    this.unwatch = view.pager.subscribe(() => this.onPagerChange(view));
  }

  private onPagerChange(view: ListView): void {
    if (view !== this.active) return;
    const pager = view.pager.getSnapshot();
    const patch: { pager: PagerSnapshot; following?: boolean; toast?: Toast } = { pager };
    if (this.untriedKey && pager.pagesFetched > this.untriedKey.pagesFetched) this.keyWorked(this.untriedKey.key);
    if (pager.warnings.length > this.seenWarnings) {
      this.seenWarnings = pager.warnings.length;
      patch.toast = { tone: 'warning', text: pager.warnings[pager.warnings.length - 1] ?? '', until: this.now() + TOAST_MS };
    }
    if (this.pending !== undefined) {
      placeSelection(view, this.pending, pager.items.length, listRows(this.snapshot.rows));
      if (view.selected === this.pending || !pager.hasMore || pager.state === 'error') {
        this.pending = undefined;
        patch.following = false;
      }
    } else if (this.snapshot.pager.items.length === 0) {
      placeSelection(view, view.selected, pager.items.length, listRows(this.snapshot.rows));
    }
    this.update(patch);
    if (pager.state === 'idle') this.prefetch();
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
    this.snapshot = { ...this.snapshot, ...patch, version: this.snapshot.version + 1 };
    for (const listener of this.listeners) listener();
  }
}
