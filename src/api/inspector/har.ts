/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) of recorded exchanges, for a
 * browser's network panel. The key is already redacted in the log; bodies are included as the log
 * kept them (cut at its cap) and only for the exchanges that still have one.
 */
import type { Exchange, RecordedHeader } from './exchange-log.js';
import { headerValue } from '../http/headers.js';
import { jsonText } from '../../text/json.js';

interface HarNameValue {
  readonly name: string;
  readonly value: string;
}

export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly HarNameValue[];
    readonly headers: readonly HarNameValue[];
    readonly queryString: readonly HarNameValue[];
    readonly headersSize: number;
    readonly bodySize: number;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly HarNameValue[];
    readonly headers: readonly HarNameValue[];
    readonly content: { readonly size: number; readonly compression?: number; readonly mimeType: string; readonly text?: string; readonly comment?: string };
    readonly redirectURL: string;
    readonly headersSize: number;
    readonly bodySize: number;
    readonly _error?: string;
  };
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
}

export interface Har {
  readonly log: {
    readonly version: '1.2';
    readonly creator: { readonly name: string; readonly version: string };
    readonly entries: readonly HarEntry[];
  };
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/**
 * The response body's size on the wire (HAR's bodySize): the decoded size when it came unencoded;
 * when it came compressed, its content-length, else -1 (not known).
 */
function receivedBytes(exchange: Exchange): number {
  if (exchange.status === 0) return -1;
  const encoding = headerValue(exchange.responseHeaders, 'content-encoding')?.trim().toLowerCase();
  if (encoding === undefined || encoding === '' || encoding === 'identity') return exchange.bytes;
  const length = headerValue(exchange.responseHeaders, 'content-length')?.trim() ?? '';
  return /^\d{1,15}$/.test(length) ? Number(length) : -1;
}

/** The HAR document of `exchanges` (oldest first, as the log lists them). */
export function buildHar(exchanges: readonly Exchange[], creatorVersion: string): Har {
  return { log: { version: '1.2', creator: { name: 'pagetui', version: creatorVersion }, entries: exchanges.map(harEntry) } };
}

function harEntry(exchange: Exchange): HarEntry {
  const url = `${exchange.origin}${exchange.path}`;
  const body = exchange.body;
  const received = receivedBytes(exchange);
  const content = {
    size: exchange.bytes,
    ...(received > 0 && received < exchange.bytes ? { compression: exchange.bytes - received } : {}),
    mimeType: headerValue(exchange.responseHeaders, 'content-type') ?? (exchange.status === 0 ? 'x-unknown' : 'application/octet-stream'),
    ...(body ? { text: body.text } : {}),
    ...(body?.truncated === true ? { comment: 'cut at the size cap' } : {}),
    ...(!body && exchange.bytes > 0 ? { comment: 'body not kept (only the newest are)' } : {}),
  };
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: exchange.durationMs,
    request: {
      method: exchange.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: exchange.requestHeaders.map(nameValue),
      queryString: queryOf(exchange.path),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: exchange.status,
      statusText: STATUS_TEXT[exchange.status] ?? '',
      httpVersion: exchange.status === 0 ? '' : 'HTTP/1.1',
      cookies: [],
      headers: exchange.responseHeaders.map(nameValue),
      content,
      redirectURL: headerValue(exchange.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: received,
      ...(exchange.error === undefined ? {} : { _error: exchange.error }),
    },
    cache: {},
    // Only the whole round trip is measured: it is all "wait".
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
  };
}

const nameValue = ({ name, value }: RecordedHeader): HarNameValue => ({ name, value });

function queryOf(path: string): HarNameValue[] {
  const q = path.indexOf('?');
  if (q < 0) return [];
  return [...new URLSearchParams(path.slice(q + 1))].map(([name, value]) => ({ name, value }));
}

/** The HAR as the file holds it. */
export function harText(exchanges: readonly Exchange[], creatorVersion: string): string {
  return `${jsonText(buildHar(exchanges, creatorVersion), 2)}\n`;
}
