/**
 * What the client sent and got back, for the HTTP inspector and HAR files: a ring of the last
 * exchanges' metadata, with bodies kept only for the newest few and cut at a byte cap. The API key
 * is redacted the moment an exchange is recorded; nothing here ever holds it.
 */
import { BodySlots, type KeptBody } from './body-slots.js';
import { headerValue } from '../http/headers.js';
import type { ListPage } from '../types.js';
import { maskKey, secretRedactor, type SecretRedactor } from '../../text/redact.js';

export type { KeptBody } from './body-slots.js';

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

/** What the client tells about one request; it calls the methods in order. */
export interface ExchangeTrace {
  /**
   * The response arrived and its body was read (`text` decoded, `bytes` its length; `raw`, when
   * given, the bytes `text` was decoded from, which a kept body is copied from).
   */
  response(status: number, headers: Readonly<Record<string, string | string[] | undefined>>, bytes: number, text: string, raw?: Uint8Array): void;
  /**
   * As response(), for a body whose reading is put off (a list page read ahead while a whole
   * listing loads): the exchange is recorded now, its body when the function returned is called
   * (once; never, and it has none).
   */
  responseBodyLater(status: number, headers: Readonly<Record<string, string | string[] | undefined>>, bytes: number): (text: string, raw?: Uint8Array) => void;
  /** A list page parsed from the body. */
  listed(page: ListPage): void;
  /** The body, its status a success, is not a list: `reason` is the error as the app says it. */
  unreadable(reason: string): void;
  /** No response: the request failed on the way. */
  failed(error: unknown): void;
}

/** Passed to the client at construction: told about every request it sends. */
export interface ExchangeObserver {
  begin(method: string, origin: string, path: string, headers: Readonly<Record<string, string>>): ExchangeTrace;
}

export interface ExchangeLogOptions {
  /** Exchanges kept (oldest leave first); default 200. */
  readonly capacity?: number;
  /** Only the newest this many keep their bodies; default 20. */
  readonly bodiesKept?: number;
  /** A kept body is cut at this many UTF-8 bytes; default 64 KiB. */
  readonly maxBodyBytes?: number;
  readonly now?: () => number;
}

const RATE_LIMIT_HEADER = /^(x-)?ratelimit(-|$)|^retry-after$/;

/** How the key is shown in a recorded header: the one masking (`maskKey`). */
export const redactKey = maskKey;

/** The ring of recorded exchanges. Listeners (the open inspector) hear of each change. */
export class ExchangeLog implements ExchangeObserver {
  private readonly capacity: number;
  private readonly bodiesKept: number;
  private readonly bodies: BodySlots;
  private readonly now: () => number;
  private readonly ring: Exchange[] = [];
  private readonly listeners = new Set<(changed: Exchange) => void>();
  private seq = 0;

  constructor(options: ExchangeLogOptions = {}) {
    this.capacity = Math.max(1, options.capacity ?? 200);
    this.bodiesKept = Math.max(0, options.bodiesKept ?? 20);
    this.bodies = new BodySlots(this.bodiesKept, Math.max(0, options.maxBodyBytes ?? 64 * 1024));
    this.now = options.now ?? Date.now;
  }

  /** Oldest first. */
  entries(): readonly Exchange[] {
    return this.ring;
  }

  /** Hears every new or completed exchange, and every later change to one (which it is given); returns the unsubscribe. */
  subscribe(listener: (changed: Exchange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  begin(method: string, origin: string, path: string, headers: Readonly<Record<string, string>>): ExchangeTrace {
    const startedAt = this.now();
    // Whatever the server sends back is recorded with the key taken out, whole or in part.
    const redact = secretRedactor(headerValue(headers, 'x-api-key'));
    const cursor = cursorOf(path);
    const exchange: Exchange = {
      seq: ++this.seq,
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
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      exchange.durationMs = Math.max(0, this.now() - startedAt);
      this.add(exchange);
    };
    const answered = (status: number, rawHeaders: Readonly<Record<string, string | string[] | undefined>>, bytes: number): void => {
      exchange.status = status;
      exchange.responseHeaders = recordHeaders(rawHeaders, redact);
      exchange.bytes = bytes;
      exchange.rateLimitHeaders = rateLimitHeadersOf(exchange.responseHeaders);
      exchange.requestId = headerValue(exchange.responseHeaders, 'x-request-id') ?? headerValue(exchange.responseHeaders, 'request-id');
    };
    const keepBody = (text: string, raw: Uint8Array | undefined): void => {
      const safe = redactedBody(text, redact);
      exchange.body = raw === undefined || safe !== text ? this.bodies.keep(safe) : this.bodies.keepBytes(raw);
    };
    return {
      response: (status, rawHeaders, bytes, text, raw) => {
        answered(status, rawHeaders, bytes);
        // Only an error body: parsing every list page a second time would double the cost of `G`.
        if (exchange.requestId === undefined && status >= 400) exchange.requestId = requestIdInBody(text, redact);
        if (this.bodiesKept > 0) keepBody(text, raw);
        finish();
      },
      responseBodyLater: (status, rawHeaders, bytes) => {
        answered(status, rawHeaders, bytes);
        finish();
        let kept = false;
        return (text, raw) => {
          if (kept) return;
          kept = true;
          // An exchange already past the newest few keeps no body.
          if (!this.keepsBodyOf(exchange)) return;
          keepBody(text, raw);
          this.changed(exchange);
        };
      },
      listed: (page) => {
        exchange.items = page.items.length;
        if (page.nextCursor !== undefined) exchange.nextCursor = redact.text(page.nextCursor);
        this.changed(exchange);
      },
      unreadable: (reason) => {
        if (exchange.bodyError !== undefined) return;
        exchange.bodyError = redact.text(reason);
        this.changed(exchange);
      },
      failed: (error) => {
        if (done) return;
        exchange.error = redact.text(error instanceof Error ? error.message : String(error));
        finish();
      },
    };
  }

  private add(exchange: Exchange): void {
    this.ring.push(exchange);
    // shift(), not splice(0, n): V8 moves a long array's start for a shift, where the splice copied
    // the other 199 entries for every request (0.8 µs against 0.04).
    while (this.ring.length > this.capacity) this.ring.shift();
    const older = this.ring.length - 1 - this.bodiesKept;
    // Not `delete`: that would turn the exchange into a slower dictionary-mode object.
    const dropped = older >= 0 ? this.ring[older] : undefined;
    if (dropped !== undefined) dropped.body = undefined;
    this.changed(exchange);
  }

  /** Whether `exchange` is among the newest `bodiesKept` of the ring. */
  private keepsBodyOf(exchange: Exchange): boolean {
    if (this.bodiesKept === 0) return false;
    const at = this.ring.lastIndexOf(exchange);
    return at >= 0 && at >= this.ring.length - this.bodiesKept;
  }

  private changed(exchange: Exchange): void {
    for (const listener of this.listeners) listener(exchange);
  }
}

/** The header as recorded: names in lower case, repeated values joined, the key masked or taken out. */
function recordHeaders(headers: Readonly<Record<string, string | string[] | undefined>>, redact: SecretRedactor): RecordedHeader[] {
  const out: RecordedHeader[] = [];
  for (const [rawName, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const name = redact.text(rawName.toLowerCase());
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    out.push({ name, value: name === 'x-api-key' ? maskKey(value) : redact.text(value) });
  }
  return out;
}

/**
 * The body as kept: the key taken out of its text, and out of JSON whose escapes (`\u0073k-…`)
 * hide it from a plain search; such JSON is kept re-serialised, redacted.
 */
function redactedBody(text: string, redact: SecretRedactor): string {
  const plain = redact.text(text);
  if (plain !== text || !redact.escapesMayHide(text)) return plain;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const safe = redact.json(value, text);
  return safe === value ? text : JSON.stringify(safe);
}

function rateLimitHeadersOf(headers: readonly RecordedHeader[]): Record<string, string> {
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

/** An error body's `requestId`, when the body is a small JSON object that has one. */
function requestIdInBody(text: string, redact: SecretRedactor): string | undefined {
  // A list page from a server that sends no request-id header: not parsed a second time.
  if (text.length > 64 * 1024 || !text.includes('"requestId"') || !text.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && 'requestId' in parsed) {
      const id = (parsed as { requestId?: unknown }).requestId;
      return typeof id === 'string' ? redact.text(id) : undefined;
    }
  } catch {
    // Not JSON: no id.
  }
  return undefined;
}

/**
 * The path and query for reading: each path segment and query value percent-decoded (ids read as
 * they are). Not sanitised: that happens where it meets the terminal.
 */
export function readablePath(path: string): string {
  const q = path.indexOf('?');
  const pathPart = q < 0 ? path : path.slice(0, q);
  const segments = pathPart.split('/').map(decodeSafely).join('/');
  if (q < 0) return segments;
  const params = [...new URLSearchParams(path.slice(q + 1))].map(([k, v]) => `${k}=${v}`);
  return `${segments}?${params.join('&')}`;
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
