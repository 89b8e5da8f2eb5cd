/**
 * How an exchange is recorded: the request (path, cursor, headers) and the response's headers,
 * with the API key masked in its own header and taken out of everything else.
 */
import type { KeptBody } from './body-slots.js';
import { maskKey, type SecretRedactor } from '../../text/redact.js';

/** One header as recorded: the name in lower case, the value (redacted for the key). */
export interface RecordedHeader {
  readonly name: string;
  readonly value: string;
}

export interface Exchange {
  /** Counts up from 1 over the run; stays with the exchange when older ones leave the ring. */
  readonly seq: number;
  /** Epoch ms when the request was sent. */
  readonly startedAt: number;
  readonly method: string;
  /** `https://host:port` */
  readonly origin: string;
  /** Path and query exactly as sent (percent-encoded). */
  readonly path: string;
  readonly requestHeaders: readonly RecordedHeader[];
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  /** Until the response (or the failure) arrived. */
  durationMs: number;
  responseHeaders: readonly RecordedHeader[];
  /** Response body bytes as received (after decompression). */
  bytes: number;
  /** Items of a list page, once it parsed. */
  items?: number;
  /** The cursor this request sent. */
  readonly cursor?: string;
  /** The cursor the response handed out. */
  nextCursor?: string;
  requestId?: string;
  /** Rate-limit and Retry-After response headers, raw (lower-case names). */
  rateLimitHeaders: Readonly<Record<string, string>>;
  /** The rate-limit fields decoded (left for the quota reader to fill; undefined until then). */
  rateLimit?: Readonly<Record<string, unknown>>;
  /** Transport failure, when no response arrived. */
  error?: string;
  /** Why a 2xx answer's body could not be read as a list, as the app words the error. */
  bodyError?: string;
  /** The response body, for the newest exchanges only (see `bodiesKept`). */
  body?: KeptBody;
}

const RATE_LIMIT_HEADER = /^(x-)?ratelimit(-|$)|^retry-after$/;

/** A request as recorded, the key taken out of its path, cursor and headers (no outcome yet). */
export function requestRecord(seq: number, startedAt: number, method: string, origin: string, path: string, headers: Readonly<Record<string, string>>, redact: SecretRedactor): Exchange {
  const cursor = cursorOf(path);
  return {
    seq,
    startedAt,
    method,
    origin,
    path: redact.text(path),
    requestHeaders: recordHeaders(headers, redact),
    status: 0,
    durationMs: 0,
    responseHeaders: [],
    bytes: 0,
    rateLimitHeaders: {},
    ...(cursor === undefined ? {} : { cursor: redact.text(cursor) }),
  };
}

/** The header as recorded: names in lower case, repeated values joined, the key masked or taken out. */
export function recordHeaders(headers: Readonly<Record<string, string | string[] | undefined>>, redact: SecretRedactor): RecordedHeader[] {
  const out: RecordedHeader[] = [];
  for (const [rawName, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const name = redact.text(rawName.toLowerCase());
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    out.push({ name, value: name === 'x-api-key' ? maskKey(value) : redact.text(value) });
  }
  return out;
}

export function rateLimitHeadersOf(headers: readonly RecordedHeader[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of headers) if (RATE_LIMIT_HEADER.test(name)) out[name] = value;
  return out;
}

function cursorOf(path: string): string | undefined {
  const q = path.indexOf('?');
  if (q < 0) return undefined;
  const query = path.slice(q + 1);
  const first = query.indexOf('cursor');
  if (first < 0) return undefined;
  // A URLSearchParams per request is most of what recording one costs during `G`: the first
  // `cursor=` whose value has nothing to decode is read as it stands.
  if ((first === 0 || query[first - 1] === '&') && query[first + 6] === '=') {
    const end = query.indexOf('&', first);
    const raw = end < 0 ? query.slice(first + 7) : query.slice(first + 7, end);
    if (!raw.includes('%') && !raw.includes('+')) return raw;
  }
  return new URLSearchParams(query).get('cursor') ?? undefined;
}
