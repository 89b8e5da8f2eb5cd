/** The proxy variables in effect and which one requests to the base URL take (src/api/http/proxy-env.ts). */
import { proxyForUrl } from '../../../api/http/proxy-env.js';
import type { Env } from '../../../auth/paths.js';
import { result, type CheckResult } from './check.js';

export function proxyCheck(baseUrl: URL | undefined, env: Env): CheckResult {
  const probe = proxyForUrl(baseUrl ?? new URL('https://base-url.invalid'), env);
  const set = Object.entries(probe.variables).map(([name, value]) => `${name}=${value}`);
  const facts = { ...probe.variables, proxy: probe.proxy ?? null, via: probe.via ?? null, bypass: probe.bypass ?? null };
  const listed = set.length === 0 ? 'no proxy variables set' : set.join(', ');
  if (baseUrl === undefined) return result('proxy', 'Proxy', set.length === 0 ? 'pass' : 'skip', `${listed}; which applies depends on the base URL (none here)`, facts);
  if (probe.proxy !== undefined) return result('proxy', 'Proxy', 'pass', `requests to ${baseUrl.host} go through ${probe.proxy} (from ${probe.via ?? '?'}); ${listed}`, facts);
  if (probe.bypass === 'loopback') return result('proxy', 'Proxy', 'pass', `direct: ${baseUrl.hostname} is loopback, which is never proxied; ${listed}`, facts);
  if (probe.bypass === 'NO_PROXY') return result('proxy', 'Proxy', 'pass', `direct: NO_PROXY names ${baseUrl.hostname}; ${listed}`, facts);
  return result('proxy', 'Proxy', 'pass', set.length === 0 ? 'direct: no proxy variables set' : `direct: none applies to ${baseUrl.protocol.slice(0, -1)}; ${listed}`, facts);
}
