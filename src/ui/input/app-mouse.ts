/** The app's mouse (`--mouse`): reports turned into store actions, where the focus allows. */
import { focusOf } from '../keys/match.js';
import type { AppStore } from '../store/app-store.js';
import { rowOnLine, shownGhosts, windowLines } from '../store/reload/watch-ghosts.js';
import { MouseActions } from './mouse-actions.js';

export function appMouse(store: AppStore): MouseActions {
  return new MouseActions({
    view: () => {
      const snap = store.getSnapshot();
      const focus = focusOf(snap);
      if (focus === 'help' || focus === 'detail' || focus === 'errorView') return { kind: 'scrollable' };
      if (focus !== 'list') return { kind: 'none' };
      const list = { kind: 'list', top: snap.list.top, rows: snap.windowRows, count: snap.visible.items.length } as const;
      const ghosts = shownGhosts(snap);
      if (ghosts === undefined) return list;
      // Rows that went are drawn among the rows (watch): a click finds its row by line.
      const lines = windowLines(snap.route, snap.visible.items, snap.list.top, snap.windowRows, snap.list.selected, ghosts);
      return { ...list, rowAt: (line: number) => rowOnLine(lines, line) };
    },
    command: (command) => store.command(command),
    select: (index) => store.selectRow(index),
  });
}
