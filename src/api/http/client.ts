/**
 * The HTTP client for the Page Service. One undici dispatcher per client (keep-alive pool per
 * origin, proxy from the environment), request paths sent exactly as built, compressed bodies
 * asked for and decoded under a byte cap (response-body.ts), typed errors, and a rate-limit
 * gate: after a 429 no request goes out until the server's retry time.
 */
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { basePathPrefix, isLoopbackHost } from './base-url.js';
import { ApiError } from './errors.js';
import { headerValue } from './headers.js';
import type { ExchangeObserver } from '../inspector/exchange-log.js';
import { decodeBody, errorFromResponse, parseListBody } from './parse.js';
import { peekedPage, peekNextCursor, type PageAnswer } from '../pager/peeked-page.js';
import { pageGroupPagesPath, pageGroupsPath, type ListQuery } from './paths.js';
import { QuotaPacer, type QuotaTicket } from '../quota/quota-pacer.js';
import { RateLimit } from '../quota/rate-limit.js';
import { readRateLimitFields } from '../quota/rate-limit-fields.js';
import { ACCEPT_ENCODING, readResponseBody } from './response-body.js';
import { transportError } from './transport-errors.js';
import type { ListOptions, ListPage, PageSource } from '../types.js';

export interface ApiClientOptions {
  /** From `parseBaseUrl`. */
  readonly baseUrl: URL;
  /** Read on every request (the key may change after a login). */
  readonly getApiKey: () => string | undefined;
  /** Default `pagetui/<version>`. */
  readonly userAgent?: string;
  /** Used in the default user agent; default `dev`. */
  readonly version?: string;
  readonly connectTimeoutMs?: number;
  readonly headersTimeoutMs?: number;
  readonly bodyTimeoutMs?: number;
  /**
   * Default 8 MiB, counted after decoding a compressed body; a larger body fails with
   * `bad-response` / `RESPONSE_TOO_LARGE`.
   */
  readonly maxResponseBytes?: number;
  /** Use this dispatcher instead of creating one (the caller then owns and closes it). */
  readonly dispatcher?: Dispatcher;
  /** Proxy overrides; by default HTTP_PROXY / HTTPS_PROXY / NO_PROXY are read at creation. */
  readonly httpProxy?: string;
  readonly httpsProxy?: string;
  readonly noProxy?: string;
  readonly now?: () => number;
  /** Where 429s are recorded (until when, how many in a row); default a new one of 5 automatic waits. */
  readonly rateLimit?: RateLimit;
  /** Told about every request and its response (the HTTP inspector's log). */
  readonly observer?: ExchangeObserver;
  /** Paces background requests by the quota the server announces; default a new pacer. */
  readonly quota?: QuotaPacer;
}

export interface ApiClient {
  readonly baseUrl: URL;
  /** GET /v0/page_groups */
  listPageGroups(o?: ListOptions): Promise<ListPage>;
  /** GET /v0/page_groups/{groupId}/pages */
  listPages(groupId: string, o?: ListOptions): Promise<ListPage>;
  /** As listPageGroups, but a page whose body says more follows comes back peeked (peeked-page.ts). */
  peekPageGroups(o?: ListOptions): Promise<PageAnswer>;
  /** As listPages, but a page whose body says more follows comes back peeked (peeked-page.ts). */
  peekPages(groupId: string, o?: ListOptions): Promise<PageAnswer>;
  /** Epoch ms until which the service is rate limited (no request is sent), or undefined. */
  rateLimitedUntil(): number | undefined;
  /** Until when the service said to wait, 429s in a row and the automatic waits left; pagers over this client wait from it. */
  readonly rateLimit: RateLimit;
  /** The quota the server announces, and the pacing of background requests by it. */
  readonly quota: QuotaPacer;
  /** Closes the connection pool (only if the client created it). */
  close(): Promise<void>;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_HEADERS_TIMEOUT_MS = 15_000;
const DEFAULT_BODY_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Error bodies are only read this far; they are shown as a short excerpt anyway. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Creates a client. Nothing is sent until a list method is called. */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const baseUrl = new URL(opts.baseUrl.href);
  const origin = baseUrl.origin;
  const prefix = basePathPrefix(baseUrl);
  const now = opts.now ?? Date.now;
  const userAgent = opts.userAgent ?? `pagetui/${opts.version ?? 'dev'}`;
  const headersTimeout = opts.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const bodyTimeout = opts.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const ownsDispatcher = opts.dispatcher === undefined;
  const dispatcher = opts.dispatcher ?? createDispatcher(baseUrl, opts);

  const rateLimit = opts.rateLimit ?? new RateLimit();
  const quota = opts.quota ?? new QuotaPacer({ now });

  async function getList(path: (q: ListQuery) => string, o: ListOptions, peek: true): Promise<PageAnswer>;
  async function getList(path: (q: ListQuery) => string, o: ListOptions, peek: false): Promise<ListPage>;
  async function getList(path: (q: ListQuery) => string, o: ListOptions, peek: boolean): Promise<PageAnswer> {
    const signal = o.signal;
    if (signal?.aborted === true) throw abortedError();
    rateLimit.check(now());
    const key = readKey(opts.getApiKey);
    const admitted = quota.admit(o.background === true, signal);
    let ticket: QuotaTicket;
    if (admitted instanceof Promise) {
      try {
        ticket = await admitted;
      } catch {
        throw abortedError();
      }
    } else {
      ticket = admitted;
    }
    try {
      // A 429 may have come in for another request while this one waited.
      rateLimit.check(now());
      return await send(key, path, o, ticket, peek);
    } finally {
      ticket.failed();
    }
  }

  async function send(key: string, path: (q: ListQuery) => string, o: ListOptions, ticket: QuotaTicket, peek: boolean): Promise<PageAnswer> {
    const signal = o.signal;
    const requestPath = path({ cursor: o.cursor, limit: o.limit });
    const headers = { 'x-api-key': key, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING, 'user-agent': userAgent };
    const trace = opts.observer?.begin('GET', origin, requestPath, headers);

    let res: Dispatcher.ResponseData;
    try {
      res = await dispatcher.request({
        origin,
        path: requestPath,
        method: 'GET',
        headers,
        signal,
        headersTimeout,
        bodyTimeout,
      });
    } catch (err) {
      const error = transportError(err, { origin, signal, key, headersTimeout, bodyTimeout, connectTimeout: opts.connectTimeoutMs });
      trace?.failed(error);
      throw error;
    }

    ticket.answered(readRateLimitFields(res.headers, now()));
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    let bytes: Uint8Array;
    let source: PageSource | undefined;
    try {
      bytes = await readResponseBody(res, ok ? maxBytes : MAX_ERROR_BODY_BYTES, ok, (wire, codings) => {
        if (ok) source = { bytes: wire, codings };
      });
    } catch (err) {
      const error = transportError(err, { origin, signal, key, headersTimeout, bodyTimeout, connectTimeout: opts.connectTimeoutMs });
      trace?.failed(error);
      throw error;
    }
    const text = decodeBody(bytes);
    trace?.response(res.statusCode, res.headers, bytes.length, text, bytes);
    // Let undici put the socket back in the pool before the caller sends the next request;
    // resolving in the same tick can make it open a second connection for that request.
    await new Promise<void>((resolve) => setImmediate(resolve));

    if (res.statusCode === 429) {
      const attempt = rateLimit.limited();
      const err = errorFromResponse({ status: 429, headers: res.headers, bodyText: text, now: now(), attempt });
      rateLimit.holdUntil(err.retryAt);
      throw err;
    }
    rateLimit.answered();
    if (ok) {
      const parse = (): ListPage => {
        const page = parseListBody(text, headerValue(res.headers, 'content-type'));
        trace?.listed(page);
        // Without the wire bytes (a body decoded as a stream) the decoded ones are the source.
        return { ...page, source: source ?? { bytes, codings: [] } };
      };
      const next = peek ? peekNextCursor(text) : undefined;
      return next === undefined ? parse() : peekedPage(next, parse);
    }
    throw errorFromResponse({ status: res.statusCode, headers: res.headers, bodyText: text, now: now(), path: requestPath.split('?')[0] });
  }

  const pagesPath = (groupId: string): ((q: ListQuery) => string) => {
    // Validate the id before anything else so a bad id is reported as such, not as a missing key.
    pageGroupPagesPath(prefix, groupId);
    return (q) => pageGroupPagesPath(prefix, groupId, q);
  };

  return {
    baseUrl,
    listPageGroups: (o = {}) => getList((q) => pageGroupsPath(prefix, q), o, false),
    listPages: async (groupId, o = {}) => getList(pagesPath(groupId), o, false),
    peekPageGroups: (o = {}) => getList((q) => pageGroupsPath(prefix, q), o, true),
    peekPages: async (groupId, o = {}) => getList(pagesPath(groupId), o, true),
    rateLimit,
    quota,
    rateLimitedUntil: () => rateLimit.limitedUntil(now()),
    close: async () => {
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}

function createDispatcher(baseUrl: URL, opts: ApiClientOptions): Dispatcher {
  const agentOpts = {
    connect: { timeout: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
  };
  // Like Go's and curl's defaults, a loopback service (the demo server) is never proxied.
  if (isLoopbackHost(baseUrl.hostname) && opts.httpProxy === undefined && opts.httpsProxy === undefined) {
    return new Agent(agentOpts);
  }
  return new EnvHttpProxyAgent({
    ...agentOpts,
    // Plain-http targets go through the proxy as absolute-form requests, not CONNECT tunnels.
    proxyTunnel: false,
    ...(opts.httpProxy === undefined ? {} : { httpProxy: opts.httpProxy }),
    ...(opts.httpsProxy === undefined ? {} : { httpsProxy: opts.httpsProxy }),
    ...(opts.noProxy === undefined ? {} : { noProxy: opts.noProxy }),
  });
}

function readKey(getApiKey: () => string | undefined): string {
  let key: string | undefined;
  try {
    key = getApiKey();
  } catch {
    key = undefined;
  }
  if (typeof key !== 'string' || key.trim() === '') {
    throw new ApiError('auth', 'NO_API_KEY', 'No API key is set; log in or set PAGETUI_API_KEY.');
  }
  // Only visible ASCII and spaces/tabs may go into a header; anything else would be rejected
  // by the HTTP layer (or worse, split the header).
  if (!/^[\x20-\x7e\t]+$/.test(key)) {
    throw new ApiError('auth', 'BAD_API_KEY', 'The API key contains characters that cannot be sent in a header.');
  }
  return key.trim();
}

function abortedError(): ApiError {
  return new ApiError('aborted', 'ABORTED', 'The request was cancelled.');
}
