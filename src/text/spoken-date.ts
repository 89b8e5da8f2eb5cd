/**
 * Dates as a screen reader says them well: "14 December 2024", "28 July 2024, 00:17 UTC", in local
 * time as the table shows its dates. ISO digits and dashes read as "2024 minus 07 minus 28".
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// Date and time with at least hours and minutes; an offset or Z is optional (as formatTimestamp reads them).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/** The moment an ISO date-time names, or undefined for anything else. */
function parsed(value: string): Date | undefined {
  const s = value.trim();
  if (!ISO_DATE_TIME.test(s)) return undefined;
  const t = Date.parse(s.replace(' ', 'T'));
  return Number.isFinite(t) ? new Date(t) : undefined;
}

const dayText = (d: Date): string => `${d.getDate()} ${MONTHS[d.getMonth()] ?? ''} ${d.getFullYear()}`;

/** "UTC", "UTC+2", "UTC-5:30": the local zone at that moment. */
function zoneText(d: Date): string {
  const east = -d.getTimezoneOffset();
  if (east === 0) return 'UTC';
  const hours = Math.floor(Math.abs(east) / 60);
  const minutes = Math.abs(east) % 60;
  return `UTC${east > 0 ? '+' : '-'}${hours}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
}

/** "14 December 2024" (local time), or undefined when `value` is not a date-time. */
export function spokenDay(value: string): string | undefined {
  const d = parsed(value);
  return d && dayText(d);
}

/** "28 July 2024, 00:17 UTC" (local time, its zone said), or undefined when `value` is not a date-time. */
export function spokenDateTime(value: string): string | undefined {
  const d = parsed(value);
  if (!d) return undefined;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${dayText(d)}, ${two(d.getHours())}:${two(d.getMinutes())} ${zoneText(d)}`;
}
