/**
 * Typed errors of the API client. Every failure the client can meet becomes one of these; callers
 * switch on `kind`. Messages never contain the API key. Server-supplied text is kept raw here and
 * sanitised where it is displayed.
 */
export type ApiErrorKind =
  | 'validation' // 400 VALIDATION_ERROR (details.field / details.reason)
  | 'rate-limit' // 429; retryAt says when
  | 'auth' // 401 / 403: the key is missing or rejected
  | 'not-found' // 404
  | 'server' // other 4xx/5xx
  | 'network' // connection refused/reset, DNS, TLS, proxy
  | 'timeout' // connect, headers or body timeout
  | 'bad-response' // unparseable or wrongly shaped body, too large
  | 'aborted' // the caller cancelled (navigation); never shown to the user
  | 'usage'; // the client refused to send (bad id, bad base URL, bad limit)

export interface ApiErrorInit {
  readonly status?: number;
  readonly code?: string;
  readonly requestId?: string;
  readonly field?: string;
  readonly reason?: string;
  readonly retryAt?: number;
  readonly cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  /** Machine-readable code from the body, or one we chose (NETWORK, TIMEOUT, BAD_RESPONSE…). */
  readonly code: string;
  readonly requestId?: string;
  readonly field?: string;
  readonly reason?: string;
  /** Epoch ms; only for kind 'rate-limit'. */
  readonly retryAt?: number;

  constructor(kind: ApiErrorKind, code: string, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.field = init.field;
    this.reason = init.reason;
    this.retryAt = init.retryAt;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
