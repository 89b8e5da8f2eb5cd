/**
 * What the client sent and got back, for the HTTP inspector and HAR files: a ring of the last
 * exchanges' metadata, with bodies kept only for the newest few and cut at a byte cap. The API key
 * is redacted the moment an exchange is recorded; nothing here ever holds it.
 */
import { BodySlots } from './body-slots.js';
import { headerValue } from '../http/headers.js';
import { rateLimitHeadersOf, recordHeaders, requestRecord, type Exchange } from './exchange-record.js';
import type { ListPage } from '../types.js';
import { maskKey, secretRedactor, type SecretRedactor } from '../../text/redact.js';

export type { KeptBody } from './body-slots.js';
export type { Exchange, RecordedHeader } from './exchange-record.js';

/** What the client tells about one request; it calls the methods in order. */
export interface ExchangeTrace {
  /** The exchange's number in its log (an error made from its answer carries it: `E` finds the exchange by it). */
  readonly seq: number;
  /**
   * The response arrived and its body was read (`text` decoded, `bytes` its length; `raw`, when
   * given, the bytes `text` was decoded from, which a kept body is copied from).
   */
  response(status: number, headers: Readonly<Record<string, string | string[] | undefined>>, bytes: number, text: string, raw?: Uint8Array): void;
  /**
   * As response(), for a body whose reading is put off (a list page read ahead while a whole
   * listing loads): the exchange is recorded, with its body, when the function returned is called
   * (once; without `text` when the body is never read: the exchange is recorded without it).
   */
  responseBodyLater(status: number, headers: Readonly<Record<string, string | string[] | undefined>>, bytes: number): (text?: string, raw?: Uint8Array) => void;
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
  /** The redactor of the newest request's key: how a cursor of it reads as recorded. */
  private lastRedactor: SecretRedactor | undefined;

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

  /**
   * `cursor` as the log records it: with the key taken out, as an exchange's `cursor` holds it (a
   * server that echoes the key into its cursors). Any other cursor reads as it is.
   */
  cursorAsRecorded(cursor: string): string {
    return this.lastRedactor === undefined ? cursor : this.lastRedactor.text(cursor);
  }

  /** Hears every new or completed exchange, and every later change to one (which it is given); returns the unsubscribe. */
  subscribe(listener: (changed: Exchange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  begin(method: string, origin: string, path: string, headers: Readonly<Record<string, string>>): ExchangeTrace {
    const startedAt = this.now();
    const seq = ++this.seq;
    // Recorded (the key taken out of path, cursor and headers) once the exchange has an outcome,
    // not on the way out: during `G` a page's record is made after its next request was written.
    let exchange: Exchange | undefined;
    let redactor: SecretRedactor | undefined;
    // Whatever the server sends back is recorded with the key taken out, whole or in part.
    const redact = (): SecretRedactor => (redactor ??= this.lastRedactor = secretRedactor(headerValue(headers, 'x-api-key')));
    const record = (): Exchange => (exchange ??= requestRecord(seq, startedAt, method, origin, path, headers, redact()));
    let done = false;
    const finish = (endedAt = this.now()): void => {
      if (done) return;
      done = true;
      const ended = record();
      ended.durationMs = Math.max(0, endedAt - startedAt);
      this.add(ended);
    };
    const answered = (status: number, rawHeaders: Readonly<Record<string, string | string[] | undefined>>, bytes: number): void => {
      const e = record();
      e.status = status;
      e.responseHeaders = recordHeaders(rawHeaders, redact());
      e.bytes = bytes;
      e.rateLimitHeaders = rateLimitHeadersOf(e.responseHeaders);
      e.requestId = headerValue(e.responseHeaders, 'x-request-id') ?? headerValue(e.responseHeaders, 'request-id');
    };
    const keepBody = (text: string, raw: Uint8Array | undefined): void => {
      const safe = redactedBody(text, redact());
      record().body = raw === undefined || safe !== text ? this.bodies.keep(safe) : this.bodies.keepBytes(raw);
    };
    return {
      seq,
      response: (status, rawHeaders, bytes, text, raw) => {
        answered(status, rawHeaders, bytes);
        // Only an error body: parsing every list page a second time would double the cost of `G`.
        if (record().requestId === undefined && status >= 400) record().requestId = requestIdInBody(text, redact());
        if (this.bodiesKept > 0) keepBody(text, raw);
        finish();
      },
      responseBodyLater: (status, rawHeaders, bytes) => {
        const answeredAt = this.now();
        let recorded = false;
        return (text, raw) => {
          if (recorded) return;
          recorded = true;
          answered(status, rawHeaders, bytes);
          // Recorded now, it is the newest: it keeps its body as response() does.
          if (text !== undefined && this.bodiesKept > 0) keepBody(text, raw);
          finish(answeredAt);
        };
      },
      listed: (page) => {
        const e = record();
        e.items = page.items.length;
        if (page.nextCursor !== undefined) e.nextCursor = redact().text(page.nextCursor);
        this.changed(e);
      },
      unreadable: (reason) => {
        const e = record();
        if (e.bodyError !== undefined) return;
        e.bodyError = redact().text(reason);
        this.changed(e);
      },
      failed: (error) => {
        if (done) return;
        record().error = redact().text(error instanceof Error ? error.message : String(error));
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

  private changed(exchange: Exchange): void {
    for (const listener of this.listeners) listener(exchange);
  }
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
