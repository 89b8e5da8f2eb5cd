/**
 * Turns keychain failures into one plain sentence that names the fallbacks. Never a stack trace;
 * the underlying message is only quoted (shortened, secret redacted) when no known cause matches.
 */
import { redactSecret } from '../text/redact.js';
import { replaceControlChars } from '../text/sanitize.js';

/** The fallbacks named whenever the keychain cannot be used. */
const KEYCHAIN_FALLBACKS =
  'set PAGETUI_API_KEY, or run `pagetui login --insecure-storage` to keep the key in a plaintext file';

const sentence = (cause: string): string => `${cause}; ${KEYCHAIN_FALLBACKS}.`;

/**
 * A reason without its advice to set PAGETUI_API_KEY or use `--insecure-storage`: for commands run
 * by someone who already uses one of those (or is removing the key).
 */
export function withoutFallbacks(reason: string): string {
  return reason.replace(`; ${KEYCHAIN_FALLBACKS}.`, '.');
}

export const REASON_NOT_AVAILABLE = sentence('The keychain library is not available on this machine');
export const REASON_NO_DBUS = sentence('No keychain is reachable: there is no D-Bus session (common over SSH)');
export const REASON_NO_SECRET_SERVICE = sentence(
  'No keychain is reachable: no Secret Service (such as GNOME Keyring) is running in this D-Bus session',
);
export const REASON_LOCKED = sentence('The keychain is locked or has no login collection');
export const REASON_NO_ANSWER = sentence('The keychain helper stopped without answering');

export const reasonDeadline = (timeoutMs: number): string =>
  sentence(`The keychain did not answer within ${formatSeconds(timeoutMs)}`);

const formatSeconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`;

/** Maps a keytar load or call failure (message and errno-like code) to its sentence. */
export function reasonForFailure(
  f: { stage: 'load' | 'call'; code?: string; message: string },
  secret?: string,
): string {
  const m = f.message;
  if (f.stage === 'load') return REASON_NOT_AVAILABLE;
  if (/libsecret|cannot open shared object|MODULE_NOT_FOUND/i.test(m) || f.code === 'MODULE_NOT_FOUND') {
    return REASON_NOT_AVAILABLE;
  }
  if (/org\.freedesktop\.secrets|ServiceUnknown|was not provided by any \.service/i.test(m)) {
    return REASON_NO_SECRET_SERVICE;
  }
  if (/collection|locked|prompt|dismissed|cancel/i.test(m)) return REASON_LOCKED;
  if (/d-?bus|Could not connect|autolaunch|DISPLAY/i.test(m)) return REASON_NO_DBUS;
  let detail = replaceControlChars(m, ' ').trim();
  if (secret) detail = redactSecret(detail, secret);
  if (detail.length > 120) detail = `${detail.slice(0, 119)}…`;
  return sentence(`The keychain reported an error${detail ? ` (${detail})` : ''}`);
}
