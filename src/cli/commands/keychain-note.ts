import { KEYCHAIN_FALLBACKS } from '../../auth/result.js';

/**
 * A keychain reason without its advice to set PAGETUI_API_KEY or use `--insecure-storage`: for
 * commands run by someone who already uses one of those (or is removing the key).
 */
export function withoutFallbacks(reason: string): string {
  return reason.replace(`; ${KEYCHAIN_FALLBACKS}.`, '.');
}
