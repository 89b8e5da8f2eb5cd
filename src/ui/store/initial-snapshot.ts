/** The first frame the store shows, before anything is fetched. */
import { listRows } from './layout.js';
import { specOf, type ListView } from './list/list-view.js';
import { startNoticeToast, toastUntil, TOAST_MS } from './status.js';
import type { AppSnapshot, AppStoreOptions } from './store-types.js';

/**
 * The group list at its start; the login form when no key is known yet; the start notice (if
 * any) shown twice as long as a toast.
 */
export function initialSnapshot(options: AppStoreOptions, groups: ListView, now: () => number): AppSnapshot {
  const pager = groups.pager.getSnapshot();
  return {
    version: 0,
    columns: options.columns,
    rows: options.rows,
    route: 'groups',
    list: groups,
    pager,
    visible: groups.deriver.derive(pager.items, specOf(groups)),
    windowRows: listRows(options.rows),
    overlay: options.needsApiKey ? 'login' : null,
    input: null,
    detailScroll: 0,
    detailField: 0,
    helpScroll: 0,
    helpFromDetail: false,
    following: false,
    loadingAll: false,
    quitting: false,
    toast: options.notice ? startNoticeToast(options.notice, options.noticeHint, options.messagesUntilKey ? toastUntil('warning', now(), true) : now() + TOAST_MS * 2) : undefined,
  };
}
