/**
 * Exit codes of the non-interactive commands (`pagetui groups`, `pagetui pages`), as data so the
 * help text, the README and the code cannot disagree.
 */
import type { ApiError } from '../../api/http/errors.js';

export const EXIT_OK = 0;
export const EXIT_USAGE = 2;
export const EXIT_AUTH = 3;
export const EXIT_RATE_LIMITED = 4;
export const EXIT_API_ERROR = 5;
const EXIT_NETWORK = 6;
export const EXIT_WRITE = 7;
export const EXIT_CONFIG = 8;

/** Every exit code with its meaning, in order. */
export const EXIT_CODES: readonly { code: number; meaning: string }[] = [
  { code: EXIT_OK, meaning: 'done (also: the reader closed the pipe, or a loop guard stopped the listing)' },
  { code: EXIT_USAGE, meaning: 'usage: bad flag or value, bad base URL or id; no request was made' },
  { code: EXIT_AUTH, meaning: 'auth: no API key, or the key was rejected' },
  { code: EXIT_RATE_LIMITED, meaning: 'rate limited beyond the retry budget (5 waits in a row), or asked to wait more than 5 minutes (a 429 or the quota)' },
  { code: EXIT_API_ERROR, meaning: 'API error: validation, not found, 5xx, or a bad response' },
  { code: EXIT_NETWORK, meaning: 'network error or timeout' },
  { code: EXIT_WRITE, meaning: 'could not write output: standard output or the --har file (disk full, file too large, …)' },
  { code: EXIT_CONFIG, meaning: '`pagetui config check` found problems in the config file (each on its own line)' },
];

/** The README's table of exit codes (written by `npm run docs`). */
export function exitCodesMarkdown(): string {
  return ['| Exit code | Meaning |', '|---|---|', ...EXIT_CODES.map(({ code, meaning }) => `| ${code} | ${meaning} |`)].join('\n');
}

/** The exit code for a failure the client reported. */
export function exitCodeFor(error: ApiError): number {
  switch (error.kind) {
    case 'usage':
      return EXIT_USAGE;
    case 'auth':
      return EXIT_AUTH;
    case 'rate-limit':
      return EXIT_RATE_LIMITED;
    case 'network':
    case 'timeout':
      return EXIT_NETWORK;
    case 'validation':
    case 'not-found':
    case 'server':
    case 'bad-response':
    case 'aborted':
      return EXIT_API_ERROR;
  }
}
