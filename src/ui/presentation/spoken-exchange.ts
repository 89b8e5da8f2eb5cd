/**
 * An HTTP inspector row as a sentence, for a screen reader: "GET /v0/page_groups?limit=100,
 * status 200, 36 items, 9.1 KiB, 353 ms, at 18:52:26, req-000104, 1 of 2" rather than columns
 * padded with spaces.
 */
import { readablePath, type Exchange } from '../../api/inspector/exchange-log.js';
import { byteSize } from '../../text/bytes.js';
import { countText, spokenLineRange } from '../../text/count.js';
import { displayWidth, truncate } from '../../text/index.js';
import { glyph } from '../../text/glyphs.js';
import { clockTime } from '../../text/clock-time.js';
import { fitSentence } from './spoken-row.js';

/**
 * The exchange's sentence on one line of `width` columns; the selected one says its place
 * (`index` of `total`, 1-based). Where it does not fit, the clock time goes first, then the
 * duration, then the size and counts, then the request id; only then is the path cut, in its
 * middle. The method, the status and the place are always said.
 */
export function spokenExchange(e: Exchange, width: number, place?: { readonly index: number; readonly total: number }): string {
  const status = e.status === 0 ? 'no response' : `status ${e.status}`;
  const items = e.items === undefined ? '' : `${countText(e.items)} ${e.items === 1 ? 'item' : 'items'}`;
  const size = [items, byteSize(e.bytes)];
  const duration = `${countText(e.durationMs)} ms`;
  const when = `at ${clockTime(e.startedAt)}`;
  const id = e.requestId ?? '';
  const end = [e.error ?? e.bodyError ?? '', place ? `${countText(place.index)} of ${countText(place.total)}` : ''];
  const forms = [[status, ...size, duration, when, id], [status, ...size, duration, id], [status, ...size, id], [status, id], [status]];
  return fitSentence(`${e.method} ${readablePath(e.path)}`, forms, end, width, true, cutPathInMiddle);
}

/**
 * A request in full's title for a screen reader in `width` columns: "GET /v0/page_groups?limit=100,
 * status 200, lines 1 to 5 of 1,447". The status and the place are always said: the path is cut in
 * its middle, and where that leaves it little room, the place says its numbers without "lines".
 */
export function spokenExchangeTitle(e: Exchange, window: { readonly first: number; readonly last: number; readonly total: number } | undefined, width: number): string {
  const status = e.status === 0 ? 'no response' : `status ${e.status}`;
  const place = window ? spokenLineRange(window.first, window.last, window.total) : '';
  const forms = [[status, place], [status, place.replace(/^lines /, '')]];
  return fitSentence(`${e.method} ${readablePath(e.path)}`, forms, [], width, false, cutPathInMiddle);
}

/** "GET /v0/page_gr…limit=100": the method whole, the path's start and end around an ellipsis. */
function cutPathInMiddle(request: string, room: number): string {
  const space = request.indexOf(' ');
  const method = space < 0 ? '' : request.slice(0, space + 1);
  const path = request.slice(method.length);
  const pathRoom = room - displayWidth(method);
  if (pathRoom < 3) return truncate(request, room);
  return method + middleCut(path, pathRoom);
}

/** `text` in `width` columns: whole when it fits, else its start, "…" and its end. */
function middleCut(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const ellipsis = glyph('ellipsis');
  const room = width - displayWidth(ellipsis);
  const tailRoom = Math.floor(room / 2);
  let tail = '';
  for (const ch of Array.from(text).reverse()) {
    if (displayWidth(ch + tail) > tailRoom) break;
    tail = ch + tail;
  }
  const head = truncate(text, room - displayWidth(tail), '');
  return `${head}${ellipsis}${tail}`;
}
