/**
 * A recorded request as a curl command line. The key is referenced as `$PAGETUI_API_KEY`, never
 * written out; the URL is single-quoted so no shell expands anything in it.
 */
import { replaceControlChars } from '../../text/sanitize.js';
import type { Exchange } from './exchange-log.js';

/** Quotes `text` for a POSIX shell: inside single quotes nothing is special but the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Headers curl sends or negotiates itself (`--compressed`), or that the command names on its own. */
const LEFT_OUT = new Set(['x-api-key', 'accept-encoding', 'host', 'content-length', 'connection']);

/**
 * `curl -sS --compressed -H 'accept: application/json' -H "x-api-key: $PAGETUI_API_KEY" '<url>'`.
 * Control characters are dropped from every part (a clipboard never carries terminal controls).
 */
export function curlCommand(exchange: Pick<Exchange, 'method' | 'origin' | 'path' | 'requestHeaders'>): string {
  const parts = ['curl', '-sS', '--compressed'];
  if (exchange.method !== 'GET') parts.push('-X', shellQuote(exchange.method));
  for (const { name, value } of exchange.requestHeaders) {
    if (LEFT_OUT.has(name)) continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  parts.push('-H', '"x-api-key: $PAGETUI_API_KEY"');
  parts.push(shellQuote(`${exchange.origin}${exchange.path}`));
  return replaceControlChars(parts.join(' '));
}
