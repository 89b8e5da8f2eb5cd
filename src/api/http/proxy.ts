/**
 * Which proxy a request to a URL goes through, read from the environment the way curl reads it:
 * `https_proxy`/`HTTPS_PROXY` for https targets, `http_proxy`/`HTTP_PROXY` for http targets only,
 * `no_proxy`/`NO_PROXY` for the exceptions (the lowercase name wins when both are set, even empty).
 * A proxy without a scheme is `http://`; without a port, 1080 (`https://` proxies: 443), as in
 * curl. Loopback targets (the demo server) are never proxied. The one place this is decided: the
 * client and `pagetui doctor` both ask `proxyFor`.
 */
import { inspect } from 'node:util';
import { isLoopbackHost } from './base-url.js';
import { ApiError } from './errors.js';
import { noProxyMatches } from './no-proxy.js';

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

/** The variable a proxy came from. */
export type ProxyVariable = 'https_proxy' | 'HTTPS_PROXY' | 'http_proxy' | 'HTTP_PROXY';

/** The proxy variable for this target's scheme, or the no-proxy variable, as found. */
interface Found<Name extends string> {
  readonly name: Name;
  readonly value: string;
}

/**
 * A proxy's URL. Every text form (String(), JSON, util.inspect, `masked`) hides the user name and
 * password; only `withCredentials()` gives them, for the connection itself.
 */
export class ProxyUrl {
  readonly #url: URL;

  constructor(url: URL) {
    this.#url = new URL(url.href);
  }

  /** `host:port`, the port always written out; never credentials. */
  get hostPort(): string {
    const port = this.#url.port === '' ? (this.#url.protocol === 'https:' ? '443' : '80') : this.#url.port;
    return `${this.#url.hostname}:${port}`;
  }

  get protocol(): 'http:' | 'https:' {
    return this.#url.protocol === 'https:' ? 'https:' : 'http:';
  }

  get hasCredentials(): boolean {
    return this.#url.username !== '' || this.#url.password !== '';
  }

  /** `http://***@proxy.example:3128` when it has credentials, else `http://proxy.example:3128`. */
  get masked(): string {
    return `${this.#url.protocol}//${this.hasCredentials ? '***@' : ''}${this.hostPort}`;
  }

  /** The full URL, credentials included: for the dispatcher only, never for text. */
  withCredentials(): string {
    return this.#url.href;
  }

  toString(): string {
    return this.masked;
  }

  toJSON(): string {
    return this.masked;
  }

  [inspect.custom](): string {
    return `ProxyUrl(${this.masked})`;
  }
}

export type ProxyDecision =
  | { readonly proxy: ProxyUrl; readonly variable: ProxyVariable }
  | {
      readonly proxy: undefined;
      /** unset: no proxy variable for this scheme; loopback: never proxied; no-proxy: excepted by `variable`. */
      readonly reason: 'unset' | 'loopback' | 'no-proxy';
      readonly variable?: 'no_proxy' | 'NO_PROXY';
    };

/** Lowercase first, as curl: a lowercase variable that is set (even to "") hides the uppercase one. */
function lookup<Name extends string>(env: ProxyEnv, lower: Name, upper: Name): Found<Name> | undefined {
  for (const name of [lower, upper]) {
    const value = env[name];
    if (value !== undefined) return { name, value: value.trim() };
  }
  return undefined;
}

/**
 * The proxy a request to `target` goes through, and the variable it came from; or none and why.
 * Throws `ApiError('usage', 'BAD_PROXY')`, naming the variable, when the proxy that applies is
 * not a usable proxy URL.
 */
export function proxyFor(target: URL | string, env: ProxyEnv): ProxyDecision {
  const url = typeof target === 'string' ? new URL(target) : target;
  const found = url.protocol === 'https:' ? lookup(env, 'https_proxy', 'HTTPS_PROXY') : lookup(env, 'http_proxy', 'HTTP_PROXY');
  if (found === undefined || found.value === '') return { proxy: undefined, reason: 'unset' };
  if (isLoopbackHost(url.hostname)) return { proxy: undefined, reason: 'loopback' };
  const except = lookup(env, 'no_proxy', 'NO_PROXY');
  if (except !== undefined && noProxyMatches(except.value, url)) return { proxy: undefined, reason: 'no-proxy', variable: except.name };
  return { proxy: parseProxyUrl(found), variable: found.name };
}

/** One line for a person: the proxy in effect, or why there is none. */
export function describeProxy(decision: ProxyDecision): string {
  if (decision.proxy !== undefined) return `${decision.proxy.masked} (from ${decision.variable})`;
  if (decision.reason === 'loopback') return 'none (loopback targets are never proxied)';
  if (decision.reason === 'no-proxy') return `none (excepted by ${decision.variable ?? 'NO_PROXY'})`;
  return 'none';
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const DEFAULT_PORT = { 'http:': '1080', 'https:': '443' } as const;

function parseProxyUrl({ name, value }: Found<ProxyVariable>): ProxyUrl {
  const bad = (why: string): ApiError => new ApiError('usage', 'BAD_PROXY', `${name} is not a valid proxy URL: ${why}.`);
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    throw bad(`${scheme}:// proxies are not supported (give http://host:port or https://host:port)`);
  }
  const full = scheme === undefined ? `http://${value}` : value;
  let url: URL;
  try {
    url = new URL(full);
  } catch {
    throw bad(`${shown(value)} cannot be parsed (give host:port or http://host:port)`);
  }
  if (url.hostname === '') throw bad(`${shown(value)} has no host`);
  if (url.search !== '' || url.hash !== '') throw bad(`${shown(value)} has a query or fragment`);
  if (url.port === '' && !hasPort(full)) url.port = DEFAULT_PORT[url.protocol as 'http:' | 'https:'];
  // A path says nothing to a proxy (curl ignores it); undici refuses a proxy URL that has one.
  url.pathname = '/';
  return new ProxyUrl(url);
}

/** Whether the URL says a port (the URL parser drops a scheme's default port, so `:80` looks like none). */
function hasPort(full: string): boolean {
  const authority = full.replace(SCHEME, '').split(/[/?#]/)[0] ?? '';
  return /:\d+$/.test(authority.slice(authority.lastIndexOf('@') + 1));
}

/** The value quoted for a message: user and password masked, control characters escaped, cut. */
function shown(value: string): string {
  const masked = value.replace(/^([^@/]*\/\/)?[^@/]*@/, '$1***@');
  const quoted = JSON.stringify(masked.length > 80 ? `${masked.slice(0, 79)}…` : masked);
  return quoted.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
