import { itemAt } from '../api/pager/packed-items.js';
import { listItemId } from '../api/pager/list-pager.js';
import { Box, useApp } from 'ink';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { pageGroupView, pageView } from '../api/items.js';
import { DetailView } from './components/DetailView.js';
import { Header } from './components/Header.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { countOf, moreShown, staleLabel } from './components/header-format.js';
import { TooSmall } from './components/TooSmall.js';
import { focusOf, footerHint, type Screen } from './keys/index.js';
import { ErrorScreen } from './screens/ErrorScreen.js';
import { ExportPrompt } from './screens/ExportPrompt.js';
import { FilterBar } from './screens/FilterBar.js';
import { InspectorScreen } from './screens/InspectorScreen.js';
import { JumpPrompt } from './screens/JumpPrompt.js';
import { ViewNamePrompt } from './screens/ViewNamePrompt.js';
import { ViewPicker } from './screens/ViewPicker.js';
import type { KeyStorage } from './login/index.js';
import { LoginScreen } from './screens/LoginScreen.js';
import { useKeyDraft } from './login/use-key-draft.js';
import { ListScreen } from './screens/ListScreen.js';
import { shownGhosts } from './store/reload/watch-ghosts.js';
import { useAppInput } from './screens/route-keys.js';
import { StatusLine } from './screens/StatusLine.js';
import { emptyListText } from './screens/empty-text.js';
import type { AppSnapshot, AppStore } from './store/app-store.js';
import { sortLabel } from './store/list/item-keys.js';
import { filterProblem } from './store/list/filter-problem.js';
import { isTooSmall, listRows } from './store/layout.js';
import { loadingBeyondNeed, offeredCommands, withheldCommands } from './store/status.js';
import { errorViewLines } from './store/error-view.js';
import { watchLabel } from './store/reload/watch-state.js';
import { usePresentation } from './presentation/presentation.js';
import { useCalmProgress, useCalmRefresh } from './presentation/use-calm-value.js';
import { withRunningNote } from './commands/running-note.js';
import { jumpHistory } from './services/history.js';

export interface AppProps {
  readonly store: AppStore;
  /** What the breadcrumb calls the service. */
  readonly origin: string;
  readonly profile?: string;
  /** Ctrl-Z: hand the terminal back to the shell. */
  readonly onSuspend: () => void;
  readonly keyStorage?: KeyStorage;
  /** `--mouse`: the wheel, clicks and double clicks act (the terminal reports them). */
  readonly mouse?: boolean;
}

/** The root: routes keys to the store and picks what fills the screen. */
export function App({ store, origin, profile, onSuspend, keyStorage, mouse = false }: AppProps) {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { exit } = useApp();
  useAppInput(store, onSuspend, mouse);

  useEffect(() => {
    if (snap.quitting) exit();
  }, [snap.quitting, exit]);

  const onInputChange = useCallback((value: string) => store.setInputText(value), [store]);
  const keyDraft = useKeyDraft(snap.overlay === 'login', snap.keyForm?.cleared ?? 0);
  const onInputSubmit = useCallback(() => store.submitInput(), [store]);
  const matches = snap.visible.filtered ? snap.visible.items.length : undefined;
  const scanning = snap.visible.scanning === true;
  const list = snap.list;
  // A /regex/ that ran out of time: its matches are counted among the rows it checked.
  const checked = list.validQuery === '' ? undefined : list.deriver.queryStoppedAt;
  // While watching: items a re-read found beyond the loaded rows (the status line says so, not "all N loaded").
  const unplaced = snap.watch?.unplaced ?? 0;
  const view = useMemo(
    () =>
      matches === undefined && unplaced === 0
        ? undefined
        : { ...(matches === undefined ? {} : { matches }), loadingAll: snap.loadingAll, scanning, ...(checked === undefined ? {} : { checked }), ...(unplaced === 0 ? {} : { unplaced }) },
    [matches, snap.loadingAll, scanning, checked, unplaced],
  );
  const identity = `${snap.route}\u0000${list.groupId ?? ''}\u0000${list.validQuery}\u0000${sortLabel(list.sort, list.reversed)}`;
  const valueWidths = list.columns.measure(snap.pager.items);
  const liveFrame = useMemo(
    () => ({ items: snap.visible.items, selected: list.selected, top: list.top, identity, following: snap.following, valueWidths, idOf: listItemId(snap.route) }),
    [snap.visible.items, list.selected, list.top, identity, snap.following, valueWidths, snap.route],
  );
  // Without motion, what counts (rows loaded, progress) and the rows it counts change at most every few seconds; news at once.
  const { screenReader, reduceMotion } = usePresentation();
  const { pager: progress, view: shownView, quota, frame } = useCalmProgress(snap.pager, view, snap.quota, liveFrame, reduceMotion);
  const shownRefresh = useCalmRefresh(snap.refreshing, reduceMotion);

  const { columns: width, rows: height } = snap;
  if (isTooSmall(width, height)) return <TooSmall width={width} height={height} />;

  const selectedItem = itemAt(snap.visible.items, list.selected);
  return (
    <Box flexDirection="column" width={width}>
      <Header width={width} breadcrumb={breadcrumb(snap, origin)} profile={profile} filter={list.validQuery || undefined} sort={sortLabel(list.sort, list.reversed, screenReader)}
        count={countOf(progress)} watch={watchLabel(snap.watch)} cached={staleLabel(snap.pager)}
      />
      {snap.overlay === 'help' ? (
        <HelpOverlay width={width} height={listRows(height) + 1} scroll={snap.helpScroll} line={snap.helpLine ?? 0} />
      ) : snap.overlay === 'login' ? (
        <LoginScreen
          origin={origin}
          width={width}
          height={listRows(height) + 1}
          onSubmit={(key, where) => store.submitApiKey(key, where)}
          onCancel={() => store.closeLogin()}
          onQuit={() => store.command('quit')}
          {...(keyStorage ? { keyStorage } : {})}
          {...(snap.keyForm ? { keyForm: snap.keyForm } : {})}
          draft={keyDraft}
        />
      ) : snap.overlay === 'error' ? (
        <ErrorScreen lines={errorViewLines(store.errorText(), width, screenReader)} scroll={snap.errorScroll ?? 0} line={snap.errorLine ?? 0} width={width} height={listRows(height) + 1} />
      ) : snap.overlay === 'inspector' && snap.inspector && store.exchangeLog ? (
        <InspectorScreen log={store.exchangeLog} state={snap.inspector} width={width} height={listRows(height) + 1} />
      ) : snap.overlay === 'detail' && selectedItem ? (
        <DetailView
          title={detailTitle(snap.route, selectedItem)}
          record={selectedItem}
          width={width}
          height={listRows(height) + 1}
          scroll={snap.detailScroll}
          field={snap.detailField}
        />
      ) : snap.viewPicker ? (
        <ViewPicker picker={snap.viewPicker} width={width} height={listRows(height) + 1} />
      ) : (
        <ListScreen
          kind={snap.route}
          items={frame.items}
          valueWidths={frame.valueWidths}
          selected={frame.selected}
          top={frame.top}
          rows={snap.windowRows}
          width={width}
          emptyText={emptyText(snap)}
          marks={snap.watch?.marks}
          ghosts={shownGhosts(snap)}
          more={moreShown(progress)}
          total={shownView?.matches ?? progress.items.length}
          stale={snap.pager.stale === true}
        />
      )}
      {snap.input?.kind === 'filter' ? <FilterBar width={width} query={list.query} onChange={onInputChange} onSubmit={onInputSubmit} history={store.historyOf('filter')} problem={filterProblem(list, snap.pager.items.length)} more={snap.pager.hasMore && !loadingBeyondNeed(snap.pager)} /> : null}
      {snap.input?.kind === 'viewName' ? <ViewNamePrompt width={width} text={snap.input.text} onChange={onInputChange} onSubmit={onInputSubmit} /> : null}
      {snap.input?.kind === 'jump' ? <JumpPrompt width={width} kind={snap.route} text={snap.input.text} onChange={onInputChange} onSubmit={onInputSubmit} history={store.historyOf(jumpHistory(snap.route))} /> : null}
      {snap.input?.kind === 'export' ? <ExportPrompt width={width} kind={snap.route} bar={liveExportBar(snap.input, snap.visible)} onChange={onInputChange} onSubmit={onInputSubmit} history={store.historyOf('export')} more={snap.pager.hasMore && !loadingBeyondNeed(snap.pager)} /> : null}
      <StatusLine
        width={width}
        pager={progress}
        toast={snap.toast}
        following={snap.following}
        hint={withRunningNote(snap.backgroundCommands, width, (room) => footerHint(screenOf(snap), room, offeredCommands(snap.pager), withheldCommands(snap.pager)))}
        view={shownView}
        row={frame.items.length > 0 ? frame.selected + 1 : undefined}
        refresh={shownRefresh}
        refreshTarget={snap.refreshTarget}
        quota={quota}
      />
    </Box>
  );
}

/**
 * The export prompt's bar, its count live while the path is typed: Tab there loads the rest of the
 * list, and Enter writes the rows shown then, not those shown when `e` was pressed.
 */
function liveExportBar<B extends { readonly stage: string; readonly count: number; readonly filtered: boolean }>(bar: B, visible: AppSnapshot['visible']): B {
  if (bar.stage !== 'path' || (bar.count === visible.items.length && bar.filtered === visible.filtered)) return bar;
  return { ...bar, count: visible.items.length, filtered: visible.filtered };
}

/** Which screen's keys the footer lists: those of the focus (the list and details by route). */
function screenOf(snap: AppSnapshot): Screen {
  const focus = focusOf(snap);
  if (focus === 'list') return snap.route;
  if (focus === 'detail') return snap.route === 'groups' ? 'groupDetail' : 'pageDetail';
  return focus;
}

/** 'origin', 'origin › group title', or 'origin › status: draft' on a status-filtered group list. */
function breadcrumb(snap: AppSnapshot, origin: string): string[] {
  if (snap.route === 'pages') return [origin, snap.list.title || snap.list.groupId || ''];
  return snap.list.status ? [origin, `status: ${snap.list.status}`] : [origin];
}

function detailTitle(route: 'groups' | 'pages', item: Readonly<Record<string, unknown>>): string {
  if (route === 'groups') {
    const g = pageGroupView(item);
    return `Page group ${g.title || g.id}`;
  }
  const p = pageView(item);
  return `Page ${p.name || p.id}`;
}

function emptyText(snap: AppSnapshot): string {
  return emptyListText(snap.route, snap.pager, snap.visible.filtered, snap.visible.scanning === true);
}
