/**
 * `--churn N`: the largest group (grp-1) changes over time, so a watched list has something to
 * show. Every tick (a few seconds) one page appears at the top, the oldest original page at the
 * top goes, and N pages near the top get a new name. Pure function of the tick, so every request
 * in the same tick sees the same list.
 */
import type { GroupRecord, PageItem } from './data.js';
import { pageAt } from './shapes.js';

/** Seconds between two changes. */
export const CHURN_SECONDS = 3;
/** Renamed pages are chosen among this many at the top. */
const RENAME_SPAN = 15;

export interface Churn {
  /** Pages renamed per tick. */
  readonly renames: number;
  /** Epoch ms the server started (tick 0). */
  readonly startedAt: number;
  readonly tickMs: number;
  /** The position where pages appear and go (default 0, the top); the pages above it never change. */
  readonly at?: number;
  /** Tests: the current tick, instead of the clock. */
  readonly ticks?: () => number;
}

/** The tick at `now`: how many changes have happened. */
export const churnTick = (churn: Churn, now: number): number =>
  churn.ticks ? Math.max(0, Math.floor(churn.ticks())) : Math.max(0, Math.floor((now - churn.startedAt) / churn.tickMs));

/**
 * Page `index` (0-based) of the churned group at `tick`: above `churn.at` the original pages; from
 * there the pages that appeared, newest first, then the original pages less the first `tick` of
 * them (one went for each that appeared), so the pages below keep their positions.
 */
export function churnedPageAt(group: GroupRecord, index: number, seed: number, churn: Churn, tick: number): PageItem {
  const at = churn.at ?? 0;
  if (index < at) return pageAt(group, index + 1, seed);
  if (index - at < tick) {
    const n = tick - (index - at);
    const base = pageAt(group, n, seed);
    const id = group.item.pageGroupId;
    const name = `New page ${n}`;
    return { ...base, pageId: `${id}-new${n}`, effectiveName: name, computedName: name, customName: '' };
  }
  const n = index + 1;
  const page = pageAt(group, n, seed);
  const offset = n - tick - 1 - at;
  if (offset < RENAME_SPAN && renamedAt(offset, tick, churn.renames)) {
    const name = `${page.computedName ?? page.pageId} (edit ${tick})`;
    return { ...page, effectiveName: name, customName: name };
  }
  return page;
}

/** Whether the page `offset` rows below the new ones carries this tick's rename. */
function renamedAt(offset: number, tick: number, renames: number): boolean {
  if (tick === 0) return false;
  for (let j = 0; j < Math.min(renames, RENAME_SPAN); j++) {
    if ((tick * 7 + j * 4) % RENAME_SPAN === offset) return true;
  }
  return false;
}
