/**
 * The service itself: exactly one request (the first page of page groups, one item) with the key
 * found, and what it tells — reached or not, TLS, the key accepted, the rate-limit fields.
 */
import { createApiClient } from '../../../api/http/client.js';
import { isLoopbackHost } from '../../../api/http/base-url.js';
import { isApiError, type ApiError } from '../../../api/http/errors.js';
import type { QuotaReading } from '../../../api/quota/rate-limit-fields.js';
import { maskApiKey } from '../../../auth/api-key-source.js';
import { VERSION } from '../../../version.js';
import { duration, result, type CheckResult } from './check.js';

/** Each phase of the one request; their sum stays under the group's deadline (doctor-command.ts). */
const PHASE_MS = 4_000;
export const REQUEST_MS = 9_000;

type Outcome = { ok: true; ms: number } | { ok: false; ms: number; error: ApiError };

function isTls(url: URL): boolean {
  return url.protocol === 'https:';
}

function tlsLine(url: URL, outcome: Outcome | undefined): CheckResult {
  if (!isTls(url)) {
    const local = isLoopbackHost(url.hostname);
    return result('service.tls', 'TLS', local ? 'skip' : 'warn', local ? 'plain http to loopback: no TLS needed' : `plain http to ${url.hostname}: the key travels unencrypted`, { tls: false });
  }
  if (outcome === undefined) return result('service.tls', 'TLS', 'skip', 'not checked: no request was sent', { tls: null });
  if (!outcome.ok && outcome.error.code === 'TLS_ERROR') return result('service.tls', 'TLS', 'fail', outcome.error.message, { tls: false });
  if (!outcome.ok && outcome.error.status === undefined) return result('service.tls', 'TLS', 'skip', 'not checked: no connection was made', { tls: null });
  return result('service.tls', 'TLS', 'pass', 'connection secured, certificate verified', { tls: true });
}

function reachLine(outcome: Outcome | undefined): CheckResult {
  if (outcome === undefined) return result('service.reach', 'Service', 'skip', 'not contacted: there is no key to send', { reached: null });
  if (outcome.ok) return result('service.reach', 'Service', 'pass', `answered in ${duration(outcome.ms)}`, { reached: true, status: 200, ms: outcome.ms });
  const e = outcome.error;
  if (e.status === undefined) {
    const said = e.kind === 'aborted' ? `no answer within ${duration(REQUEST_MS)}` : e.message;
    return result('service.reach', 'Service', 'fail', said, { reached: false, code: e.code, ms: outcome.ms });
  }
  return result('service.reach', 'Service', 'pass', `answered HTTP ${e.status} in ${duration(outcome.ms)}`, { reached: true, status: e.status, ms: outcome.ms });
}

function keyLine(outcome: Outcome | undefined, key: string | undefined, origin: string): CheckResult {
  if (outcome === undefined || key === undefined) return result('service.key', 'Key accepted', 'skip', 'not checked: no key', { accepted: null });
  if (outcome.ok) return result('service.key', 'Key accepted', 'pass', `yes: ${maskApiKey(key)} listed page groups`, { accepted: true });
  const e = outcome.error;
  if (e.kind === 'auth' && e.status !== undefined) {
    return result('service.key', 'Key accepted', 'fail', `no: ${origin} rejected ${maskApiKey(key)} (HTTP ${e.status}); run \`pagetui login\` to save a working key, or set PAGETUI_API_KEY`, { accepted: false, status: e.status });
  }
  if (e.kind === 'auth') return result('service.key', 'Key accepted', 'fail', e.message, { accepted: false });
  if (e.status === undefined) return result('service.key', 'Key accepted', 'skip', 'not checked: the service was not reached', { accepted: null });
  const status = e.kind === 'rate-limit' ? 'warn' : 'fail';
  return result('service.key', 'Key accepted', status, `not known: the service answered HTTP ${e.status} (${e.message})`, { accepted: null, status: e.status });
}

function rateLimitLine(reading: QuotaReading | undefined, outcome: Outcome | undefined, now: number): CheckResult {
  if (outcome === undefined || (!outcome.ok && outcome.error.status === undefined)) {
    return result('service.rate-limit', 'Rate limit', 'skip', 'not known: no answer from the service', {});
  }
  const retryAt = !outcome.ok && outcome.error.kind === 'rate-limit' ? outcome.error.retryAt : undefined;
  const facts = { remaining: reading?.remaining, limit: reading?.limit, resetInSeconds: reading?.resetAt === undefined ? undefined : Math.max(0, Math.round((reading.resetAt - now) / 1000)), windowSeconds: reading?.windowSeconds, retryInSeconds: retryAt === undefined ? undefined : Math.max(0, Math.ceil((retryAt - now) / 1000)) };
  const parts: string[] = [];
  if (reading !== undefined) parts.push(`${reading.remaining}${reading.limit === undefined ? '' : ` of ${reading.limit}`} requests left`);
  if (facts.resetInSeconds !== undefined) parts.push(`the window resets in ${facts.resetInSeconds} s`);
  if (facts.retryInSeconds !== undefined) parts.push(`rate limited: retry in ${facts.retryInSeconds} s`);
  if (parts.length === 0) return result('service.rate-limit', 'Rate limit', 'pass', 'the service announces no rate-limit fields', facts);
  const low = retryAt !== undefined || reading?.remaining === 0;
  return result('service.rate-limit', 'Rate limit', low ? 'warn' : 'pass', parts.join(', '), facts);
}

/** Sends the one request (when there is a key) and turns its outcome into the service lines. */
export async function serviceChecks(baseUrl: URL, key: string | undefined, now: () => number = Date.now): Promise<CheckResult[]> {
  let outcome: Outcome | undefined;
  let reading: QuotaReading | undefined;
  if (key !== undefined) {
    const client = createApiClient({ baseUrl, getApiKey: () => key, version: VERSION, connectTimeoutMs: PHASE_MS, headersTimeoutMs: PHASE_MS, bodyTimeoutMs: PHASE_MS });
    const started = performance.now();
    try {
      await client.listPageGroups({ limit: 1, signal: AbortSignal.timeout(REQUEST_MS) });
      outcome = { ok: true, ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (!isApiError(error)) throw error;
      outcome = { ok: false, ms: Math.round(performance.now() - started), error };
    } finally {
      reading = client.quota.getSnapshot().reading;
      await client.close().catch(() => undefined);
    }
  }
  return [reachLine(outcome), tlsLine(baseUrl, outcome), keyLine(outcome, key, baseUrl.origin), rateLimitLine(reading, outcome, now())];
}
