/**
 * Checks a key before `login` saves it: one `GET /v0/page_groups?limit=1` through the API client.
 */
import { createApiClient, isApiError, type ApiClient } from '../../api/index.js';
import type { ExchangeObserver } from '../../api/inspector/exchange-log.js';
import { VERSION } from '../../version.js';
import { EXIT_API_ERROR, exitCodeFor } from './exit-codes.js';
import { replaceControlChars } from '../../text/sanitize.js';
import { redactSecret } from '../../text/redact.js';
import { errorLineText, summarizeError } from '../../text/error-summary.js';

export type ApiKeyCheck =
  | { readonly kind: 'ok' }
  /** 401/403: the server said no. */
  | { readonly kind: 'rejected'; readonly message: string; readonly status?: number }
  /** The client refused to send it (e.g. characters a header cannot carry): a usage error. */
  | { readonly kind: 'unusable'; readonly message: string }
  /** No answer about the key (network, timeout, a server error…), with the exit code that fits (6 network, 4, 5). */
  | { readonly kind: 'unverified'; readonly message: string; readonly exitCode: number };

/** One line of someone else's text, with the key (if echoed) and control characters removed. */
function clean(text: string, key: string): string {
  const scrubbed = replaceControlChars(redactSecret(text, key), ' ').trim();
  return scrubbed.length > 200 ? `${scrubbed.slice(0, 199)}…` : scrubbed;
}

/**
 * Sends one request with `key`; never throws, never puts the key in a message. `observer` (the
 * app's exchange log) records the request as the inspector shows every other.
 */
export async function checkApiKey(baseUrl: URL, key: string, observer?: ExchangeObserver): Promise<ApiKeyCheck> {
  let client: ApiClient;
  try {
    client = createApiClient({ baseUrl, getApiKey: () => key, version: VERSION, ...(observer ? { observer } : {}) });
  } catch (error) {
    // A proxy variable that is not a proxy URL: nothing was sent.
    if (isApiError(error)) return { kind: 'unusable', message: clean(error.message, key) };
    throw error;
  }
  try {
    await client.listPageGroups({ limit: 1 });
    return { kind: 'ok' };
  } catch (error) {
    if (!isApiError(error)) {
      return { kind: 'unverified', message: `The key could not be checked: ${clean(String(error), key)}`, exitCode: EXIT_API_ERROR };
    }
    // Refused by the client before sending (no HTTP status): the key's shape, not the server's verdict.
    if (error.kind === 'usage' || (error.kind === 'auth' && error.status === undefined)) {
      return { kind: 'unusable', message: clean(error.message, key) };
    }
    if (error.kind === 'auth') {
      const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
      return { kind: 'rejected', message: `${baseUrl.origin} rejected the key${status}`, status: error.status };
    }
    return { kind: 'unverified', message: `The key could not be checked: ${clean(errorLineText(summarizeError(error)), key)}`, exitCode: exitCodeFor(error) };
  } finally {
    await client.close().catch(() => undefined);
  }
}
