/**
 * Which proxy a request to the base URL goes through, as the client's dispatcher decides it
 * (createDispatcher in client.ts): a loopback host never, else undici's EnvHttpProxyAgent rules —
 * `https_proxy`/`HTTPS_PROXY` for https (falling back to the http proxy), `http_proxy`/
 * `HTTP_PROXY` for http, the lower-case name first; `NO_PROXY` (`*`, or host / `.domain` /
 * `host:port` entries separated by commas or spaces) bypasses it. For `pagetui doctor`; when the
 * dispatcher's rules change, this is the one function to change with them.
 */
import { isLoopbackHost } from './base-url.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ProxyChoice {
  /** The variables that are set, by the name they were read under, proxy passwords masked. */
  readonly variables: Readonly<Record<string, string>>;
  /** The proxy requests to the base URL go through (masked), or undefined: straight there. */
  readonly proxy?: string;
  /** The variable that proxy came from. */
  readonly via?: string;
  /** Why no proxy is used although one is set: the host is loopback, or NO_PROXY names it. */
  readonly bypass?: 'loopback' | 'NO_PROXY';
}

const NAMES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'no_proxy', 'NO_PROXY'] as const;
const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** A proxy URL with its password (if any) replaced by `••••`; text that is not a URL is shown as is. */
function maskProxyUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password === '') return value;
    const path = url.pathname === '/' ? '' : url.pathname;
    return `${url.protocol}//${url.username === '' ? '' : `${url.username}:`}••••@${url.host}${path}`;
  } catch {
    return value;
  }
}

/** The variable undici reads (`lower ?? UPPER`), when it names a proxy (an empty value names none). */
function proxyVariable(env: Env, lower: string, upper: string): { name: string; value: string } | undefined {
  const value = env[lower] ?? env[upper];
  if (value === undefined || value === '') return undefined;
  return { name: env[lower] === undefined ? upper : lower, value };
}

/** True when NO_PROXY's `value` names `url`'s host (undici's matching). */
function noProxyMatches(value: string, url: URL): boolean {
  if (value === '*') return true;
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  for (const entry of value.split(/[,\s]/)) {
    if (entry === '') continue;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const name = (parsed?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase();
    const entryPort = parsed?.[2] === undefined ? 0 : Number.parseInt(parsed[2], 10);
    if (entryPort !== 0 && entryPort !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/** The proxy variables in `env` and the one that applies to `baseUrl`. */
export function proxyForUrl(baseUrl: URL, env: Env): ProxyChoice {
  const variables: Record<string, string> = {};
  for (const name of NAMES) {
    const value = env[name];
    if (value !== undefined) variables[name] = /^no_/i.test(name) ? value : maskProxyUrl(value);
  }
  const http = proxyVariable(env, 'http_proxy', 'HTTP_PROXY');
  const chosen = baseUrl.protocol === 'https:' ? (proxyVariable(env, 'https_proxy', 'HTTPS_PROXY') ?? http) : http;
  if (chosen === undefined) return { variables };
  if (isLoopbackHost(baseUrl.hostname)) return { variables, bypass: 'loopback' };
  const noProxy = env['no_proxy'] ?? env['NO_PROXY'] ?? '';
  if (noProxyMatches(noProxy, baseUrl)) return { variables, bypass: 'NO_PROXY' };
  return { variables, proxy: maskProxyUrl(chosen.value), via: chosen.name };
}
