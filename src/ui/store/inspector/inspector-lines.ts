/**
 * Pure formatting of the HTTP inspector: one line per exchange for its list, and the lines of one
 * exchange (headers, then the body pretty-printed). Every recorded string is sanitised here.
 */
import { readablePath, type Exchange, type RecordedHeader } from '../../../api/inspector/exchange-log.js';
import { displayWidth, sanitize, truncate, wrap } from '../../../text/index.js';
import { byteSize } from '../../../text/bytes.js';
import { clockTime } from '../../../text/clock-time.js';
import { wrapSpokenIndented } from '../../presentation/spoken-wrap.js';

/** Body lines past this many are not laid out (the end says how many more there were). */
const MAX_BODY_LINES = 5000;
const INDENT = '  ';




/** `1 item`, `40 items`. */
const itemCount = (n: number): string => `${n} ${n === 1 ? 'item' : 'items'}`;

/** `ERR` when no answer came; a 200 whose body is not a list is marked `200!` (seen at any width, and without colour). */
const statusText = (e: Exchange): string => (e.status === 0 ? 'ERR' : e.bodyError !== undefined ? `${e.status}!` : String(e.status));

/** The rate-limit headers as one short text: `ratelimit: "burst";r=50;t=30  x-ratelimit-remaining: 9`. */
function rateLimitText(e: Exchange): string {
  const decoded = e.rateLimit === undefined ? '' : JSON.stringify(e.rateLimit);
  if (decoded !== '') return decoded;
  return Object.entries(e.rateLimitHeaders).map(([name, value]) => `${name}: ${value}`).join('  ');
}

/** One exchange as a list row of at most `width` columns. */
export function exchangeRow(e: Exchange, width: number): string {
  // '1 item ' keeps its number in line with '100 items' above and below. A 200 whose body is not a
  // list says so there, not only in colour (NO_COLOR) or in a tail cut off by a long path.
  const items = e.bodyError !== undefined ? 'bad body' : e.items === undefined ? '' : itemCount(e.items).padEnd(e.items === 1 ? 7 : 0);
  const tail = [e.requestId ?? '', rateLimitText(e), e.error ?? '', e.bodyError ?? ''].filter((s) => s !== '').join('  ');
  const fixed = [
    clockTime(e.startedAt),
    e.method.padEnd(4),
    statusText(e).padStart(3),
    // One column fewer after a marked status, so the columns after it stay in line.
    `${e.durationMs}ms`.padStart(e.bodyError !== undefined ? 6 : 7),
    byteSize(e.bytes).padStart(8),
    items.padStart(9),
  ].join(' ');
  const path = readablePath(e.path);
  // Too narrow for every column and a readable path: the path says which request it is, the
  // clock, size and item count go (the exchange itself, Enter, has them all).
  const lead = fixed.length + 2 + Math.min(displayWidth(path), PATH_KEPT) > width ? compactLead(e) : fixed;
  const text = `${lead}  ${path}${tail === '' ? '' : `  ${tail}`}`;
  return truncate(sanitize(text), width);
}

/** Columns of a path a row keeps before its clock, size and item count are given up for it. */
const PATH_KEPT = 24;

/** A narrow row's first columns: the method, the status and the time taken. */
const compactLead = (e: Exchange): string =>
  [e.method.padEnd(4), statusText(e).padStart(3), `${e.durationMs}ms`.padStart(e.bodyError !== undefined ? 6 : 7), ...(e.bodyError !== undefined ? ['bad body'] : [])].join(' ');

/** The title of the exchange view (the screen-reader mode's is spokenExchangeTitle). */
export function exchangeTitle(e: Exchange): string {
  return sanitize(`${e.method} ${readablePath(e.path)} → ${e.status === 0 ? 'no response' : e.status}`);
}

const headerLines = (headers: readonly RecordedHeader[]): string[] =>
  headers.length === 0 ? [`${INDENT}(none)`] : headers.map(({ name, value }) => `${INDENT}${name}: ${value}`);

/** The body as lines: JSON pretty-printed (two spaces), anything else as sent. */
export function bodyLines(text: string): string[] {
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON (or cut at the cap): shown as sent.
  }
  return pretty.split(/\r?\n/);
}

/**
 * Every line of one exchange, wrapped to `width`: what was asked, the request and response
 * headers (the key already redacted by the log), then the body, pretty-printed.
 */
function exchangeLines(e: Exchange, width: number, spoken: boolean): string[] {
  const w = Math.max(INDENT.length + 2, Math.floor(width));
  const facts = [`sent ${clockTime(e.startedAt)}`, e.status === 0 ? 'no response' : `status ${e.status}`, `${e.durationMs} ms`, byteSize(e.bytes)];
  if (e.items !== undefined) facts.push(itemCount(e.items));
  if (e.requestId !== undefined) facts.push(`requestId ${e.requestId}`);
  // Read aloud, two spaces are no pause: "status 200 133 ms" would run together.
  const raw: string[] = [`${e.method} ${e.origin}${readablePath(e.path)}`, facts.join(spoken ? ', ' : '  ')];
  if (e.cursor !== undefined) raw.push(`cursor sent: ${e.cursor}`);
  if (e.nextCursor !== undefined) raw.push(`next cursor: ${e.nextCursor}`);
  if (e.error !== undefined) raw.push(`failed: ${e.error}`);
  if (e.bodyError !== undefined) raw.push(`body unreadable: ${e.bodyError}`);
  const limits = rateLimitText(e);
  if (limits !== '') raw.push(`rate limit: ${limits}`);
  raw.push('', 'Request headers', ...headerLines(e.requestHeaders), '', 'Response headers', ...headerLines(e.responseHeaders), '');
  if (e.body === undefined) {
    raw.push(e.bytes === 0 ? 'Body: empty' : 'Body: not kept (only the newest exchanges keep theirs)');
  } else {
    raw.push(e.body.truncated ? 'Body (cut at the size cap)' : 'Body');
    const body = bodyLines(e.body.text);
    raw.push(...body.slice(0, MAX_BODY_LINES));
    if (body.length > MAX_BODY_LINES) raw.push(`… ${body.length - MAX_BODY_LINES} more lines`);
  }
  return spoken ? wrapSpokenIndented(raw.map((line) => sanitize(line)), w) : wrapIndented(raw, w);
}

/** Lines sanitised and wrapped to `width`, each continuation indented two past its line's own indent. */
export function wrapIndented(raw: readonly string[], width: number): string[] {
  const w = Math.max(INDENT.length + 2, Math.floor(width));
  const lines: string[] = [];
  for (const line of raw) {
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    const cont = ' '.repeat(Math.min(indent + 2, Math.floor(w / 2)));
    const wrapped = wrap(sanitize(line), w - cont.length);
    wrapped.forEach((part, i) => lines.push(i === 0 ? part : cont + part));
  }
  return lines;
}

let cached:
  | { readonly exchange: Exchange; readonly width: number; readonly spoken: boolean; readonly hasBody: boolean; readonly items: number | undefined; readonly bodyError: string | undefined; readonly lines: string[] }
  | undefined;

/**
 * `exchangeLines`, remembered for the last exchange and width (every scroll key asks again).
 * `spoken` (the screen-reader mode): wrapped as the last error is, a URL filling its method's line.
 */
export function exchangeLinesCached(e: Exchange, width: number, spoken = false): string[] {
  const hasBody = e.body !== undefined;
  // The items and next cursor (or why the body is no list) arrive just after the response: they count as a change.
  if (cached?.exchange === e && cached.width === width && cached.spoken === spoken && cached.hasBody === hasBody && cached.items === e.items && cached.bodyError === e.bodyError) return cached.lines;
  const lines = exchangeLines(e, width, spoken);
  cached = { exchange: e, width, spoken, hasBody, items: e.items, bodyError: e.bodyError, lines };
  return lines;
}
