import { sanitize } from '../../text/index.js';

/**
 * A cell value as terminal-safe, single-line text: strings sanitised, numbers and booleans as
 * written, null/undefined empty, objects and arrays as compact JSON.
 */
export function cellText(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    try {
      return sanitize(JSON.stringify(value));
    } catch {
      return '';
    }
  }
  return sanitize(value);
}
