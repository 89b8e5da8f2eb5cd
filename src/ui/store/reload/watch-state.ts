/** What a watched list shows (see watch-flow.ts): kept apart so the snapshot's types need no flow. */
import type { RawItem } from '../../../api/types.js';
import { listKey } from '../../keys/help.js';
import { spokenKeys } from '../../../text/glyphs.js';
import { clockTime } from '../../../text/clock-time.js';

export type WatchMark = 'appeared' | 'changed' | 'gone';

/** What the header and the rows show about watching. */
export interface WatchState {
  readonly everySeconds: number;
  /** Epoch ms of the last read that came back. */
  readonly lastAt?: number;
  /** Rows the last read no longer found. */
  readonly gone: number;
  /** By item id. */
  readonly marks: ReadonlyMap<string, WatchMark>;
  /**
   * Items that went, drawn as marked rows (not list rows) after the row that preceded them: by
   * that row's id ('' for the top of the list).
   */
  readonly ghosts?: ReadonlyMap<string, readonly RawItem[]>;
  /** The list the marks and ghosts were made on. */
  readonly list?: object;
  /** Items a re-read of the rows on screen found that are not loaded (`r` loads them). */
  readonly unplaced?: number;
}

/** The header's words while watching: 'watching · every 10s · last 12:03:04 · 1 gone · 2 new · r reloads'. */
export function watchLabel(watch: WatchState | undefined): string | undefined {
  if (watch === undefined) return undefined;
  const parts = ['watching', `every ${watch.everySeconds}s`];
  if (watch.lastAt !== undefined) parts.push(`last ${clockTime(watch.lastAt)}`);
  if (watch.gone > 0) parts.push(`${watch.gone} gone`);
  if ((watch.unplaced ?? 0) > 0) parts.push(`${watch.unplaced} new`, `${listKey('refresh')} reloads`);
  // Plain glyphs: commas in place of the separators, one space after each.
  return spokenKeys(parts.join(' · '));
}

