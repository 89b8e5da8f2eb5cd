/**
 * The service itself: exactly one request (the first page of page groups, one item) with the key
 * found, and what it tells — reached or not, TLS, the key accepted, the rate-limit fields.
 */
import { createApiClient } from '../../../api/http/client.js';
import { isLoopbackHost } from '../../../api/http/base-url.js';
import { isApiError, type ApiError } from '../../../api/http/errors.js';
import type { QuotaReading } from '../../../api/quota/rate-limit-fields.js';
import { maskApiKey } from '../../../auth/api-key-source.js';
import { DEFAULT_TIMEOUT } from '../../../api/http/client.js';
import { secondsText, type ResponseLimit } from '../../../api/http/response-deadline.js';
import { VERSION } from '../../../version.js';
import { duration, result, type CheckResult } from './check.js';

/** How long doctor waits for the service's one answer when its own --timeout does not say: a silent service is told in seconds. */
const DOCTOR_SERVICE_MS = 5_000;

/**
 * The limit of doctor's request: doctor's own --timeout when given, else the app's limit cut to
 * DOCTOR_SERVICE_MS, saying the app's where it was cut (so a slow service is not mistaken for a dead one).
 */
export function doctorLimit(app: ResponseLimit, doctorFlag: boolean): ResponseLimit {
  if (doctorFlag || app.ms <= DOCTOR_SERVICE_MS) return app;
  return { ms: DOCTOR_SERVICE_MS, source: `doctor's own limit; the app waits ${secondsText(app.ms)} (${app.source})` };
}

type Outcome = { ok: true; ms: number } | { ok: false; ms: number; error: ApiError };

/** The proxy stopped the request (refused, down, silent, not TLS): the service was never asked. */
const stoppedByProxy = (e: ApiError): boolean => e.code.startsWith('PROXY_');

/** The service answered, even if not with a list (an HTML login page, say). */
const reached = (e: ApiError): boolean => !stoppedByProxy(e) && (e.status !== undefined || e.kind === 'bad-response');

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
  if (!outcome.ok && stoppedByProxy(outcome.error)) return result('service.tls', 'TLS', 'skip', 'not checked: the proxy did not let the request through (see Service)', { tls: null });
  if (!outcome.ok && !reached(outcome.error)) return result('service.tls', 'TLS', 'skip', 'not checked: no connection was made', { tls: null });
  return result('service.tls', 'TLS', 'pass', 'connection secured, certificate verified', { tls: true });
}

/** Why no request is sent without a key to send. */
const NO_KEY = 'there is no key to send';

function reachLine(outcome: Outcome | undefined, noKey: string): CheckResult {
  if (outcome === undefined) return result('service.reach', 'Service', 'skip', `not contacted: ${noKey}`, { reached: null });
  if (outcome.ok) return result('service.reach', 'Service', 'pass', `answered in ${duration(outcome.ms)}`, { reached: true, status: 200, ms: outcome.ms });
  const e = outcome.error;
  if (e.status === undefined && e.kind === 'bad-response') {
    return result('service.reach', 'Service', 'fail', `answered in ${duration(outcome.ms)}, but not with a list: ${e.message}`, { reached: true, code: e.code, ms: outcome.ms });
  }
  if (e.status === undefined || stoppedByProxy(e)) return result('service.reach', 'Service', 'fail', e.message, { reached: false, code: e.code, ms: outcome.ms });
  return result('service.reach', 'Service', 'pass', `answered HTTP ${e.status} in ${duration(outcome.ms)}`, { reached: true, status: e.status, ms: outcome.ms });
}

function keyLine(outcome: Outcome | undefined, key: string | undefined, origin: string, noKey: string): CheckResult {
  if (outcome === undefined || key === undefined) return result('service.key', 'Key accepted', 'skip', `not checked: ${noKey === NO_KEY ? 'no key' : noKey}`, { accepted: null });
  if (outcome.ok) return result('service.key', 'Key accepted', 'pass', `yes: ${maskApiKey(key)} listed page groups`, { accepted: true });
  const e = outcome.error;
  if (e.kind === 'auth' && e.status !== undefined) {
    return result('service.key', 'Key accepted', 'fail', `no: ${origin} rejected ${maskApiKey(key)} (HTTP ${e.status}); run \`pagetui login\` to save a working key, or set PAGETUI_API_KEY`, { accepted: false, status: e.status });
  }
  if (e.kind === 'auth') return result('service.key', 'Key accepted', 'fail', e.message, { accepted: false });
  if (!reached(e)) return result('service.key', 'Key accepted', 'skip', 'not checked: the service was not reached', { accepted: null });
  // The service answered, but not about the key: unknown is a warning (the Service line says what failed).
  if (e.status === undefined) return result('service.key', 'Key accepted', 'warn', 'not known: the service answered, but not with a list (see Service)', { accepted: null });
  return result('service.key', 'Key accepted', 'warn', `not known: the service answered HTTP ${e.status} (${e.message})`, { accepted: null, status: e.status });
}

function rateLimitLine(reading: QuotaReading | undefined, outcome: Outcome | undefined, now: number): CheckResult {
  if (outcome === undefined || (!outcome.ok && !reached(outcome.error))) {
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

/**
 * Sends the one request (when there is a key) and turns its outcome into the service lines;
 * `noKey` says why there is none to send.
 */
export async function serviceChecks(baseUrl: URL, key: string | undefined, limit: ResponseLimit = DEFAULT_TIMEOUT, now: () => number = Date.now, noKey = NO_KEY): Promise<CheckResult[]> {
  let outcome: Outcome | undefined;
  let reading: QuotaReading | undefined;
  if (key !== undefined) {
    // The app's own limit (--timeout, PAGETUI_TIMEOUT, the config file or 30 s) and its words.
    const client = createApiClient({ baseUrl, getApiKey: () => key, version: VERSION, timeout: limit });
    const started = performance.now();
    try {
      await client.listPageGroups({ limit: 1 });
      outcome = { ok: true, ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (!isApiError(error)) throw error;
      outcome = { ok: false, ms: Math.round(performance.now() - started), error };
    } finally {
      reading = client.quota.getSnapshot().reading;
      await client.close().catch(() => undefined);
    }
  }
  return [reachLine(outcome, noKey), tlsLine(baseUrl, outcome), keyLine(outcome, key, baseUrl.origin, noKey), rateLimitLine(reading, outcome, now())];
}
