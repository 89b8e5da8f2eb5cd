import { findItem } from '../../../api/pager/packed-items.js';
import type { Pager } from '../../../api/pager/pager.js';
import { groupIdOf, titleOfGroup } from './items.js';
import type { ListView } from './list-view.js';

/**
 * A page list opened before its group was loaded (`pagetui open`, `:`) has no title yet: take it
 * from the group list once that has the group, then stop listening.
 */
export function fillTitleWhenLoaded(groups: Pager, view: ListView, changed: () => void): void {
  if (view.title || view.groupId === undefined) return;
  const lookUp = (): boolean => {
    const group = findItem(groups.getSnapshot().items, (raw) => groupIdOf(raw) === view.groupId);
    const title = group && titleOfGroup(group);
    if (!title) return false;
    view.title = title;
    changed();
    return true;
  };
  if (lookUp()) return;
  const unsubscribe = groups.subscribe(() => {
    if (lookUp()) unsubscribe();
  });
}
