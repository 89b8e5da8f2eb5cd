/**
 * An HTTP inspector row as a sentence, for a screen reader: "GET /v0/page_groups?limit=100,
 * status 200, 36 items, 9.1 KiB, 353 ms, at 18:52:26, req-000104, 1 of 2" rather than columns
 * padded with spaces.
 */
import { readablePath, type Exchange } from '../../api/inspector/exchange-log.js';
import { byteSize } from '../../text/bytes.js';
import { countText } from '../../text/count.js';
import { clockTime } from '../store/inspector/inspector-lines.js';
import { fitSentence } from './spoken-row.js';

/** The exchange's sentence in `width` columns; the selected one says its place (`index` of `total`, 1-based). */
export function spokenExchange(e: Exchange, width: number, place?: { readonly index: number; readonly total: number }): string {
  const status = e.status === 0 ? 'no response' : `status ${e.status}`;
  const items = e.items === undefined ? '' : `${countText(e.items)} ${e.items === 1 ? 'item' : 'items'}`;
  const facts = [items, byteSize(e.bytes), `${countText(e.durationMs)} ms`];
  const when = `at ${clockTime(e.startedAt)}`;
  const id = e.requestId ?? '';
  const end = [e.error ?? '', place ? `${countText(place.index)} of ${countText(place.total)}` : ''];
  return fitSentence(`${e.method} ${readablePath(e.path)}`, [[status, ...facts, when, id], [status, ...facts, id], [status, id], [status]], end, width);
}
