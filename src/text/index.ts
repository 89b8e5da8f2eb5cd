/** Pure text utilities for terminal output: sanitising and display-width layout. */
export { sanitize, sanitizeString } from './sanitize.js';
export { displayWidth, truncate, padEnd, padStart, fit } from './width.js';
export { wrap } from './wrap.js';
