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

/** One offending field of a validation error; either part may be missing. */
export interface FieldError {
  readonly field?: string;
  readonly reason?: string;
}

export interface ApiErrorInit {
  readonly status?: number;
  readonly code?: string;
  readonly requestId?: string;
  readonly field?: string;
  readonly reason?: string;
  readonly retryAt?: number;
  /** The server asked to wait longer than pagetui waits (MAX_SERVER_WAIT_MS): `retryAt` is the cap. */
  readonly retryCapped?: true;
  /** Problem title, or the HTTP reason phrase when the body had no code. */
  readonly title?: string;
  /** The server's own explanation, without our `HTTP <status>` prefix. */
  readonly detail?: string;
  /** Every offending field; `field`/`reason` default to the first. */
  readonly fieldErrors?: readonly FieldError[];
  /** How many more errors the server listed than are kept here. */
  readonly moreErrors?: number;
  /** Overrides the default derived from kind and status. */
  readonly retryable?: boolean;
  /** The path requested, without the query (which may carry a cursor). */
  readonly path?: string;
  /** A problem's `instance`: it names the occurrence, it is not a request id. */
  readonly instance?: string;
  /** The exchange log's number of the exchange whose answer this is. */
  readonly exchangeSeq?: number;
  readonly cause?: unknown;
}

/** Statuses where sending the same request again may succeed. */
const RETRYABLE_STATUS = (status: number): boolean => status >= 500 || status === 408 || status === 429;

/** A retry can help: network trouble, a timeout, a rate limit, 408 or 5xx. Never a 4xx the server will repeat. */
export function isRetryable(kind: ApiErrorKind, status: number | undefined): boolean {
  if (kind === 'network' || kind === 'timeout' || kind === 'rate-limit') return true;
  if (kind === 'aborted' || kind === 'usage' || kind === 'auth') return false;
  return status !== undefined && RETRYABLE_STATUS(status);
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
  /** The server's wait was longer than the cap; `retryAt` is the cap. */
  readonly retryCapped?: true;
  readonly title?: string;
  readonly detail?: string;
  readonly fieldErrors: readonly FieldError[];
  readonly moreErrors?: number;
  /** Whether offering a retry makes sense (see `isRetryable`). */
  readonly retryable: boolean;
  readonly path?: string;
  readonly instance?: string;
  /** The exchange log's number of the exchange whose answer this is. */
  readonly exchangeSeq?: number;

  constructor(kind: ApiErrorKind, code: string, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.status = init.status;
    this.requestId = init.requestId;
    const fieldErrors = init.fieldErrors ?? (init.field !== undefined || init.reason !== undefined ? [{ field: init.field, reason: init.reason }] : []);
    this.field = init.field ?? fieldErrors[0]?.field;
    this.reason = init.reason ?? fieldErrors[0]?.reason;
    this.fieldErrors = fieldErrors;
    this.retryAt = init.retryAt;
    if (init.retryCapped) this.retryCapped = true;
    this.title = init.title;
    this.detail = init.detail;
    this.moreErrors = init.moreErrors;
    this.retryable = init.retryable ?? isRetryable(kind, init.status);
    this.path = init.path;
    this.instance = init.instance;
    if (init.exchangeSeq !== undefined) this.exchangeSeq = init.exchangeSeq;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * `error` naming the request it failed and its exchange in the log (`E` shows both): a failure on
 * the way is made where neither is known. The error itself where it names them already.
 */
export function errorOfRequest(error: ApiError, path: string, exchangeSeq: number | undefined): ApiError {
  if (error.path !== undefined && (exchangeSeq === undefined || error.exchangeSeq !== undefined)) return error;
  return new ApiError(error.kind, error.code, error.message, {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.retryAt === undefined ? {} : { retryAt: error.retryAt }),
    ...(error.retryCapped ? { retryCapped: true as const } : {}),
    ...(error.title === undefined ? {} : { title: error.title }),
    ...(error.detail === undefined ? {} : { detail: error.detail }),
    fieldErrors: error.fieldErrors,
    ...(error.moreErrors === undefined ? {} : { moreErrors: error.moreErrors }),
    retryable: error.retryable,
    path: error.path ?? path,
    ...(error.instance === undefined ? {} : { instance: error.instance }),
    ...(exchangeSeq === undefined ? {} : { exchangeSeq }),
    ...(error.cause === undefined ? {} : { cause: error.cause }),
  });
}
