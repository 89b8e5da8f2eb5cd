/**
 * What a redirect is said as. pagetui never follows one (the key would go with the request to
 * wherever it points); the error says so and where it pointed, by its origin alone: a Location's
 * path and query may hold the key, or a token of the server's.
 */
import type { SecretRedactor } from '../../text/redact.js';

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export const isRedirect = (status: number): boolean => REDIRECTS.has(status);

const NOT_FOLLOWED = 'pagetui does not follow redirects (check the base URL)';

/**
 * The sentence for a redirect to `location` (relative to `origin`, the server asked): its scheme,
 * host and port, or no address at all when that holds the key.
 */
export function redirectText(location: string | undefined, origin: string | undefined, redact: SecretRedactor | undefined): string {
  const target = redirectTarget(location, origin);
  if (target === undefined) return `The server answered with a redirect but no address; ${NOT_FOLLOWED}.`;
  if (redact?.holds(target) === true) return `The server redirected the request to an address that holds the API key (not shown); ${NOT_FOLLOWED}.`;
  return `The server redirected the request to ${target}; ${NOT_FOLLOWED}.`;
}

/** `scheme://host:port` of the Location (port left out when it is the scheme's own), or `a <scheme>: address`. */
function redirectTarget(location: string | undefined, origin: string | undefined): string | undefined {
  const value = location?.trim() ?? '';
  if (value === '') return undefined;
  let url: URL;
  try {
    url = origin === undefined ? new URL(value) : new URL(value, `${origin}/`);
  } catch {
    return undefined;
  }
  // URL keeps hosts of special schemes ASCII (punycode) and its protocol to [a-z0-9+.-]: nothing here needs sanitising.
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  return `an address of the ${url.protocol.slice(0, 20)} scheme`;
}
