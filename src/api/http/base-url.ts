/**
 * Validation of the service's base URL. The base URL decides where the API key is sent, so it is
 * strict: http(s) only, no credentials, no query or fragment, and plain http only to this machine
 * unless the user explicitly allows it.
 */
import { isIP } from 'node:net';
import { ApiError } from './errors.js';

export interface ParseBaseUrlOptions {
  /** Allow `http://` to hosts other than loopback (`--allow-insecure-http`). */
  readonly allowInsecureHttp?: boolean;
}

const bad = (message: string): ApiError => new ApiError('usage', 'BAD_BASE_URL', message);

/**
 * True for hosts that are this machine: `localhost`, `127.0.0.0/8`, `::1` (with or without
 * brackets). Takes a hostname as `URL.hostname` gives it (no port).
 */
export function isLoopbackHost(host: string): boolean {
  let h = host.trim().toLowerCase();
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h === 'localhost') return true;
  const family = isIP(h);
  if (family === 4) return h.split('.')[0] === '127';
  if (family === 6) {
    // Let the URL parser canonicalise the many spellings of ::1 (0:0:0:0:0:0:0:1, ::0001, ...).
    try {
      const canonical = new URL(`http://[${h}]/`).hostname;
      if (canonical === '[::1]') return true;
      // IPv4-mapped loopback (::ffff:127.x.y.z) is canonicalised to hex: ::ffff:7fxx:xxxx.
      return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Parses and checks a base URL such as `https://pages.example.com` or `https://host/api/`.
 * Returns a URL whose pathname is the path prefix without a trailing slash (`/` when none).
 * Throws `ApiError('usage', 'BAD_BASE_URL')` with one sentence explaining what is wrong.
 */
export function parseBaseUrl(input: string, opts: ParseBaseUrlOptions = {}): URL {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') throw bad('The base URL is empty; give one like https://pages.example.com.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad('The base URL is not a valid URL; give one like https://pages.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw bad('The base URL must start with https:// (or http:// for a loopback host).');
  }
  if (url.hostname === '') throw bad('The base URL has no host name.');
  if (url.username !== '' || url.password !== '') {
    throw bad('The base URL must not contain a user name or password; the API key is sent in a header.');
  }
  if (url.search !== '' || url.hash !== '' || url.href.includes('?') || url.href.includes('#')) {
    throw bad('The base URL must not contain a query (?) or fragment (#).');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && opts.allowInsecureHttp !== true) {
    throw bad(
      `The base URL uses plain http to ${url.hostname}, which would send the API key unencrypted; ` +
        'use https:// or pass --allow-insecure-http.',
    );
  }
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
    url.pathname = url.pathname.slice(0, -1);
  }
  return url;
}

/** The path prefix of a base URL without a trailing slash: `''` for `https://host`, `/api` for `https://host/api`. */
export function basePathPrefix(baseUrl: URL): string {
  const p = baseUrl.pathname;
  return p.endsWith('/') ? p.slice(0, -1) : p;
}

/**
 * A warning for a base URL whose path ends in `/v0`: every request path starts with `/v0`
 * already, so requests would go to `…/v0/v0/…`. Undefined for any other base URL.
 */
export function baseUrlWarning(baseUrl: URL): string | undefined {
  const prefix = basePathPrefix(baseUrl);
  if (!/\/v0$/i.test(prefix)) return undefined;
  return `The base URL ends in /v0 and the API paths start with /v0, so requests go to ${prefix}/v0/…; leave /v0 out of the base URL unless the service really lives there.`;
}
