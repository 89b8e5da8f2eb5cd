/**
 * `n.toLocaleString('en-US')` for the counts the app shows (1,234,567), without its cost: the
 * first call loads ICU's number formatting, 15–35 ms that a first frame would otherwise pay.
 * Safe integers are grouped here; anything else goes to toLocaleString.
 */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}

/** "lines 1 to 35 of 189": a window's place in words, where "1–35/189" would be read "1 minus 35 slash 189". */
export const spokenLineRange = (first: number, last: number, total: number): string => `lines ${countText(first)} to ${countText(last)} of ${countText(total)}`;
