/** The debug log's lines for one exchange (its fields have the key redacted already). */
import type { Exchange } from '../../api/inspector/exchange-log.js';

export function exchangeLine(exchange: Exchange): [topic: string, text: string][] {
  const what = `${exchange.method} ${exchange.path}`;
  const ms = `${Math.round(exchange.durationMs)} ms`;
  if (exchange.status === 0) return [['error', `${what} failed after ${ms}: ${exchange.error ?? 'no response'}`]];
  const parts = [`${what} → ${exchange.status} in ${ms}`, `${exchange.bytes} bytes`];
  if (exchange.items !== undefined) parts.push(`${exchange.items} items`);
  if (exchange.requestId !== undefined) parts.push(`requestId ${exchange.requestId}`);
  const lines: [string, string][] = [['request', parts.join(', ')]];
  const retryAfter = exchange.rateLimitHeaders['retry-after'];
  if (exchange.status === 429) lines.push(['retry', `rate limited${retryAfter === undefined ? '' : `; Retry-After: ${retryAfter}`}`]);
  return lines;
}

/** The error line of an answer whose status said success but whose body is not a list. */
export function unreadableLine(exchange: Exchange): [topic: string, text: string] {
  return ['error', `${exchange.method} ${exchange.path} → ${exchange.status}, its body unreadable: ${exchange.bodyError ?? ''}`];
}
