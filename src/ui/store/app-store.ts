import type { ExchangeLog } from '../../api/inspector/exchange-log.js';
import type { RawItem } from '../../api/types.js';
import type { Command, KeyContext } from '../keys/bindings.js';
import { matcherFor, type KeyId } from '../keys/match.js';
import { actsOnTheList, exportIsTheLists } from './details/detail-key-notes.js';
import type { KeyDestination } from '../login/key-storage.js';
import type { HistoryName } from '../services/history.js';
import { commandActions, type CommandActions } from './command-actions.js';
import { routeCommand } from './command-router.js';
import { windowRows } from './layout.js';
import { watchQuota } from './quota-status.js';
import type { ToastRequest } from './store-context.js';
import { StoreCore } from './store-core.js';
import { runOwnCommand } from './own-command.js';
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
    // An error toast has been read once the user acts again; where the selection landed no longer holds.
    const toast = this.ctx.snapshot().toast;
    if (toast?.tone === 'error' || toast?.aboutPlace === true) this.ctx.update({ toast: undefined });
    if (this.ctx.inspector.command(command)) return;
    if (command.startsWith('custom:')) return runOwnCommand(this.ctx, command);
    routeCommand(command, this.actions);
  }

  /** A key bound to nothing where it was pressed: the details (a list's key) and the inspector say which key does that there. */
  unboundKey(id: KeyId, context: KeyContext): void {
    const onTheList = context === 'detail' ? matcherFor('list').commandOf(id) : undefined;
    if (onTheList === 'export') return this.ctx.toast({ tone: 'warning', text: exportIsTheLists() });
    // One rule for the list's keys in the details: each says it acts on the list, and the way back.
    if (onTheList !== undefined) return this.ctx.toast({ tone: 'warning', text: actsOnTheList(onTheList) });
    this.ctx.inspector.unboundKey(id, context);
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

  /** True while a jump (`:`) is on its way to its row: keys typed behind its Enter wait for it. */
  jumpUnderWay(): boolean {
    return this.ctx.jumpFlow.underWay();
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

  /** The background commands of the user's own now running, by description. */
  setBackgroundCommands(names: readonly string[]): void {
    if (!this.ctx.disposed()) this.ctx.update({ backgroundCommands: names });
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
