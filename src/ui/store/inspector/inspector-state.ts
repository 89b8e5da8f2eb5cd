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
  /** Bumped when the log changes, so the frame is drawn again. */
  readonly logVersion: number;
}

export interface InspectorOptions {
  readonly log: ExchangeLog;
  /** `--har FILE`: where `e` writes (replacing it). Without it, a new file named for the time. */
  readonly harPath?: string;
  /** The creator version written into HAR files. */
  readonly version?: string;
}
