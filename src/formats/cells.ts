/**
 * One value of an item as the text of a CSV or TSV cell: a string as it is, a number or boolean as
 * JSON writes it, null or absent as an empty cell, an object or a list as compact JSON. Then the
 * two guards every table cell gets:
 * - controls escaped as the JSON files escape them (`\u001b`, `\u202e`, …; src/text/json.ts), so
 *   no raw control or bidi character reaches a terminal that shows the file; tab, line feed and
 *   carriage return are left to each format (CSV quotes them, TSV escapes them);
 * - OWASP's rule against formula injection: a cell that begins with `=`, `+`, `-`, `@`, a tab or
 *   a carriage return gets a single quote in front, so a spreadsheet shows it as text.
 */
import { escapeJsonControls, safeJson } from '../text/json.js';

/** C0 controls but tab, LF and CR: JSON.stringify escapes them inside strings, but a cell is not JSON. */
const C0_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const FORMULA_START = /^[=+\-@\t\r]/;

const escapeC0 = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

function cellValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return safeJson(value);
}

/** The text of a cell for `value`, controls escaped and formulas guarded (see the module comment). */
export function safeCell(value: unknown): string {
  const text = escapeJsonControls(cellValue(value).replace(C0_CONTROLS, escapeC0));
  return FORMULA_START.test(text) ? `'${text}` : text;
}
