/**
 * The demo server's request logic as a pure-ish function from (method, raw URL, key) to a
 * response, so the HTTP layer only deals with sockets, latency and recording.
 */
import { hostilePage } from './hostile.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { demoPage, type GroupRecord } from './data.js';
import { pageAt } from './shapes.js';
import type { QuotaLimiter, SlidingWindowLimiter } from './rate-limiter.js';
import { churnedPageAt, churnTick, type Churn } from './churn.js';

export interface DemoResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RouteState {
  readonly seed: number;
  readonly groups: readonly GroupRecord[];
  readonly byId: ReadonlyMap<string, GroupRecord>;
  readonly limiter: SlidingWindowLimiter | undefined;
  /** `--quota N --window S`: a quota per key, announced on every answer to that key. */
  readonly quota?: QuotaLimiter;
  /** `--churn N`: grp-1 changes every few seconds. */
  readonly churn?: Churn;
  /** Per group: whether the previous pages request of `fault-rate-limit` got its planned 429. */
  readonly lastWasPlanned429: Map<string, boolean>;
  /** Cursors issued before this epoch have expired (`DemoServer.expireCursors()`). */
  readonly cursors: { epoch: number };
}

export interface IncomingDemoRequest {
  method: string;
  rawUrl: string;
  apiKey: string | undefined;
}

const DEFAULT_LIMIT = 20;
const FAULT_RETRY_SECONDS = 5;
const JSON_TYPE = 'application/json; charset=utf-8';

const BAD_GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n' +
  '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** Splits a raw request target into its undecoded path and its query (first value of a name wins). */
export function splitRawUrl(rawUrl: string): { path: string; query: Record<string, string> } {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query: Record<string, string> = {};
  if (q !== -1) {
    for (const [name, value] of new URLSearchParams(rawUrl.slice(q + 1))) {
      if (!Object.hasOwn(query, name)) query[name] = value;
    }
  }
  return { path, query };
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): DemoResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(value) };
}

function error(
  status: number,
  code: string,
  message: string,
  requestId: string,
  details?: Record<string, unknown>,
  headers?: Record<string, string>,
): DemoResponse {
  const body = details ? { code, message, requestId, details } : { code, message, requestId };
  return json(status, body, headers);
}

function validation(field: string, reason: string, requestId: string): DemoResponse {
  return error(400, 'VALIDATION_ERROR', `Invalid ${field}: ${reason}.`, requestId, { field, reason });
}

function rateLimited(seconds: number, requestId: string): DemoResponse {
  return error(
    429,
    'RATE_LIMITED',
    `Too many requests; retry in ${seconds} s.`,
    requestId,
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );
}

/** Answers one request. `now` is epoch ms, used by the rate limiter. */
export function route(state: RouteState, req: IncomingDemoRequest, requestId: string, now: number): DemoResponse {
  const { path, query } = splitRawUrl(req.rawUrl);
  if (req.method !== 'GET') {
    return error(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use GET.`, requestId, undefined, {
      allow: 'GET',
    });
  }
  if (req.apiKey === undefined || req.apiKey === '' || req.apiKey === 'invalid') {
    return error(401, 'UNAUTHORIZED', 'A valid API key is required in the x-api-key header.', requestId);
  }
  const wait = state.limiter?.check(req.apiKey, now);
  if (wait !== undefined) return rateLimited(wait, requestId);
  const quota = state.quota?.take(req.apiKey, now);
  if (quota === undefined) return answer(state, path, query, requestId, now);
  const response = quota.admitted ? answer(state, path, query, requestId, now) : rateLimited(quota.resetSeconds, requestId);
  return { ...response, headers: { ...response.headers, ...quota.headers } };
}

function answer(state: RouteState, path: string, query: Record<string, string>, requestId: string, now: number): DemoResponse {
  if (path === '/v0/page_groups') {
    return list(null, state.groups.length, query, requestId, (i) => state.groups[i]?.item, state.cursors.epoch);
  }
  const match = /^\/v0\/page_groups\/([^/]*)\/pages$/.exec(path);
  if (!match) return error(404, 'NOT_FOUND', 'No such resource.', requestId);
  let groupId: string;
  try {
    groupId = decodeURIComponent(match[1] ?? '');
  } catch {
    return validation('page_group_id', 'it is not valid percent-encoding', requestId);
  }
  const group = state.byId.get(groupId);
  if (!group) return error(404, 'NOT_FOUND', 'Page group not found.', requestId);
  return listPages(state, group, query, requestId, now);
}

function listPages(
  state: RouteState,
  group: GroupRecord,
  query: Record<string, string>,
  requestId: string,
  now: number,
): DemoResponse {
  const id = group.item.pageGroupId;
  switch (group.kind) {
    case 'fault-validation':
      return validation('page_group_id', 'this page group is misconfigured and cannot be listed', requestId);
    case 'fault-bad-gateway':
      return { status: 502, headers: { 'content-type': 'text/html' }, body: BAD_GATEWAY_HTML };
    case 'fault-rate-limit': {
      const previousWas429 = state.lastWasPlanned429.get(id) === true;
      const refuse = query.cursor === undefined && !previousWas429;
      state.lastWasPlanned429.set(id, refuse);
      if (refuse) return rateLimited(FAULT_RETRY_SECONDS, requestId);
      break;
    }
    case 'fault-hostile-text':
      return list(id, group.item.pageCount, query, requestId, (i) =>
        hostilePage(id, i + 1, demoPage(group, i + 1, state.seed).createdAt),
      state.cursors.epoch);
    case 'ordinary': {
      const churn = state.churn;
      if (churn === undefined || id !== 'grp-1') break;
      const tick = churnTick(churn, now);
      return list(id, group.item.pageCount, query, requestId, (i) => churnedPageAt(group, i, state.seed, churn, tick), state.cursors.epoch);
    }
  }
  return list(id, group.item.pageCount, query, requestId, (i) => pageAt(group, i + 1, state.seed), state.cursors.epoch);
}

/** Validates `limit` and `cursor` and builds the `{hasMore, items, nextCursor?}` envelope. */
function list(
  listing: string | null,
  total: number,
  query: Record<string, string>,
  requestId: string,
  itemAt: (index: number) => unknown,
  epoch: number,
): DemoResponse {
  let limit = DEFAULT_LIMIT;
  if (query.limit !== undefined) {
    const raw = query.limit;
    if (!/^[0-9]+$/.test(raw)) return validation('limit', 'it must be an integer from 1 to 100', requestId);
    limit = Number(raw);
    if (limit < 1 || limit > 100) return validation('limit', 'it must be from 1 to 100', requestId);
  }
  let offset = 0;
  if (query.cursor !== undefined) {
    const decoded = decodeCursor(query.cursor, listing, total, epoch);
    if ('reason' in decoded) return validation('cursor', decoded.reason, requestId);
    offset = decoded.offset;
  }
  const end = Math.min(total, offset + limit);
  const items: unknown[] = [];
  for (let i = offset; i < end; i++) items.push(itemAt(i));
  const hasMore = end < total;
  return json(200, hasMore ? { hasMore, items, nextCursor: encodeCursor(listing, end, epoch) } : { hasMore, items });
}
