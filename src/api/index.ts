/** Public API of the Page Service client: errors, types, URL/path helpers, parsing, items, client, pager. */
export { isApiError, type ApiErrorInit, type ApiErrorKind } from './errors.js';
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
  type ApiClient,
  type ApiClientOptions,
} from './client.js';
export { type PagerOptions } from './pager.js';
