/**
 * Failures of a request that goes through a proxy, said about the proxy: its answer to CONNECT
 * (407, 403, 5xx) and a proxy that cannot be reached. Messages name the proxy by host:port and the
 * variable it came from, never its credentials.
 */
import { ApiError } from './errors.js';
import { sanitizeString } from '../../text/sanitize.js';
import { headerValue, type HeaderSource } from './headers.js';
import { tlsText } from './tls-errors.js';

/** What a message may say about the proxy in effect. */
export interface ProxyContext {
  /** `host:port`. */
  readonly hostPort: string;
  /** The environment variable it came from (HTTPS_PROXY, https_proxy, …). */
  readonly variable: string;
  readonly hasCredentials: boolean;
  /** How the proxy is spoken to (default http:). */
  readonly protocol?: 'http:' | 'https:';
}

/** Errors of the connection to the proxy itself (not the tunnel through it), marked where they happen. */
const proxyLegErrors = new WeakSet<object>();

export function markProxyLeg(err: unknown): void {
  if (typeof err === 'object' && err !== null) proxyLegErrors.add(err);
}

/** Whether `err` (or an error it wraps) came from connecting to the proxy. */
export function isProxyLeg(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (proxyLegErrors.has(e)) return true;
  }
  return false;
}

/** Codes of a TLS handshake with a peer that answered in plain text. */
const NOT_TLS = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST', 'EPROTO']);

/** A TLS failure with an https:// proxy, said about the proxy and its variable. */
export function proxyTlsError(proxy: ProxyContext, code: string, cause: unknown): ApiError {
  const named = `the proxy ${proxy.hostPort} (from ${proxy.variable})`;
  const text = NOT_TLS.has(code)
    ? `The proxy ${proxy.hostPort} (from ${proxy.variable}) did not speak TLS (${code}): it looks like a plain-http proxy; set ${proxy.variable}=http://${proxy.hostPort}.`
    : tlsText(named, code);
  return new ApiError('network', 'PROXY_TLS_ERROR', text, { retryable: false, cause });
}

/** Socket errors while connecting: with a proxy in effect, the only connection made is to the proxy. */
const CONNECT_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'its host name does not resolve',
  EAI_AGAIN: 'its host name does not resolve',
  EAI_NONAME: 'its host name does not resolve',
  EHOSTUNREACH: 'it is unreachable from this machine',
  ENETUNREACH: 'it is unreachable from this machine',
  ENETDOWN: 'it is unreachable from this machine',
};

/** The status a proxy answered instead of 200 (CONNECT), or 407 to a plain-http request. */
function proxyStatus(message: string): number | undefined {
  const m = /Proxy response \((\d{3})\) !== 200/.exec(message) ?? /Proxy Authentication Required \((407)\)/.exec(message);
  return m ? Number(m[1]) : undefined;
}

/** The proxy's 407 said plainly, with where the user name and password go. */
export function proxyAuthError(proxy: ProxyContext, cause?: unknown): ApiError {
  const hint = proxy.hasCredentials
    ? `put user:pass@ in ${proxy.variable}; the one there was refused`
    : `put user:pass@ in ${proxy.variable}`;
  return new ApiError('network', 'PROXY_AUTH_REQUIRED', `The proxy ${proxy.hostPort} answered 407: proxy authentication required (${hint}).`, {
    status: 407,
    retryable: false,
    cause,
  });
}

/** An ApiError about the proxy when `err` is the proxy's doing, else undefined. */
export function proxyError(err: unknown, code: string | undefined, message: string, origin: string, proxy: ProxyContext): ApiError | undefined {
  const status = proxyStatus(message);
  const via = `the proxy ${proxy.hostPort}`;
  if (status === 407) return proxyAuthError(proxy, err);
  if (status === 403) {
    return new ApiError('network', 'PROXY_REFUSED', `The proxy ${proxy.hostPort} refused to connect to ${origin} (HTTP 403: its rules do not allow it).`, {
      retryable: false,
      cause: err,
    });
  }
  if (status !== undefined) {
    return new ApiError('network', 'PROXY_ERROR', `The proxy ${proxy.hostPort} could not connect to ${origin} (HTTP ${status}).`, { cause: err });
  }
  const failure = code === undefined ? undefined : CONNECT_FAILURES[code];
  if (failure !== undefined) {
    return new ApiError('network', 'PROXY_UNREACHABLE', `Could not connect to ${via} (from ${proxy.variable}): ${failure}.`, { cause: err });
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return new ApiError('timeout', 'CONNECT_TIMEOUT', `Timed out connecting to ${origin} through ${via} (from ${proxy.variable}).`, { cause: err });
  }
  return undefined;
}

/** The deadline passed while the proxy still owed its answer to the CONNECT. */
export function proxyTimeoutError(proxy: ProxyContext, target: string, within: string): ApiError {
  return new ApiError('timeout', 'PROXY_TIMEOUT', `The proxy ${proxy.hostPort} (from ${proxy.variable}) did not answer the CONNECT for ${target} in ${within}.`);
}

/** A plain-http request the proxy took and did not answer in full within the deadline (the proxy or the service behind it was slow). */
export function plainProxyTimeoutError(proxy: ProxyContext, path: string, within: string): ApiError {
  return new ApiError('timeout', 'RESPONSE_TIMEOUT', `No complete answer from ${path} through the proxy ${proxy.hostPort} (from ${proxy.variable}) in ${within}.`);
}

/** Who a request is waiting for while the proxy owes its answer: to the CONNECT, or to a plain-http request it forwards. */
export const proxyWaitText = (proxy: ProxyContext): string => `the proxy ${proxy.hostPort} (from ${proxy.variable})`;

/** Whether `body` reads as JSON (the service's errors are JSON; a proxy's own page is HTML or text). */
function looksLikeJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * A plain-http request's error answer that the proxy gave itself (squid's `X-Squid-Error`, or `Via`
 * with a body that is not the service's JSON), said about the proxy; undefined when it is the service's.
 */
export function plainProxyAnswerError(proxy: ProxyContext, status: number, headers: HeaderSource, body: string, origin: string): ApiError | undefined {
  const squid = headerValue(headers, 'x-squid-error');
  // A Via alone also marks the service's answers passed on; only a refusal that is not JSON is the proxy's.
  const proxied = squid !== undefined || (status === 403 && headerValue(headers, 'via') !== undefined && !looksLikeJson(body));
  if (!proxied) return undefined;
  const named = `The proxy ${proxy.hostPort} (from ${proxy.variable})`;
  const detail = squid === undefined ? '' : `; ${sanitizeString(squid).slice(0, 60)}`;
  if (status === 403) {
    return new ApiError('network', 'PROXY_REFUSED', `${named} refused the request to ${origin} (HTTP 403: its rules do not allow it${detail}).`, { retryable: false });
  }
  return new ApiError('network', 'PROXY_ERROR', `${named} could not pass the request on to ${origin} (HTTP ${status}${detail}).`);
}
