/**
 * The quota a server announces on an ordinary response, in any of the three forms the contract
 * lists ("Rate-limit fields on ordinary responses"): the IETF httpapi draft's structured-field
 * lists `RateLimit-Policy: "burst";q=100;w=60` and `RateLimit: "burst";r=50;t=30`, the older
 * `RateLimit-Limit` / `-Remaining` / `-Reset`, and `X-RateLimit-Limit` / `-Remaining` / `-Reset`.
 * The first form that yields a usable remaining count wins; a malformed field is ignored.
 */
import { parseList, Token, type List } from 'structured-headers';
import { headerValue, type HeaderSource } from '../http/headers.js';
import { MAX_SERVER_WAIT_MS } from './retry-after.js';

/** Values larger than this are Unix times in seconds, not delays (as for a 429's reset). */
const UNIX_SECONDS_THRESHOLD = 1_000_000_000;

export interface QuotaReading {
  /** Requests left in the current window. */
  readonly remaining: number;
  /** The window's quota, when the server names it. */
  readonly limit?: number;
  /** Epoch ms at which the window resets, when the server says. */
  readonly resetAt?: number;
  /** The window's length in seconds (draft policy `w`), when the server says. */
  readonly windowSeconds?: number;
}

/** Reads the fields of one response; undefined when none of the forms is present and well-formed. */
export function readRateLimitFields(headers: HeaderSource | undefined, now: number): QuotaReading | undefined {
  return fromDraft(headers, now) ?? fromPlain(headers, 'ratelimit-', now) ?? fromPlain(headers, 'x-ratelimit-', now);
}

function fromDraft(headers: HeaderSource | undefined, now: number): QuotaReading | undefined {
  const limits = structuredList(headerValue(headers, 'ratelimit'));
  if (limits === undefined) return undefined;
  const policies = structuredList(headerValue(headers, 'ratelimit-policy')) ?? [];
  let best: QuotaReading | undefined;
  // Several policies may apply at once (a burst and a daily quota): the one with the fewest
  // requests left is the one that binds.
  for (const [name, params] of limits) {
    const remaining = count(params.get('r'));
    if (remaining === undefined) continue;
    const t = count(params.get('t'));
    const policy = policies.find(([policyName]) => sameName(policyName, name));
    const limit = policy === undefined ? undefined : count(policy[1].get('q'));
    const windowSeconds = policy === undefined ? undefined : count(policy[1].get('w'));
    const reading: QuotaReading = {
      remaining,
      ...(limit === undefined || limit < remaining ? {} : { limit }),
      ...(t === undefined ? {} : { resetAt: resetWithin(now + t * 1000, now) }),
      ...(windowSeconds === undefined || windowSeconds === 0 ? {} : { windowSeconds }),
    };
    if (best === undefined || reading.remaining < best.remaining) best = reading;
  }
  return best;
}

function fromPlain(headers: HeaderSource | undefined, prefix: string, now: number): QuotaReading | undefined {
  const remaining = decimalCount(headerValue(headers, `${prefix}remaining`));
  if (remaining === undefined) return undefined;
  const limit = decimalCount(headerValue(headers, `${prefix}limit`));
  const reset = decimalCount(headerValue(headers, `${prefix}reset`));
  return {
    remaining,
    ...(limit === undefined || limit < remaining ? {} : { limit }),
    ...(reset === undefined ? {} : { resetAt: resetWithin(reset > UNIX_SECONDS_THRESHOLD ? reset * 1000 : now + reset * 1000, now) }),
  };
}

/** A reset a day off at most, as a 429's wait is capped: a bogus field cannot hold requests back for years. */
const resetWithin = (at: number, now: number): number => Math.min(at, now + MAX_SERVER_WAIT_MS);

function structuredList(value: string | undefined): List | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  try {
    return parseList(value);
  } catch {
    return undefined;
  }
}

/** Policy names are strings in the draft; tokens are accepted too. */
function sameName(a: unknown, b: unknown): boolean {
  const name = (v: unknown) => (typeof v === 'string' ? v : v instanceof Token ? v.toString() : undefined);
  const x = name(a);
  return x !== undefined && x === name(b);
}

/** A non-negative integer parameter, or undefined. */
function count(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** A plain header holding a non-negative integer (the older forms; a list like "100, 100;w=60" takes its first member). */
function decimalCount(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const first = value.split(',')[0]?.split(';')[0]?.trim() ?? '';
  if (!/^\d{1,15}$/.test(first)) return undefined;
  return Number(first);
}
