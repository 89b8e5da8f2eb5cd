/**
 * The result shape of every auth operation that can fail for an environmental reason (no keychain,
 * a refused credentials file…). `reason` is always one plain sentence fit to show the user; it
 * never contains the key.
 */
export type AuthResult<T> = { ok: true; value: T } | { ok: false; reason: string };

export const ok = <T>(value: T): AuthResult<T> => ({ ok: true, value });
export const fail = <T = never>(reason: string): AuthResult<T> => ({ ok: false, reason });

/** Quotes a user- or file-supplied name for a message; JSON escaping neutralises control characters. */
export const quote = (s: string): string => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
