/**
 * The HTTP client for the Page Service. One undici dispatcher per client (keep-alive pool per
 * origin, proxy from the environment), request paths sent exactly as built, compressed bodies
 * asked for and decoded under a byte cap (response-body.ts), typed errors, and a rate-limit
 * gate: after a 429 no request goes out until the server's retry time.
 */
import { apiKeyHeaderProblem } from '../../text/api-key-limits.js';
import type { Dispatcher } from 'undici';
import { abortRelay } from './abort-relay.js';
import { createDispatcher, type TunnelWatch } from './dispatcher.js';
import { basePathPrefix } from './base-url.js';
import { ApiError, errorOfRequest } from './errors.js';
import { ResponseDeadline, secondsText, type ResponseLimit } from './response-deadline.js';
import type { ExchangeObserver } from '../inspector/exchange-log.js';
import { decodeBody } from './parse.js';
import { pageOfAnswer } from './list-answer.js';
import type { PageAnswer } from '../pager/peeked-page.js';
import { pageGroupPagesPath, pageGroupsPath, type ListQuery } from './paths.js';
import { QuotaPacer, type QuotaTicket } from '../quota/quota-pacer.js';
import { RateLimit } from '../quota/rate-limit.js';
import { readRateLimitFields } from '../quota/rate-limit-fields.js';
import { ACCEPT_ENCODING, readResponseBody } from './response-body.js';
import { proxyFor, type ProxyDecision, type ProxyEnv } from './proxy.js';
import { plainProxyTimeoutError, proxyTimeoutError, proxyWaitText, type ProxyContext } from './proxy-errors.js';
import { transportError, type TransportContext } from './transport-errors.js';
import type { ListOptions, ListPage, PageSource } from '../types.js';
import { secretRedactor, type SecretRedactor } from '../../text/redact.js';

export interface ApiClientOptions {
  /** From `parseBaseUrl`. */
  readonly baseUrl: URL;
  /** Read on every request (the key may change after a login). */
  readonly getApiKey: () => string | undefined;
  /** Default `pagetui/<version>`. */
  readonly userAgent?: string;
  /** Used in the default user agent; default `dev`. */
  readonly version?: string;
  /**
   * The overall deadline of each response, headers and body together (default 30 s), and what
   * the user sets it with. The idle timeouts scale from it unless given: connecting a third of
   * it; the headers and a silence in the body all of it (the overall deadline decides first).
   */
  readonly timeout?: ResponseLimit;
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
  /**
   * The proxy, as `proxyFor` decided it; default: decided from `proxyEnv` when the client is
   * created (a proxy variable that is not a proxy URL throws a `usage` ApiError then).
   */
  readonly proxy?: ProxyDecision;
  /** Where the proxy variables are read (HTTPS_PROXY, NO_PROXY, …); default `process.env`. */
  readonly proxyEnv?: ProxyEnv;
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
  /** Each response's overall deadline and what set it. */
  readonly timeout?: ResponseLimit;
  /** While a request waits for the proxy to answer (its CONNECT, or a plain-http request): `the proxy host:port (from HTTPS_PROXY)`. */
  waitingFor?(): string | undefined;
  /** Closes the connection pool (only if the client created it). */
  close(): Promise<void>;
}

/** The overall deadline when the user sets none (connecting may take a third of it: 10 s). */
export const DEFAULT_TIMEOUT: ResponseLimit = { ms: 30_000, source: '--timeout' };
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
  const limit = opts.timeout ?? DEFAULT_TIMEOUT;
  const headersTimeout = opts.headersTimeoutMs ?? limit.ms;
  const bodyTimeout = opts.bodyTimeoutMs ?? limit.ms;
  const connectTimeout = opts.connectTimeoutMs ?? Math.ceil(limit.ms / 3);
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const ownsDispatcher = opts.dispatcher === undefined;
  const decision = opts.dispatcher === undefined ? (opts.proxy ?? proxyFor(baseUrl, opts.proxyEnv ?? process.env)) : undefined;
  const proxy: ProxyContext | undefined =
    decision?.proxy === undefined ? undefined : { hostPort: decision.proxy.hostPort, variable: decision.variable, hasCredentials: decision.proxy.hasCredentials, protocol: decision.proxy.protocol };
  const made = opts.dispatcher === undefined ? createDispatcher(baseUrl, decision, connectTimeout, limit.ms) : undefined;
  const dispatcher = opts.dispatcher ?? (made as { dispatcher: Dispatcher }).dispatcher;
  const tunnels: TunnelWatch = made?.tunnels ?? { pending: 0 };
  /** Requests waiting for their response's headers. */
  let awaitingHeaders = 0;
  const failure = (err: unknown, signal: AbortSignal | undefined, key: string, path: string): ApiError => {
    const ctx: TransportContext = { origin, signal, key, path, limit, connectTimeout, headersTimeout, bodyTimeout, ...(proxy ? { proxy } : {}) };
    return transportError(err, ctx);
  };

  // A plain-http service is asked through the proxy itself (absolute form): the proxy owes every answer.
  const tunnelled = baseUrl.protocol === 'https:';
  // A deadline that passed while the proxy owed its answer (to the CONNECT, or to a plain-http request) is said about the proxy.
  const lateProxy = (late: ApiError | undefined, path: string): ApiError | undefined => {
    if (late === undefined || proxy === undefined) return late;
    const within = `${secondsText(limit.ms)} (${limit.source})`;
    if (tunnels.pending > 0) return proxyTimeoutError(proxy, baseUrl.host || baseUrl.hostname, within);
    return tunnelled ? late : plainProxyTimeoutError(proxy, path, within);
  };

  const rateLimit = opts.rateLimit ?? new RateLimit();
  // The key may change (a login); its redactor is made again only then.
  let redactor: { key: string; redact: SecretRedactor } | undefined;
  const redactorFor = (key: string): SecretRedactor => {
    if (redactor?.key !== key) redactor = { key, redact: secretRedactor(key) };
    return redactor.redact;
  };
  const quota = opts.quota ?? new QuotaPacer({ now });

  async function getList(path: (q: ListQuery) => string, o: ListOptions, peek: true): Promise<PageAnswer>;
  async function getList(path: (q: ListQuery) => string, o: ListOptions, peek: false): Promise<ListPage>;
  async function getList(path: (q: ListQuery) => string, o: ListOptions, peek: boolean): Promise<PageAnswer> {
    const signal = o.signal;
    if (signal?.aborted === true) throw abortedError();
    rateLimit.check(now());
    const key = readKey(opts.getApiKey);
    const background = o.background === true;
    const admitted = quota.admit(background, signal, !background && rateLimit.takePass());
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
      o.onSent?.();
      return await send(key, path, o, ticket, peek);
    } finally {
      ticket.failed();
    }
  }

  async function send(key: string, path: (q: ListQuery) => string, o: ListOptions, ticket: QuotaTicket, peek: boolean): Promise<PageAnswer> {
    const requestPath = path({ cursor: o.cursor, limit: o.limit });
    const deadline = new ResponseDeadline(limit, requestPath.split('?')[0] ?? requestPath, o.signal);
    try {
      return await sendWithin(deadline, key, requestPath, o, ticket, peek);
    } finally {
      deadline.dispose();
    }
  }

  async function sendWithin(deadline: ResponseDeadline, key: string, requestPath: string, o: ListOptions, ticket: QuotaTicket, peek: boolean): Promise<PageAnswer> {
    const signal = o.signal;
    const failed = (err: unknown): ApiError => lateProxy(deadline.failure(), deadline.path) ?? failure(err, o.signal, key, deadline.path);
    const headers = { 'x-api-key': key, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING, 'user-agent': userAgent };
    const trace = opts.observer?.begin('GET', origin, requestPath, headers);

    let res: Dispatcher.ResponseData;
    // Stopped (Esc, r) with no other request waiting: a CONNECT the proxy still owes is given up at
    // once (undici itself would keep the request queued, and the socket open, until it is answered).
    const giveUpTunnel = (): void => {
      if (awaitingHeaders === 1) tunnels.abandon?.();
    };
    // Only through a proxy's tunnel: removing a listener from an AbortSignal costs µs a request.
    const watchesTunnel = tunnels.abandon !== undefined && signal !== undefined;
    if (watchesTunnel) signal.addEventListener('abort', giveUpTunnel, { once: true });
    awaitingHeaders++;
    try {
      res = await deadline.headers(dispatcher.request({
        origin,
        path: requestPath,
        method: 'GET',
        headers,
        signal: abortRelay(signal),
        headersTimeout,
        bodyTimeout,
      }));
    } catch (err) {
      const error = errorOfRequest(failed(err), deadline.path, trace?.seq);
      trace?.failed(error);
      throw error;
    } finally {
      awaitingHeaders--;
      if (watchesTunnel) signal.removeEventListener('abort', giveUpTunnel);
    }

    deadline.watch(res.body);
    ticket.answered(readRateLimitFields(res.headers, now()));
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    let bytes: Uint8Array;
    let source: PageSource | undefined;
    try {
      bytes = await readResponseBody(res, ok ? maxBytes : MAX_ERROR_BODY_BYTES, ok, (wire, codings) => {
        if (ok) source = { bytes: wire, codings };
      });
    } catch (err) {
      const error = errorOfRequest(failed(err), deadline.path, trace?.seq);
      trace?.failed(error);
      throw error;
    }
    const text = decodeBody(bytes);
    const redact = redactorFor(key);
    // Let undici put the socket back in the pool before the caller sends the next request;
    // resolving in the same tick can make it open a second connection for that request.
    await new Promise<void>((resolve) => setImmediate(resolve));

    return pageOfAnswer({ statusCode: res.statusCode, headers: res.headers, text, bytes, source }, { origin, requestPath, proxy, rateLimit, redact, now, trace, peek });
  }

  // The id a pager asks for page after page: checked once, not built into a path again per request.
  let checkedGroupId: string | undefined;
  const pagesPath = (groupId: string): ((q: ListQuery) => string) => {
    // Validate the id before anything else so a bad id is reported as such, not as a missing key.
    if (typeof groupId !== 'string' || groupId !== checkedGroupId) {
      pageGroupPagesPath(prefix, groupId);
      checkedGroupId = groupId;
    }
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
    timeout: limit,
    rateLimitedUntil: () => rateLimit.limitedUntil(now()),
    waitingFor: () => (proxy !== undefined && (tunnelled ? tunnels.pending : awaitingHeaders) > 0 ? proxyWaitText(proxy) : undefined),
    // destroy, not close: close() would wait for a request still owed an answer (a CONNECT a proxy
    // never answers holds it for minutes), and nothing in flight is wanted once the client goes.
    close: async () => {
      if (ownsDispatcher) await dispatcher.destroy();
    },
  };
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
  // Anything else would be rejected by the HTTP layer (or worse, split the header); a key of
  // hundreds of kilobytes (a pasted file) is not sent at all.
  const problem = apiKeyHeaderProblem(key.trim());
  if (problem !== undefined) {
    throw new ApiError('auth', 'BAD_API_KEY', `The API key ${problem}.`);
  }
  return key.trim();
}

function abortedError(): ApiError {
  return new ApiError('aborted', 'ABORTED', 'The request was cancelled.');
}
