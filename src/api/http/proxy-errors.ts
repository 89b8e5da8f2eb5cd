/**
 * Failures of a request that goes through a proxy, said about the proxy: its answer to CONNECT
 * (407, 403, 5xx) and a proxy that cannot be reached. Messages name the proxy by host:port and the
 * variable it came from, never its credentials.
 */
import { ApiError } from './errors.js';

/** What a message may say about the proxy in effect. */
export interface ProxyContext {
  /** `host:port`. */
  readonly hostPort: string;
  /** The environment variable it came from (HTTPS_PROXY, https_proxy, …). */
  readonly variable: string;
  readonly hasCredentials: boolean;
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
