import type { Pager } from '../../api/pager.js';

export type ListKind = 'groups' | 'pages';

/**
 * One list the user can look at: its pager (the loaded items) and where the user is in it. The
 * store keeps these alive across navigation so going back or re-entering a group restores the place.
 */
export interface ListView {
  readonly kind: ListKind;
  readonly pager: Pager;
  /** Page group id for a page list. */
  readonly groupId?: string;
  /** What the breadcrumb shows for a page list (the group's title, raw). */
  readonly title?: string;
  selected: number;
  /** First visible row; moves only when the selection would leave the window. */
  top: number;
}

/** Clamp `selected` into the loaded items and keep it inside the visible window of `rows` rows. */
export function placeSelection(view: ListView, index: number, itemCount: number, rows: number): void {
  const last = Math.max(0, itemCount - 1);
  const selected = Math.min(Math.max(0, index), last);
  let top = view.top;
  if (selected < top) top = selected;
  else if (selected >= top + rows) top = selected - rows + 1;
  top = Math.max(0, Math.min(top, Math.max(0, itemCount - rows)));
  view.selected = selected;
  view.top = top;
}
