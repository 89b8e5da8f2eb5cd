/**
 * In a sorted list of a big listing each row on screen lies on another page, which the pager keeps
 * packed and parses again when read: PgDn brings a screen of rows from as many pages (some 35 ms
 * for a screen of `long` items). Once the keys pause, the screens above and below the one shown are
 * read ahead into the rows the list keeps (picked-items.ts), so the next PgDn or PgUp finds them.
 * Keys that keep coming (a held key) cancel it: the read-ahead never competes with them.
 */
import { useEffect } from 'react';
import type { ItemSeq } from '../../api/types.js';
import { PickedItems } from '../store/list/picked-items.js';

/** Quiet after a frame before the rows around it are read ahead. */
const PAUSE_MS = 50;

export function useRowsWarmed(items: ItemSeq, top: number, rows: number): void {
  useEffect(() => {
    if (!(items instanceof PickedItems) || rows <= 0) return undefined;
    const timer = setTimeout(() => {
      items.warm(top + rows, top + 2 * rows);
      items.warm(Math.max(0, top - rows), top);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [items, top, rows]);
}
