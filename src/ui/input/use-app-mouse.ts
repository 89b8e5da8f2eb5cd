/** The app's mouse (`--mouse`): reports taken out of the input and turned into store actions. */
import { useMemo } from 'react';
import type { AppStore } from '../store/app-store.js';
import { rowOnLine, shownGhosts, windowLines } from '../store/reload/watch-ghosts.js';
import { MouseActions } from './mouse-actions.js';
import { useMouseReports } from './use-mouse-reports.js';

export function useAppMouse(store: AppStore, enabled: boolean): void {
  const actions = useMemo(
    () =>
      new MouseActions({
        view: () => {
          const snap = store.getSnapshot();
          if (snap.input) return { kind: 'none' };
          if (snap.overlay === 'help' || snap.overlay === 'detail') return { kind: 'scrollable' };
          if (snap.overlay !== null) return { kind: 'none' };
          const list = { kind: 'list', top: snap.list.top, rows: snap.windowRows, count: snap.visible.items.length } as const;
          const ghosts = shownGhosts(snap);
          if (ghosts === undefined) return list;
          // Rows that went are drawn among the rows (watch): a click finds its row by line.
          const lines = windowLines(snap.route, snap.visible.items, snap.list.top, snap.windowRows, snap.list.selected, ghosts);
          return { ...list, rowAt: (line: number) => rowOnLine(lines, line) };
        },
        command: (command) => store.command(command),
        select: (index) => store.selectRow(index),
      }),
    [store],
  );
  useMouseReports(enabled, (event) => actions.handle(event));
}
