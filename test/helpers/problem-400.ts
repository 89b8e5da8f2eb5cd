/**
 * A page-group listing whose second page is refused with a problem+json 400: a long detail (with
 * a terminal escape and a bidi override in it), two errors[] entries, a request id, and the key
 * echoed back in a field of the body. For the tests of `E`, the last error in full.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const LONG_DETAIL =
  'The request could not be processed because one or more of the query parameters are outside the ranges this service accepts for page group listings; see each entry of errors for the parameter and what it must be.';
export const REASONS = ['must be between 1 and 100', 'must be one of updatedAt, title'] as const;
export const REQUEST_ID = 'req-e-400-7c1d';
export const GROUPS = 5;

/** The problem body as the server sends it (escape and bidi override in the detail, `key` echoed). */
const problemBody = (key: string): string =>
  JSON.stringify({
    type: 'https://example.net/problems/invalid-query',
    title: 'Invalid query',
    status: 400,
    detail: `\u001b[2J${LONG_DETAIL}\u202e`,
    requestId: REQUEST_ID,
    errors: [
      { field: 'limit', reason: REASONS[0] },
      { field: 'sort', reason: REASONS[1] },
    ],
    echo: `x-api-key: ${key}`,
  });

/** The handler: the first page of groups, then the 400 for the page after it. */
export function problemOnSecondPage(key: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (new URL(req.url ?? '/', 'http://x').searchParams.has('cursor')) {
      res.writeHead(400, { 'content-type': 'application/problem+json' });
      res.end(problemBody(key));
      return;
    }
    const items = Array.from({ length: GROUPS }, (_, i) => ({ pageGroupId: `grp-e${i + 1}`, title: `Group E${i + 1}`, status: 'draft' }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items, hasMore: true, nextCursor: 'c-next' }));
  };
}
