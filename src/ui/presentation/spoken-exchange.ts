/**
 * An HTTP inspector row as a sentence, for a screen reader: "GET /v0/page_groups?limit=100,
 * status 200, 36 items, 9.1 KiB, 353 ms, at 18:52:26, req-000104, 1 of 2" rather than columns
 * padded with spaces.
 */
import { readablePath, type Exchange } from '../../api/inspector/exchange-log.js';
import { byteSize } from '../../text/bytes.js';
import { countText } from '../../text/count.js';
import { displayWidth, truncate, wrap } from '../../text/index.js';
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
  return fitSentence(`${e.method} ${readablePath(e.path)}`, [[status, ...facts, when, id], [status, ...facts, id], [status, id], [status]], end, width, true);
}

/**
 * `text` in lines of `width` columns (at most `maxLines`), broken after a space, a slash, `?`, `&`
 * or a comma, so a long path fills each line and breaks where a reader expects a pause.
 */
export function wrapSentence(text: string, width: number, maxLines: number): string[] {
  const w = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  let line = '';
  for (const piece of text.split(/(?<=[\s/?&,])/)) {
    if (line !== '' && displayWidth(line + piece.trimEnd()) > w) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += line === '' ? piece.trimStart() : piece;
    while (displayWidth(line) > w) {
      const [head = '', ...rest] = wrap(line, w);
      lines.push(head);
      line = rest.join('');
    }
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.length > maxLines ? [...lines.slice(0, maxLines - 1), truncate(lines.slice(maxLines - 1).join(' '), w)] : lines;
}
