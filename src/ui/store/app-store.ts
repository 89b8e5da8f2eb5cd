import type { ExchangeLog } from '../../api/inspector/exchange-log.js';
import type { RawItem } from '../../api/types.js';
import type { Command } from '../keys/bindings.js';
import type { KeyDestination } from '../login/key-storage.js';
import { focusOf } from '../keys/match.js';
import type { HistoryName } from '../services/history.js';
import { copySelected, type CopyFormat } from './details/copy-action.js';
import { detailTextWidth } from './details/detail-lines.js';
import { copyField } from './details/field-copy.js';
import { windowRows } from './layout.js';
import type { StatusFilter } from './list/item-keys.js';
import { groupIdOf, titleOfGroup } from './list/items.js';
import { errorViewCommand, errorViewTextCached, type ErrorViewActions } from './error-view.js';
import { lastErrorExchange } from './last-error.js';
import { detailCommand, helpCommand } from './overlay-commands.js';
import type { InputBar } from './prompts/input-bar.js';
import { watchQuota } from './quota-status.js';
import type { StoreContext, ToastRequest } from './store-context.js';
import { StoreCore } from './store-core.js';
import { runOwnCommand } from './own-command.js';
import { exportUnderWay } from './esc-as-shown.js';
import { FIRST_TEXT_LINE } from './line-cursor.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';
import { stopFirstWait } from './reload/stop-first-wait.js';

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

  /** The last error in full, one entry a line before wrapping (what `E` shows). */
  errorText(): string[] {
    return this.actions.errorView.errorText();
  }

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
    this.ctx.navigator.relayout();
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
    if (command.startsWith('custom:')) return runOwnCommand(this.ctx, command);
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
    if (this.ctx.snapshot().viewPicker) return this.ctx.views.pick();
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

  /** A key typed into the login form, to go to `where` once it works: checked first when a checker is given. */
  submitApiKey(key: string, where?: KeyDestination): void {
    this.ctx.login.submit(key, where);
  }

  /** Draws the whole frame again (after the terminal was handed back from a suspend). */
  redraw(): void {
    this.ctx.update({});
  }

  /** Esc in the login form. */
  closeLogin(): void {
    this.ctx.login.cancel();
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
    if (!ctx.disposed()) ctx.cachedRows.saveNow();
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

/** What each command the router (routeCommand, above) picks does to the store. */
function commandActions(ctx: StoreContext): CommandActions {
  const { navigator, filters, inputFlow, lists } = ctx;
  /**
   * Esc: stop a running load first (or, esc-as-shown.ts, one the screen the user saw still said Esc
   * stops), then close the input, then clear the filter, then go back.
   */
  const escape = (): void => {
    const snapshot = ctx.snapshot();
    if (snapshot.following || snapshot.loadingAll) {
      ctx.escAsShown.stopped();
      ctx.jumpFlow.stop();
      return navigator.stopLoading();
    }
    if (ctx.refreshFlow.stoppable) {
      ctx.escAsShown.stopped();
      return ctx.refreshFlow.stop();
    }
    if (exportUnderWay(snapshot)) ctx.escAsShown.stopped();
    else if (ctx.escAsShown.swallow()) return;
    if (inputFlow.escape()) return;
    if (ctx.view().query !== '') return filters.clearQuery();
    if (ctx.view().kind === 'pages') lists.show(lists.groups);
    else stopFirstWait(ctx);
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
  const log = ctx.options.inspector?.log;
  const errorView: ErrorViewActions = {
    snapshot: () => ctx.snapshot(),
    update: (patch) => ctx.update(patch),
    errorText: () => {
      const last = ctx.snapshot().lastError;
      return errorViewTextCached(last, last && lastErrorExchange(last, log), log !== undefined, ctx.options.lineCursor === true);
    },
    clipboard,
    say: (message) => ctx.toast(message),
    lineCursor: ctx.options.lineCursor === true,
  };
  return {
    errorView,
    snapshot: () => ctx.snapshot(),
    update: (patch) => ctx.update(patch),
    moveCommand: (command) => navigator.moveCommand(command),
    escape,
    submitInput: () => inputFlow.submit(),
    open,
    openDetail,
    refresh: () => ctx.refreshFlow.start(),
    openLogin: () => ctx.login.open(),
    reloadFromStart: () => ctx.refreshFlow.restart(),
    toggleWatch: () => ctx.watchFlow.toggle(),
    openFilter: () => inputFlow.set({ kind: 'filter' }),
    openExport: () => {
      ctx.filterScan.finish();
      ctx.exportFlow.open(ctx.snapshot().visible, ctx.view().kind, ctx.view().groupId);
    },
    cycleSort: () => filters.cycleSort(),
    reverseSort: () => filters.reverseSort(),
    stepMatch: (direction) => filters.stepMatch(direction),
    openJump: () => inputFlow.set({ kind: 'jump', text: '' }),
    saveView: () => ctx.views.openSave(),
    pickView: () => ctx.views.openPicker(),
    viewPicker: (command) => ctx.views.command(command),
    setStatusFilter: (status) => filters.setStatus(status),
    copy: (format) => copySelected(clipboard, ctx.selectedItem(), ctx.view().kind, format, (m) => ctx.toast(m)),
    copyField: () => copyField(clipboard, ctx.selectedItem(), ctx.snapshot().detailField, (m) => ctx.toast(m)),
    detailWidth: () => detailTextWidth(ctx.snapshot().columns, selectionMarker ?? ''),
    lineCursor: ctx.options.lineCursor === true,
  };
}

/** The store's actions; the router only decides which one a command means. */
interface CommandActions {
  /** What `E`'s overlay does. */
  readonly errorView: ErrorViewActions;
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  /** Applies a movement command; false when the command is not one. */
  moveCommand(command: Command): boolean;
  escape(): void;
  submitInput(): void;
  open(): void;
  openDetail(): void;
  refresh(): void;
  openLogin(): void;
  /** `R`: a new listing from the first page (past a cursor the server refuses). */
  reloadFromStart(): void;
  toggleWatch(): void;
  openFilter(): void;
  openExport(): void;
  cycleSort(): void;
  reverseSort(): void;
  /** `n` (1) / `N` (-1): the next or previous row matching the filter query. */
  stepMatch(direction: 1 | -1): void;
  openJump(): void;
  saveView(): void;
  pickView(): void;
  viewPicker(command: Command): void;
  setStatusFilter(status: StatusFilter | null): void;
  copy(format: CopyFormat): void;
  /** `y` in the details: the selected field's value. */
  copyField(): void;
  /** The columns the detail text wraps to (the view's width less any marker gutter). */
  detailWidth(): number;
  readonly lineCursor: boolean;
}

type ListHandler = (actions: CommandActions) => void;

/**
 * The list's commands, each with its handler (moves go to `moveCommand`). Their keys are in the
 * key table (keys/bindings.ts, context `list`), the one source of help and footers; a test checks
 * that the table and this map name the same commands.
 */
export const LIST_COMMANDS = {
  open: (a) => a.open(),
  details: (a) => a.openDetail(),
  back: (a) => a.escape(),
  refresh: (a) => a.refresh(),
  reloadFromStart: (a) => a.reloadFromStart(),
  watch: (a) => a.toggleWatch(),
  help: (a) => a.update({ overlay: 'help', helpScroll: 0, helpLine: a.lineCursor ? FIRST_TEXT_LINE : 0, helpFromDetail: false }),
  showError: (a) => a.update({ overlay: 'error', errorScroll: 0, errorLine: a.lineCursor ? FIRST_TEXT_LINE : 0 }),
  login: (a) => a.openLogin(),
  filter: (a) => a.openFilter(),
  sort: (a) => a.cycleSort(),
  copyId: (a) => a.copy('id'),
  copyJson: (a) => a.copy('json'),
  export: (a) => a.openExport(),
  reverseSort: (a) => a.reverseSort(),
  nextMatch: (a) => a.stepMatch(1),
  prevMatch: (a) => a.stepMatch(-1),
  jump: (a) => a.openJump(),
  saveView: (a) => a.saveView(),
  pickView: (a) => a.pickView(),
  statusDraft: (a) => a.setStatusFilter('draft'),
  statusPublished: (a) => a.setStatusFilter('published'),
  statusArchived: (a) => a.setStatusFilter('archived'),
  statusOther: (a) => a.setStatusFilter('other'),
  statusAll: (a) => a.setStatusFilter(null),
} as const satisfies Partial<Record<Command, ListHandler>>;

/**
 * Which action a command means, by what has the keys (`focusOf`): the login form (nothing), an
 * open input bar, the help or detail overlay, or the list itself.
 */
function routeCommand(command: Command, actions: CommandActions): void {
  const snap = actions.snapshot();
  if (command === 'quit') return actions.update({ quitting: true });
  const focus = focusOf(snap);
  if (focus === 'keyEntry') return;
  if (snap.input) return inputCommand(command, snap.input, actions);
  if (focus === 'help') return helpCommand(command, actions);
  if (focus === 'detail') return detailCommand(command, actions);
  if (focus === 'errorView') return errorViewCommand(command, actions.errorView);
  if (focus === 'viewPicker') return actions.viewPicker(command);
  listCommand(command, actions);
}

function inputCommand(command: Command, input: InputBar, actions: CommandActions): void {
  if (command === 'back') return actions.escape();
  if (command === 'open') return actions.submitInput();
  if (input.kind !== 'filter') return;
  // Only keys the text field does not use reach here (arrows, PgUp/PgDn): they move the selection.
  if (command === 'moveDown' || command === 'moveUp' || command === 'pageDown' || command === 'pageUp') actions.moveCommand(command);
}

function listCommand(command: Command, actions: CommandActions): void {
  if (actions.moveCommand(command)) return;
  const handlers: Partial<Record<Command, ListHandler>> = LIST_COMMANDS;
  handlers[command]?.(actions);
}
