/** The HTTP inspector's state in the store's snapshot, and what the store is given for it. */
import type { ExchangeLog } from '../../../api/inspector/exchange-log.js';

/** What the inspector shows; in the snapshot while it is open. */
export interface InspectorState {
  readonly view: 'list' | 'exchange';
  /** The selected exchange (by its `seq`, so it stays put as new ones arrive above it). */
  readonly selectedSeq: number | undefined;
  /** First line of the exchange view shown. */
  readonly scroll: number;
  /** The exchange view's line cursor in the screen-reader mode (store/line-cursor.ts: 0 is the title). */
  readonly line?: number;
  /** The screen-reader mode's list: the request on its window's first line (by `seq`, so new ones arriving above move nothing). */
  readonly topSeq?: number;
  /** Bumped when the log changes, so the frame is drawn again. */
  readonly logVersion: number;
  /** The newest request when the log last changed: a selection on it follows the newer ones (the usual presentation). */
  readonly newestSeq?: number;
}

export interface InspectorOptions {
  readonly log: ExchangeLog;
  /** `--har FILE`: where `e` writes (replacing it). Without it, a new file named for the time. */
  readonly harPath?: string;
  /** The creator version written into HAR files. */
  readonly version?: string;
}

/**
 * The first row of the screen-reader mode's request list (newest first) in a window of `rows`:
 * where `topSeq` is, moved only as far as keeps `selected` in the window, so a step moves the
 * cursor a line and the window scrolls only at its edge.
 */
export function spokenWindowTop(seqs: readonly number[], selected: number, topSeq: number | undefined, rows: number): number {
  const window = Math.max(1, rows);
  const at = topSeq === undefined ? -1 : seqs.indexOf(topSeq);
  let top = at < 0 ? 0 : at;
  if (selected < top) top = selected;
  if (selected >= top + window) top = selected - window + 1;
  // Anchored at `topSeq`, the window stays there even when the list ends above its last line:
  // requests arriving above then leave the selected one on its screen row.
  return Math.max(0, at < 0 ? Math.min(top, seqs.length - window) : top);
}
