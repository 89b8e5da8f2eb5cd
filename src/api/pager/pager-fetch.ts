/** One page request of a pager: the call, and any failure of it as an ApiError. */
import { ApiError, isApiError } from '../http/errors.js';
import type { PageAnswer } from './peeked-page.js';

/**
 * A pager's fetch: with `peek`, a page that says more follows may come back unparsed (the client's
 * peek methods fit it; a FetchPage does too, and never peeks).
 */
export type PagerFetch = (cursor: string | undefined, signal: AbortSignal, background: boolean, peek: boolean) => Promise<PageAnswer>;

/** Calls `fetchPage`; a synchronous throw becomes a rejection. */
export function requestPage(fetchPage: PagerFetch, cursor: string | undefined, signal: AbortSignal, background: boolean, peek: boolean): Promise<PageAnswer> {
  try {
    return fetchPage(cursor, signal, background, peek);
  } catch (err) {
    return Promise.reject(err);
  }
}

/** The failure of a page request as an ApiError (anything else becomes a bad response). */
export function pageError(raw: unknown): ApiError {
  return isApiError(raw)
    ? raw
    : new ApiError('bad-response', 'UNEXPECTED', raw instanceof Error ? raw.message : 'The page could not be loaded.', {
        cause: raw,
      });
}
