/** The proxy variables in effect and the proxy requests to the base URL take: the client's own rule (src/api/http/proxy.ts). */
import { describeProxy, proxyFor } from '../../../api/http/proxy.js';
import { isApiError } from '../../../api/index.js';
import type { Env } from '../../../auth/paths.js';
import { result, type CheckResult } from './check.js';

const VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'no_proxy', 'NO_PROXY'] as const;

/** A proxy variable's value as shown: never its password. */
const shown = (value: string): string => value.replace(/^([a-z][a-z0-9+.-]*:\/\/)?([^/@\s]*)@/i, (_m, scheme = '', user: string) => `${scheme}${user.split(':')[0] ?? ''}:••••@`);

export interface ProxyFailure {
  readonly code: string;
  readonly summary: string;
}

/** The Service line's failure when the proxy caused it (its code is PROXY_…), else undefined. */
export function proxyFailure(service: readonly CheckResult[]): ProxyFailure | undefined {
  const reach = service.find((c) => c.id === 'service.reach');
  const code = reach?.facts?.code;
  return reach?.status === 'fail' && typeof code === 'string' && code.startsWith('PROXY_') ? { code, summary: reach.summary } : undefined;
}

/** `failure`: the Service line's failure when the proxy caused it (the Proxy line then fails too). */
export function proxyCheck(baseUrl: URL | undefined, env: Env, failure?: ProxyFailure): CheckResult {
  const variables = Object.fromEntries(VARIABLES.filter((name) => env[name] !== undefined).map((name) => [name, shown(env[name] ?? '')]));
  const set = Object.entries(variables).map(([name, value]) => `${name}=${value}`);
  const listed = set.length === 0 ? 'no proxy variables set' : set.join(', ');
  if (baseUrl === undefined) return result('proxy', 'Proxy', set.length === 0 ? 'pass' : 'skip', `${listed}; which applies depends on the base URL (none here)`, variables);
  try {
    const decision = proxyFor(baseUrl, env);
    const facts = { ...variables, proxy: decision.proxy?.masked ?? null, via: decision.proxy ? decision.variable : null, bypass: decision.proxy ? null : decision.reason };
    if (decision.proxy !== undefined && failure !== undefined) {
      return result('proxy', 'Proxy', 'fail', `requests to ${baseUrl.host} go through ${describeProxy(decision)} (${listed}), which did not let them through: ${failure.summary}`, { ...facts, failure: failure.code });
    }
    if (decision.proxy !== undefined) return result('proxy', 'Proxy', 'pass', `requests to ${baseUrl.host} go through ${describeProxy(decision)}; ${listed}`, facts);
    return result('proxy', 'Proxy', 'pass', `direct to ${baseUrl.host}: proxy ${describeProxy(decision)}; ${listed}`, facts);
  } catch (error) {
    if (isApiError(error)) return result('proxy', 'Proxy', 'fail', error.message, variables);
    throw error;
  }
}
