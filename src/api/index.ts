/** Public API of the Page Service client: errors, types, URL/path helpers, parsing, items, client, pager. */
export { ApiError, isApiError, isRetryable, type ApiErrorInit, type ApiErrorKind, type FieldError } from './errors.js';
export { readErrorBody, type ErrorBodyParts } from './error-body.js';
export type { FetchPage, ListOptions, ListPage, PagerSnapshot, PagerState, RawItem } from './types.js';
export { parseBaseUrl, type ParseBaseUrlOptions } from './base-url.js';
export { type ListQuery } from './paths.js';
export { type HeaderSource } from './retry-after.js';
export { type ErrorResponse } from './parse.js';
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
} from './client.js';
export { NO_CURSOR_WARNING, Pager, REPEATED_CURSOR_WARNING, type NewItems, type PagerOptions } from './pager.js';
export { pageBatches, type PageBatchOptions, type RateLimitWait } from './pager-stream.js';
export { DEFAULT_MAX_RATE_LIMIT_WAITS, RateLimitBudget } from './rate-limit-budget.js';
