/**
 * Request paths. Ids become exactly one percent-encoded path segment, and the resulting string is
 * sent as built: it is never re-parsed with `new URL()`, which would resolve `.`/`..` segments
 * (and their encoded forms) and send the request somewhere else.
 */
import { ApiError } from './errors.js';

export interface ListQuery {
  readonly cursor?: string;
  readonly limit?: number;
}

/** Largest `limit` the service accepts (spec part 8). */
export const MAX_LIMIT = 100;

/**
 * Encodes one id as a single path segment. Refuses ids that cannot be sent safely: `''`, `.` and
 * `..` (servers and proxies resolve those as relative segments) and strings that are not valid
 * Unicode (lone surrogates).
 */
export function encodeIdSegment(id: string, what = 'page group id'): string {
  if (typeof id !== 'string' || id === '') {
    throw new ApiError('usage', 'BAD_ID', `The ${what} is empty.`);
  }
  if (id === '.' || id === '..') {
    throw new ApiError('usage', 'BAD_ID', `The ${what} "${id}" cannot be sent in a URL path.`);
  }
  try {
    return encodeURIComponent(id);
  } catch {
    throw new ApiError('usage', 'BAD_ID', `The ${what} contains invalid Unicode and cannot be sent.`);
  }
}

/** The characters form encoding leaves as they are: a value of only these is its own encoding. */
const FORM_SAFE = /^[\w*.-]*$/;

/** `?cursor=…&limit=…` (form-encoded like URLSearchParams), or `''` when both are absent. */
export function listQueryString(query: ListQuery = {}): string {
  const { cursor, limit } = query;
  const hasCursor = cursor !== undefined && cursor !== '';
  // Sent once per page: a cursor of URL-safe characters (base64url, hex, digits) is written as it
  // stands, without a URLSearchParams; any other goes through one, as before.
  const plainCursor = hasCursor && typeof cursor === 'string' && FORM_SAFE.test(cursor);
  if (hasCursor && !plainCursor && (typeof cursor !== 'string' || !isWellFormed(cursor))) {
    throw new ApiError('usage', 'BAD_CURSOR', 'The pagination cursor is not a valid string.');
  }
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)) {
    throw new ApiError('usage', 'BAD_LIMIT', `The page size must be a whole number from 1 to ${MAX_LIMIT}.`);
  }
  const cursorPart = !hasCursor ? '' : plainCursor ? `cursor=${cursor}` : new URLSearchParams({ cursor }).toString();
  const limitPart = limit === undefined ? '' : `limit=${limit}`;
  if (cursorPart === '') return limitPart === '' ? '' : `?${limitPart}`;
  return limitPart === '' ? `?${cursorPart}` : `?${cursorPart}&${limitPart}`;
}

/** `<prefix>/v0/page_groups[?query]`; `prefix` is the base URL's path without trailing slash. */
export function pageGroupsPath(prefix: string, query?: ListQuery): string {
  return `${cleanPrefix(prefix)}/v0/page_groups${listQueryString(query)}`;
}

/** `<prefix>/v0/page_groups/<one encoded segment>/pages[?query]`. */
export function pageGroupPagesPath(prefix: string, groupId: string, query?: ListQuery): string {
  return `${cleanPrefix(prefix)}/v0/page_groups/${encodeIdSegment(groupId)}/pages${listQueryString(query)}`;
}

function cleanPrefix(prefix: string): string {
  return prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
}

function isWellFormed(s: string): boolean {
  // String.prototype.isWellFormed is Node 20+, but keep a fallback for older typings.
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}
