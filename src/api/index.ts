/** Public API of the Page Service client: errors, types, URL/path helpers, parsing, items, client, pager. */
export { ApiError, isApiError, isRetryable, type ApiErrorInit, type ApiErrorKind, type FieldError } from './http/errors.js';
export { readErrorBody, type ErrorBodyParts } from './http/error-body.js';
export type { FetchPage, ListOptions, ListPage, PagerSnapshot, PagerState, RawItem } from './types.js';
export { parseBaseUrl, type ParseBaseUrlOptions } from './http/base-url.js';
export { type ListQuery } from './http/paths.js';
export { type HeaderSource } from './http/headers.js';
export { type ErrorResponse } from './http/parse.js';
export {
  type ItemKind,
  type PageGroupView,
  type PageView,
} from './items.js';
export {
  createApiClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  type ApiClient,
  type ApiClientOptions,
} from './http/client.js';
export { NO_CURSOR_WARNING, Pager, REPEATED_CURSOR_WARNING, type NewItems, type PagerOptions } from './pager/pager.js';
export { pageBatches, type PageBatchOptions, type RateLimitWait } from './pager/pager-stream.js';
export { DEFAULT_MAX_RATE_LIMIT_WAITS, RateLimit } from './quota/rate-limit.js';
