import type { ExchangeLog } from '../../api/inspector/exchange-log.js';
import type { RawItem } from '../../api/types.js';
import type { Command } from '../keys/bindings.js';
import type { HistoryName } from '../services/history.js';
import { routeCommand, type CommandActions } from './command-routing.js';
import { copySelected } from './details/copy-action.js';
import { detailTextWidth } from './details/detail-lines.js';
import { copyField } from './details/field-copy.js';
import { windowRows } from './layout.js';
import { groupIdOf, titleOfGroup } from './list/items.js';
import { watchQuota } from './quota-status.js';
import type { StoreContext, ToastRequest } from './store-context.js';
import { StoreCore } from './store-core.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';

export type { AppSnapshot, AppStoreOptions, Overlay } from './store-types.js';

/**
 * The app's state outside React: which list is shown, the selection in each list, filters,
 * overlays and toasts. Screens read it through `useSyncExternalStore` and send it commands; they
 * never fetch. Several keys in one read arrive as several calls, applied in order. The state and
 * the flows that change it are the StoreContext (store-core.ts); this is what the screens call.
 */
export class AppStore {
  private readonly ctx: StoreCore;
  private readonly actions: CommandActions;
  private readonly unwatchQuota: () => void;
  /** What the HTTP inspector lists (when the app was given one). */
  readonly exchangeLog: ExchangeLog | undefined;

  constructor(options: AppStoreOptions) {
    const ctx = new StoreCore(options);
    this.ctx = ctx;
    this.actions = commandActions(ctx);
    this.exchangeLog = options.inspector?.log;
    ctx.lists.watch(ctx.lists.groups);
    const inBulk = () => ctx.snapshot().loadingAll || ctx.snapshot().following;
    this.unwatchQuota = watchQuota(options.client.quota, (quota) => ctx.update({ quota }), inBulk);
    if (options.watchSeconds !== undefined) ctx.watchFlow.start(options.watchSeconds);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.ctx.listeners.add(listener);
    return () => this.ctx.listeners.delete(listener);
  };

  readonly getSnapshot = (): AppSnapshot => this.ctx.snapshot();

  /** The selected row of the visible list, if any. */
  selectedItem(): RawItem | undefined {
    return this.ctx.selectedItem();
  }

  /** A key came (any key, also one a text field takes). */
  noteKey(): void {
    this.ctx.noteKey();
  }

  setTerminalSize(columns: number, rows: number): void {
    const snapshot = this.ctx.snapshot();
    if (columns === snapshot.columns && rows === snapshot.rows) return;
    this.ctx.update({ columns, rows, windowRows: windowRows(rows, snapshot.input) });
    this.ctx.navigator.move(this.ctx.view().selected);
  }

  /** Selects row `index` of the visible list (a mouse click). */
  selectRow(index: number): void {
    this.ctx.navigator.move(index);
  }

  /** Applies one command from the key map. Several keys in one read arrive as several calls. */
  command(command: Command): void {
    // An error toast has been read once the user acts again.
    if (this.ctx.snapshot().toast?.tone === 'error') this.ctx.update({ toast: undefined });
    if (this.ctx.inspector.command(command)) return;
    routeCommand(command, this.actions);
  }

  /** Text typed into the open input (the filter query, or the export path). */
  setInputText(value: string): void {
    this.ctx.inputFlow.setText(value);
  }

  /**
   * Enter in the open input: keep the filter, or write the export. Both the key router and the
   * field may report the same Enter; the second call finds the input closed or already writing.
   */
  submitInput(): void {
    this.ctx.inputFlow.submit();
  }

  /** The remembered entries of a prompt, oldest first. */
  historyOf(name: HistoryName): readonly string[] {
    return this.ctx.history.entries(name);
  }

  /** The answer to "overwrite? y/N" while the export prompt asks it. */
  answerOverwrite(yes: boolean): void {
    this.ctx.exportFlow.answer(yes, this.ctx.snapshot().visible.items, this.ctx.view().kind);
  }

  /** Tab while filtering: load the rest of the list (Esc stops). */
  loadAll(): void {
    this.ctx.navigator.loadAll();
  }

  /** A key typed into the login form: checked first when a checker is given. */
  submitApiKey(key: string): void {
    this.ctx.login.submit(key);
  }

  /** Draws the whole frame again (after the terminal was handed back from a suspend). */
  redraw(): void {
    this.ctx.update({});
  }

  closeLogin(): void {
    if (this.ctx.snapshot().overlay === 'login') this.ctx.update({ overlay: null });
  }

  toast(toast: ToastRequest): void {
    this.ctx.toast(toast);
  }

  /** Starts the first fetch of the visible list. */
  start(): void {
    this.ctx.navigator.prefetch();
    this.ctx.jumpFlow.startPending();
  }

  dispose(): void {
    const { ctx } = this;
    ctx.markDisposed();
    ctx.jumpFlow.dispose();
    ctx.inspector.close();
    ctx.lists.stopWatching();
    this.unwatchQuota();
    ctx.watchFlow.dispose();
    ctx.watchReads.cancel();
    ctx.refreshFlow.forget();
    ctx.lists.disposePagers();
    ctx.listeners.clear();
  }
}

/** What each command the router (command-routing.ts) picks does to the store. */
function commandActions(ctx: StoreContext): CommandActions {
  const { navigator, filters, inputFlow, lists } = ctx;
  /** Esc: stop a running load first, then close the input, then clear the filter, then go back. */
  const escape = (): void => {
    const snapshot = ctx.snapshot();
    if (snapshot.following || snapshot.loadingAll) {
      ctx.jumpFlow.stop();
      return navigator.stopLoading();
    }
    if (inputFlow.escape()) return;
    if (ctx.view().query !== '') return filters.clearQuery();
    if (ctx.view().kind === 'pages') lists.show(lists.groups);
  };
  const openDetail = (): void => {
    if (ctx.selectedItem()) ctx.update({ overlay: 'detail', detailScroll: 0, detailField: 0 });
  };
  /** Enter: a group's pages, or a page's details. */
  const open = (): void => {
    if (ctx.view().kind === 'pages') return openDetail();
    const group = ctx.selectedItem();
    if (group) lists.showGroup(groupIdOf(group), titleOfGroup(group));
  };
  const { clipboard, selectionMarker } = ctx.options;
  return {
    snapshot: () => ctx.snapshot(),
    update: (patch) => ctx.update(patch),
    moveCommand: (command) => navigator.moveCommand(command),
    escape,
    submitInput: () => inputFlow.submit(),
    open,
    openDetail,
    refresh: () => ctx.refreshFlow.start(),
    toggleWatch: () => ctx.watchFlow.toggle(),
    openFilter: () => inputFlow.set({ kind: 'filter' }),
    openExport: () => ctx.exportFlow.open(ctx.snapshot().visible, ctx.view().kind, ctx.view().groupId),
    cycleSort: () => filters.cycleSort(),
    reverseSort: () => filters.reverseSort(),
    stepMatch: (direction) => filters.stepMatch(direction),
    openJump: () => inputFlow.set({ kind: 'jump', text: '' }),
    setStatusFilter: (status) => filters.setStatus(status),
    copy: (format) => copySelected(clipboard, ctx.selectedItem(), ctx.view().kind, format, (m) => ctx.toast(m)),
    copyField: () => copyField(clipboard, ctx.selectedItem(), ctx.snapshot().detailField, (m) => ctx.toast(m)),
    detailWidth: () => detailTextWidth(ctx.snapshot().columns, selectionMarker ?? ''),
  };
}
