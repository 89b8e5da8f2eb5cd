/**
 * A value read from a file, as a message repeats it: its first characters, enough to find it in
 * the file, and "…" where it goes on (a 10,000-character key name is not said whole).
 */
const MAX_ECHOED_CHARS = 40;

/** `text` cut to `max` characters (code points), the last of them "…" where it was cut. */
export function echoed(text: string, max = MAX_ECHOED_CHARS): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
