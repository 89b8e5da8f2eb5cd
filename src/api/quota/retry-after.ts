/**
 * When may the client retry after a 429? Pure function of the response; see the contract section
 * "429: when may the client retry?". First source found wins:
 *   1. `Retry-After` (delta-seconds or HTTP-date)
 *   2. `RateLimit-Reset` / `X-RateLimit-Reset` (delta-seconds, or Unix seconds when > 1e9)
 *   3. body `retryAfter` / `retryAfterSeconds` / `retryAt`, top level then inside `details`
 *   4. exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 60 s
 */
import { headerValue, type HeaderSource } from '../http/headers.js';

export { headerValue } from '../http/headers.js';

/** Values larger than this are Unix times in seconds, not delays. */
const UNIX_SECONDS_THRESHOLD = 1_000_000_000;
/** A server-given wait is capped so a bogus value cannot block the client for years. */
export const MAX_SERVER_WAIT_MS = 24 * 60 * 60 * 1000;
/** …and has a floor: a server that answers every request "429, retry now" draws no loop of requests. */
const MIN_SERVER_WAIT_MS = 1000;
const BACKOFF_START_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * Epoch ms at which a retry is allowed. `attempt` is the number of consecutive 429s including
 * this one (1 for the first); it only matters for the backoff fallback. Never earlier than a
 * second from `now`.
 */
export function retryAtFrom(
  headers: HeaderSource | undefined,
  body: unknown,
  now: number,
  attempt: number,
  random: () => number = Math.random,
): number {
  const found =
    fromRetryAfterHeader(headerValue(headers, 'retry-after'), now) ??
    fromResetHeader(headerValue(headers, 'ratelimit-reset'), now) ??
    fromResetHeader(headerValue(headers, 'x-ratelimit-reset'), now) ??
    fromBody(body, now);
  if (found !== undefined) return clamp(found, now);
  return now + backoffDelayMs(attempt, random);
}

/** Backoff with "equal jitter": between half and all of min(60 s, 1 s · 2^(attempt-1)). */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const n = Number.isFinite(attempt) && attempt >= 1 ? Math.floor(attempt) : 1;
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** Math.min(n - 1, 30));
  let r = random();
  if (!Number.isFinite(r) || r < 0) r = 0;
  if (r > 1) r = 1;
  return Math.round(base / 2 + (base / 2) * r);
}

function clamp(at: number, now: number): number {
  return Math.min(Math.max(at, now + MIN_SERVER_WAIT_MS), now + MAX_SERVER_WAIT_MS);
}

const DELTA_RE = /^\d+(\.\d+)?$/;

function fromRetryAfterHeader(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (v === '') return undefined;
  if (DELTA_RE.test(v)) return now + Number(v) * 1000;
  if (/^[+-]?\d/.test(v)) return undefined; // negative or malformed number: not a date either
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
}

function fromResetHeader(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (!DELTA_RE.test(v)) return undefined;
  const n = Number(v);
  return n > UNIX_SECONDS_THRESHOLD ? n * 1000 : now + n * 1000;
}

function fromBody(body: unknown, now: number): number | undefined {
  if (!isObject(body)) return undefined;
  return fromBodyObject(body, now) ?? (isObject(body.details) ? fromBodyObject(body.details, now) : undefined);
}

function fromBodyObject(o: Record<string, unknown>, now: number): number | undefined {
  return seconds(o.retryAfter, now) ?? seconds(o.retryAfterSeconds, now) ?? instant(o.retryAt);
}

/** A delay in seconds, as a number or a numeric string; an ISO date string is accepted too. */
function seconds(v: unknown, now: number): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? now + v * 1000 : undefined;
  if (typeof v === 'string') {
    const s = v.trim();
    if (DELTA_RE.test(s)) return now + Number(s) * 1000;
    return instant(s);
  }
  return undefined;
}

/** A point in time: ISO 8601 / HTTP-date string, or a number of Unix seconds or ms. */
function instant(v: unknown): number | undefined {
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '' || DELTA_RE.test(s) || /^[+-]?\d+$/.test(s)) return undefined;
    const t = Date.parse(s);
    return Number.isFinite(t) ? t : undefined;
  }
  if (typeof v === 'number' && Number.isFinite(v) && v > UNIX_SECONDS_THRESHOLD) {
    return v > UNIX_SECONDS_THRESHOLD * 1000 ? v : v * 1000;
  }
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
