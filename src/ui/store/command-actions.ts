import type { Command } from '../keys/bindings.js';
import { copySelected, type CopyFormat } from './details/copy-action.js';
import { detailTextWidth } from './details/detail-lines.js';
import { copyField } from './details/field-copy.js';
import { errorViewTextCached, type ErrorViewActions } from './error-view.js';
import { lastErrorExchange } from './last-error.js';
import type { StatusFilter } from './list/item-keys.js';
import { groupIdOf, titleOfGroup } from './list/items.js';
import type { StoreContext } from './store-context.js';
import type { AppSnapshot } from './store-types.js';
import { CachedRowsNotice } from './list/cached-rows-notice.js';
import { sayStoppedLoad } from './list/stopped-load-said.js';
import { exportUnderWay } from './esc-as-shown.js';
import { FIRST_WAIT_OFFERED_MS, stopFirstWait } from './reload/stop-first-wait.js';

/** What each command the router (routeCommand, command-router.ts) picks does to the store. */
export function commandActions(ctx: StoreContext): CommandActions {
  const { navigator, filters, inputFlow, lists } = ctx;
  /**
   * Esc: close an open prompt first (its own line says "Esc cancel"/"Esc clear", whatever runs
   * behind it), then stop a running load (or, esc-as-shown.ts, one the screen the user saw still
   * said Esc stops), then clear the filter, then go back.
   */
  const escape = (): void => {
    const snapshot = ctx.snapshot();
    if (snapshot.input !== null && !exportUnderWay(snapshot) && inputFlow.escape()) return;
    if (snapshot.following || snapshot.loadingAll) {
      ctx.escAsShown.stopped();
      const said = ctx.snapshot().toast;
      ctx.jumpFlow.stop();
      navigator.stopLoading();
      // A `:` search says its own stop; a `G` or Tab load is said here.
      if (ctx.snapshot().toast === said) sayStoppedLoad(ctx);
      return;
    }
    if (ctx.refreshFlow.stoppable) {
      ctx.escAsShown.stopped();
      return ctx.refreshFlow.stop();
    }
    // A list's first request that hangs: the status offers Esc to stop it, on the group list and in a group alike.
    if (snapshot.input === null && stopFirstWait(ctx, FIRST_WAIT_OFFERED_MS)) return ctx.escAsShown.stopped();
    if (exportUnderWay(snapshot)) ctx.escAsShown.stopped();
    else if (ctx.escAsShown.swallow()) return;
    if (inputFlow.escape()) return;
    if (ctx.view().query !== '') return filters.clearQuery();
    if (ctx.view().kind === 'pages') lists.backToGroups();
    else stopFirstWait(ctx);
  };
  const openDetail = (): void => {
    if (ctx.selectedItem()) ctx.update({ overlay: 'detail', detailScroll: 0, detailField: 0 });
    else if (ctx.snapshot().visible.items.length === 0) ctx.toast({ tone: 'warning', text: 'No details to show: the list is empty.' });
  };
  /** Enter: a group's pages, or a page's details. */
  const open = (): void => {
    if (ctx.view().kind === 'pages') return openDetail();
    const group = ctx.selectedItem();
    if (group) lists.showGroup(groupIdOf(group), titleOfGroup(group));
  };
  const { clipboard, selectionMarker } = ctx.options;
  const cachedRowsNotice = new CachedRowsNotice(ctx);
  const log = ctx.options.inspector?.log;
  const errorView: ErrorViewActions = {
    snapshot: () => ctx.snapshot(),
    update: (patch) => ctx.update(patch),
    errorText: () => {
      const last = ctx.snapshot().lastError;
      return errorViewTextCached(last, last && lastErrorExchange(last, log), log !== undefined, ctx.options.lineCursor === true, ctx.options.startupProblems ?? []);
    },
    clipboard,
    say: (message) => ctx.toast(message),
    replyToKey: () => ctx.replyToKey(),
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
    toggleWatch: () => {
      ctx.watchFlow.toggle();
      // Said, not only marked at the header's far end: a screen reader's cursor is not there, and
      // turning watch off only takes a mark away.
      const watch = ctx.snapshot().watch;
      ctx.toast({ tone: 'success', text: watch ? `Watching, every ${watch.everySeconds} s.` : 'Stopped watching.' });
    },
    openFilter: () => inputFlow.set({ kind: 'filter' }),
    openExport: () => {
      if (!cachedRowsNotice.allows('export', 'exports them as they are')) return;
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
    copy: (format) =>
      cachedRowsNotice.allows(format === 'json' ? 'copyJson' : 'copyId', 'copies it as it is') &&
      (ctx.snapshot().visible.items.length === 0
        ? ctx.toast({ tone: 'warning', text: 'Nothing to copy: the list is empty.' })
        : copySelected(clipboard, ctx.selectedItem(), ctx.view().kind, format, ctx.replyToKey())),
    copyField: () => copyField(clipboard, ctx.selectedItem(), ctx.snapshot().detailField, ctx.replyToKey()),
    detailWidth: () => detailTextWidth(ctx.snapshot().columns, selectionMarker ?? ''),
    say: (text) => ctx.toast({ tone: 'warning', text }),
    lineCursor: ctx.options.lineCursor === true,
  };
}

/** The store's actions; the router only decides which one a command means. */
export interface CommandActions {
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
  /** Says something on the status line (a key that does nothing here). */
  say(text: string): void;
  readonly lineCursor: boolean;
}
