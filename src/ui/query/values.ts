/**
 * What a comparison's value means, as a range of numbers (epoch ms for dates):
 * - a count: `pages>=100`, `pages=0`;
 * - a day or a moment, in local time: `updated>2026-01-01` (after that day), `updated<=2026-01-01T12:00`;
 * - an age: `updated<7d` (less than 7 days ago: within the last 7 days), `created>2w` (more than
 *   two weeks ago). Units: m (minutes), h (hours), d (days), w (weeks).
 */
import type { Operator } from './lexer.js';

/** lo ≤ (or <) value ≤ (or <) hi; a missing or unreadable value is never in a range. */
export interface Range {
  readonly lo: number;
  readonly loOpen: boolean;
  readonly hi: number;
  readonly hiOpen: boolean;
}

const ALL: Range = { lo: Number.NEGATIVE_INFINITY, loOpen: false, hi: Number.POSITIVE_INFINITY, hiOpen: false };

/** The values `op value` takes, for a span [start, end) the value names (a day, a minute, a count). */
function spanRange(op: Operator, start: number, end: number): Range {
  switch (op) {
    case '>':
      return { ...ALL, lo: end, loOpen: false };
    case '>=':
      return { ...ALL, lo: start };
    case '<':
      return { ...ALL, hi: start, hiOpen: true };
    case '<=':
      return { ...ALL, hi: end, hiOpen: true };
    default:
      return { lo: start, loOpen: false, hi: end, hiOpen: true };
  }
}

export const inRange = (r: Range, v: number): boolean =>
  (r.loOpen ? v > r.lo : v >= r.lo) && (r.hiOpen ? v < r.hi : v <= r.hi);

/** `pages>=100`: a whole or decimal number. */
export function countRange(op: Operator, text: string): Range | string {
  if (!/^\d+(\.\d+)?$/.test(text)) return `"${text}" is not a count: use a number, e.g. pages>=100`;
  const n = Number(text);
  switch (op) {
    case '>':
      return { ...ALL, lo: n, loOpen: true };
    case '>=':
      return { ...ALL, lo: n };
    case '<':
      return { ...ALL, hi: n, hiOpen: true };
    case '<=':
      return { ...ALL, hi: n };
    default:
      return { lo: n, loOpen: false, hi: n, hiOpen: false };
  }
}

const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
const AGE = /^(\d{1,6})([mhdw])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/i;

const DATE_HELP = 'use a day (2026-01-31), a moment (2026-01-31T14:00) or an age (30m, 12h, 7d, 2w)';

/** The range of times `op text` means, at `now`; or why it means nothing. */
export function dateRange(op: Operator, text: string, now: number): Range | string {
  const age = AGE.exec(text);
  if (age) {
    if (op === ':' || op === '=') return `an age compares with < or >: updated<${text} is within the last ${text}`;
    const at = now - Number(age[1]) * (UNIT_MS[age[2] as string] as number);
    // Younger than the age (`<`) is after that moment; older (`>`) is before it.
    return op === '<' || op === '<=' ? { ...ALL, lo: at, loOpen: op === '<' } : { ...ALL, hi: at, hiOpen: op === '>' };
  }
  const day = DAY.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const start = new Date(y, m, d).getTime();
    if (!validDay(start, y, m, d)) return `${text} is not a day of the calendar`;
    return spanRange(op, start, new Date(y, m, d + 1).getTime());
  }
  if (MOMENT.test(text)) {
    const withSeconds = /T\d{2}:\d{2}:\d{2}/i.test(text);
    const start = Date.parse(text.toUpperCase());
    if (!Number.isFinite(start)) return `${text} is not a moment of the calendar`;
    return spanRange(op, start, start + (withSeconds ? 1000 : 60_000));
  }
  return `"${text}" is not a date: ${DATE_HELP}`;
}

function validDay(start: number, y: number, m: number, d: number): boolean {
  const date = new Date(start);
  return date.getFullYear() === y && date.getMonth() === m && date.getDate() === d;
}
