/**
 * What each command does to the store, for the router (command-routing.ts): the order in which
 * Esc stops or closes things, Enter opening a group or the details, and the rest handed to the
 * flow that owns it.
 */
import type { RawItem } from '../../api/types.js';
import { detailTextWidth } from './details/detail-lines.js';
import type { CommandActions } from './command-routing.js';
import { copySelected } from './details/copy-action.js';
import type { ExportFlow } from './prompts/export-flow.js';
import { copyField } from './details/field-copy.js';
import type { InputFlow } from './prompts/input-flow.js';
import { groupIdOf, titleOfGroup } from './list/items.js';
import type { JumpFlow } from './prompts/jump-flow.js';
import type { ListFilters } from './list/list-filters.js';
import type { ListNavigator } from './list/list-navigator.js';
import type { ListView } from './list/list-view.js';
import type { RefreshFlow } from './reload/refresh-flow.js';
import type { ShownLists } from './list/shown-lists.js';
import type { Toast } from './status.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';
import type { WatchFlow } from './reload/watch-flow.js';

/** What the actions need from the store. */
export interface ActionsHost {
  /** The list shown. */
  view(): ListView;
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  toast(toast: Omit<Toast, 'until' | 'owner'>): void;
  selectedItem(): RawItem | undefined;
  readonly options: Pick<AppStoreOptions, 'clipboard' | 'selectionMarker'>;
  readonly lists: Pick<ShownLists, 'groups' | 'show' | 'showGroup'>;
  readonly navigator: Pick<ListNavigator, 'moveCommand' | 'stopLoading'>;
  readonly filters: Pick<ListFilters, 'clearQuery' | 'cycleSort' | 'reverseSort' | 'setStatus' | 'stepMatch'>;
  readonly inputFlow: Pick<InputFlow, 'escape' | 'set' | 'submit'>;
  readonly jumpFlow: Pick<JumpFlow, 'stop'>;
  readonly exportFlow: Pick<ExportFlow, 'open'>;
  readonly refreshFlow: Pick<RefreshFlow, 'start'>;
  readonly watchFlow: Pick<WatchFlow, 'toggle'>;
}

export function storeActions(host: ActionsHost): CommandActions {
  const { options, lists, navigator, filters, inputFlow } = host;
  /** Esc: stop a running load first, then close the input, then clear the filter, then go back. */
  const escape = (): void => {
    const snapshot = host.snapshot();
    if (snapshot.following || snapshot.loadingAll) {
      host.jumpFlow.stop();
      return navigator.stopLoading();
    }
    if (inputFlow.escape()) return;
    if (host.view().query !== '') return filters.clearQuery();
    if (host.view().kind === 'pages') lists.show(lists.groups);
  };
  const openDetail = (): void => {
    if (host.selectedItem()) host.update({ overlay: 'detail', detailScroll: 0, detailField: 0 });
  };
  const open = (): void => {
    if (host.view().kind === 'pages') return openDetail();
    const group = host.selectedItem();
    if (group) lists.showGroup(groupIdOf(group), titleOfGroup(group));
  };
  return {
    snapshot: () => host.snapshot(),
    update: (patch) => host.update(patch),
    moveCommand: (command) => navigator.moveCommand(command),
    escape,
    submitInput: () => inputFlow.submit(),
    open,
    openDetail,
    refresh: () => host.refreshFlow.start(),
    toggleWatch: () => host.watchFlow.toggle(),
    openFilter: () => inputFlow.set({ kind: 'filter' }),
    openExport: () => host.exportFlow.open(host.snapshot().visible, host.view().kind, host.view().groupId),
    cycleSort: () => filters.cycleSort(),
    reverseSort: () => filters.reverseSort(),
    stepMatch: (direction) => filters.stepMatch(direction),
    openJump: () => inputFlow.set({ kind: 'jump', text: '' }),
    setStatusFilter: (status) => filters.setStatus(status),
    copy: (format) => copySelected(options.clipboard, host.selectedItem(), host.view().kind, format, (m) => host.toast(m)),
    copyField: () => copyField(options.clipboard, host.selectedItem(), host.snapshot().detailField, (m) => host.toast(m)),
    detailWidth: () => detailTextWidth(host.snapshot().columns, options.selectionMarker ?? ''),
  };
}
