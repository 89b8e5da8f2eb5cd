const two = (n: number): string => String(n).padStart(2, '0');

/** `12:03:04` in local time: a moment said this way stays true however long the line stays. */
export function clockTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
