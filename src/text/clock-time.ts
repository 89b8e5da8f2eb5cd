const two = (n: number): string => String(n).padStart(2, '0');

/** `12:03:04` in local time: a moment said this way stays true however long the line stays. */
export function clockTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** `2026-11-27` in local time. */
export function localDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** `2026-11-27 14:03:05` in local time. */
export const localDateTime = (epochMs: number): string => `${localDay(epochMs)} ${clockTime(epochMs)}`;

/** `2026-11-27 14:03:05 UTC`, as the commands say times on stderr (read later, perhaps elsewhere). */
export const utcDateTime = (epochMs: number): string => `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** `14:03:05 UTC`. */
export const utcClockTime = (epochMs: number): string => `${new Date(epochMs).toISOString().slice(11, 19)} UTC`;
