/**
 * What an API key can be before it is sent as the `x-api-key` header: the app's form, `pagetui
 * login`, and the client (whatever the key's source: PAGETUI_API_KEY, the keychain, the file).
 */
import { countText } from './count.js';

/** Longer than any service's key: a longer one is a paste of something else (a file, a log). */
export const MAX_API_KEY_LENGTH = 4096;

/** Visible ASCII, spaces and tabs: what an HTTP header value can carry. */
const HEADER_SAFE = /^[\x20-\x7e\t]*$/;

/**
 * Why `key` cannot go into a header, as the rest of a sentence about it ('is 200,000 characters
 * long; …'), or undefined. Never holds any of the key.
 */
export function apiKeyHeaderProblem(key: string): string | undefined {
  if (key.length > MAX_API_KEY_LENGTH) return `is ${countText(key.length)} characters long; an API key is at most ${countText(MAX_API_KEY_LENGTH)}`;
  if (!HEADER_SAFE.test(key)) return 'contains characters a header cannot carry (line breaks, control characters or characters outside ASCII)';
  return undefined;
}
