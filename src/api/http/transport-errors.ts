/**
 * Maps errors thrown by undici or node's sockets (no HTTP response) to ApiError. Messages name
 * the origin and never the API key.
 */
import { ApiError } from './errors.js';
import { isProxyLeg, proxyError, proxyTlsError, type ProxyContext } from './proxy-errors.js';
import { tlsError } from './tls-errors.js';
import { unreadableAnswerError } from './unreadable-answer.js';
import { noCompleteAnswer, secondsText, type ResponseLimit } from './response-deadline.js';
import { redactSecret, secretRedactor } from '../../text/redact.js';

export interface TransportContext {
  readonly origin: string;
  /** The caller's signal: when it is aborted, the failure is a cancellation. */
  readonly signal?: AbortSignal;
  /** Only used to scrub it from any text copied from the underlying error. */
  readonly key?: string;
  /** The request's path without its query, and the user's limit: a timeout names both. */
  readonly path?: string;
  readonly limit?: ResponseLimit;
  /** Connecting may take this much (a third of the limit unless set otherwise). */
  readonly connectTimeout?: number;
  /** Set apart from the limit only by a caller that gives its own idle timeouts. */
  readonly headersTimeout?: number;
  readonly bodyTimeout?: number;
  /** The proxy the request went through: connection failures and its refusals are then said about it. */
  readonly proxy?: ProxyContext;
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;

/** Turns any transport failure into an ApiError of kind aborted, timeout or network, or bad-response for an answer that is not readable HTTP. */
export function transportError(err: unknown, ctx: TransportContext): ApiError {
  if (err instanceof ApiError) return err;
  const { origin } = ctx;
  const code = errorCode(err);
  const cause = safeCause(err, ctx.key);
  // Before the abort check: undici reports a proxy's refusal to CONNECT as an AbortError.
  if (ctx.proxy !== undefined && ctx.signal?.aborted !== true) {
    const refused = proxyError(cause, code, messageOf(err), origin, ctx.proxy);
    if (refused !== undefined) return refused;
    if (code !== undefined && (TLS_CODE.test(code) || code === 'EPROTO') && isProxyLeg(err)) return proxyTlsError(ctx.proxy, code, cause);
  }
  if (ctx.signal?.aborted === true || code === 'ABORT_ERR' || nameOf(err) === 'AbortError') {
    return new ApiError('aborted', 'ABORTED', 'The request was cancelled.', { cause });
  }
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new ApiError('timeout', 'CONNECT_TIMEOUT', connectTimeoutText(ctx), { cause });
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new ApiError('timeout', 'HEADERS_TIMEOUT', answerTimeoutText(ctx, ctx.headersTimeout), { cause });
    case 'UND_ERR_BODY_TIMEOUT':
      return new ApiError('timeout', 'BODY_TIMEOUT', answerTimeoutText(ctx, ctx.bodyTimeout), { cause });
    case 'ETIMEDOUT':
      return new ApiError('timeout', 'CONNECT_TIMEOUT', `Timed out connecting to ${origin}.`, { cause });
    case 'ECONNREFUSED':
      return new ApiError('network', 'CONNECTION_REFUSED', `Could not connect to ${origin}: connection refused.`, { cause });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new ApiError('network', 'DNS_ERROR', `Could not resolve the host of ${origin}.`, { cause });
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      // Through a proxy the connection is to it (or tunnelled through it): which one cut it is not known, the way is.
      return new ApiError('network', 'CONNECTION_RESET', `The connection to ${origin}${ctx.proxy === undefined ? '' : ` through the proxy ${ctx.proxy.hostPort} (from ${ctx.proxy.variable})`} was closed unexpectedly.`, { cause });
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return new ApiError('network', 'UNREACHABLE', `${origin} is unreachable from this machine.`, { cause });
    case 'UND_ERR_DESTROYED':
      return new ApiError('aborted', 'ABORTED', 'The client was closed.', { cause });
    default:
      break;
  }
  if (code !== undefined && TLS_CODE.test(code)) {
    return tlsError(origin, code, cause);
  }
  const unreadable = unreadableAnswerError(err, code, origin, cause);
  if (unreadable !== undefined) return unreadable;
  const message = scrub(messageOf(err), ctx.key);
  if (/proxy/i.test(message)) {
    return new ApiError('network', 'PROXY_ERROR', `The proxy refused the request to ${origin}: ${message}`, { cause });
  }
  const detail = code ?? (message === '' ? 'unknown error' : message);
  return new ApiError('network', 'NETWORK_ERROR', `The request to ${origin} failed (${detail}).`, { cause });
}

/** In the overall deadline's words, whichever timer fired first. */
function answerTimeoutText(ctx: TransportContext, ms: number | undefined): string {
  const where = ctx.path ?? ctx.origin;
  if (ctx.limit === undefined) return ms === undefined ? `No complete answer from ${where} in time.` : noCompleteAnswer(where, { ms, source: 'its timeout' });
  return noCompleteAnswer(where, ms === undefined || ms === ctx.limit.ms ? ctx.limit : { ms, source: 'its timeout' });
}

function connectTimeoutText(ctx: TransportContext): string {
  const forPath = ctx.path === undefined ? '' : ` for ${ctx.path}`;
  if (ctx.limit === undefined) return `Timed out connecting to ${ctx.origin}${forPath}.`;
  const ms = ctx.connectTimeout ?? Math.ceil(ctx.limit.ms / 3);
  const share = ms === Math.ceil(ctx.limit.ms / 3) ? `a third of ${ctx.limit.source}` : ctx.limit.source;
  return `Could not connect to ${ctx.origin}${forPath} in ${secondsText(ms)} (${share}).`;
}

function errorCode(err: unknown): string | undefined {
  const c = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  if (typeof c === 'string') return c;
  // AggregateError (happy eyeballs) carries the per-address errors.
  const inner = typeof err === 'object' && err !== null ? (err as { errors?: unknown }).errors : undefined;
  if (Array.isArray(inner)) {
    for (const e of inner) {
      const ic = errorCode(e);
      if (ic !== undefined) return ic;
    }
  }
  const cause = typeof err === 'object' && err !== null ? (err as { cause?: unknown }).cause : undefined;
  return cause !== undefined && cause !== err ? errorCode(cause) : undefined;
}

function nameOf(err: unknown): string | undefined {
  const n = typeof err === 'object' && err !== null ? (err as { name?: unknown }).name : undefined;
  return typeof n === 'string' ? n : undefined;
}

function messageOf(err: unknown): string {
  const m = typeof err === 'object' && err !== null ? (err as { message?: unknown }).message : undefined;
  return typeof m === 'string' ? m.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
}

function scrub(text: string, key: string | undefined): string {
  return redactSecret(text, key);
}

/**
 * The original error for debugging, unless its text mentions the key, in which case a plain
 * Error with the scrubbed message stands in.
 */
function safeCause(err: unknown, key: string | undefined): unknown {
  if (key === undefined || key.length < 4) return err;
  let text = '';
  try {
    text = `${messageOf(err)} ${String((err as { stack?: unknown } | null)?.stack ?? '')}`;
  } catch {
    return undefined;
  }
  return secretRedactor(key).holds(text) ? new Error(scrub(messageOf(err), key)) : err;
}
