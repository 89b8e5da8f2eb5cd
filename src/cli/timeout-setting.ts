/**
 * How long one response may take: `--timeout SECONDS`, else PAGETUI_TIMEOUT, else `"timeout"` in
 * config.json, else 30 s. The limit remembers where it came from, so that the error of a response
 * cut by it says what to change.
 */
import { DEFAULT_TIMEOUT } from '../api/http/client.js';
import type { ResponseLimit } from '../api/http/response-deadline.js';
import { isTimeoutSeconds, MAX_TIMEOUT_SECONDS, type PagetuiConfig } from '../auth/config.js';

/** The limit, or one sentence saying which setting is wrong. */
export function responseLimit(flag: string | undefined, env: Readonly<Record<string, string | undefined>>, config: PagetuiConfig): ResponseLimit | { readonly problem: string } {
  const given: [string | undefined, string][] = [
    [flag, '--timeout'],
    [env.PAGETUI_TIMEOUT, 'PAGETUI_TIMEOUT'],
  ];
  for (const [text, source] of given) {
    if (text === undefined || (source !== '--timeout' && text.trim() === '')) continue;
    const seconds = /^\s*[0-9]{1,7}\s*$/.test(text) ? Number(text) : Number.NaN;
    if (!isTimeoutSeconds(seconds)) {
      return { problem: `${source} must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}, not ${JSON.stringify(text)}.` };
    }
    return { ms: seconds * 1000, source };
  }
  if (config.timeout !== undefined) return { ms: config.timeout * 1000, source: 'config.json "timeout"' };
  return DEFAULT_TIMEOUT;
}
