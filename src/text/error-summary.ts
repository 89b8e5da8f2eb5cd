/**
 * How an API error reads, for the status bar and the commands' error line alike. The parts, in
 * the order they are said and kept when a line is short: the head (code or title, and the HTTP
 * status), the specific reason (the offending fields with their reasons, the path of a 404), the
 * server's generic detail, then the requestId (a problem's `instance` is not one). Every part is
 * sanitised; no phrase is said twice (a reason that repeats the detail, a detail that repeats the
 * title). It takes the error as plain data (an ApiError has this shape), so text/ needs nothing
 * of the API's.
 */
import { sanitize } from './sanitize.js';

/** One field the server rejected. */
export interface FieldProblem {
  readonly field?: string;
  readonly reason?: string;
}

/** What is said about an error: the fields of an ApiError that its summary reads. */
export interface ErrorFacts {
  readonly code: string;
  readonly status?: number;
  readonly title?: string;
  readonly message: string;
  readonly detail?: string;
  readonly fieldErrors: readonly FieldProblem[];
  readonly moreErrors?: number;
  readonly requestId?: string;
  /** The path requested (no query), said for a 404. */
  readonly path?: string;
  readonly retryable: boolean;
}

const DETAIL_SEPARATOR = ' — ';

/** The free text of an error, in the order it is said: the specific reason, then the generic detail (shortened first). */
export interface ErrorDetail {
  /** `field: limit — must be <= 5; field: cursor — …  (+2 more)`, or ''. */
  readonly reason: string;
  /** The server's explanation ('' when it only repeated something else). */
  readonly detail: string;
}

export interface ErrorSummary extends ErrorDetail {
  /** `VALIDATION_ERROR (HTTP 400)`, `Invalid request (HTTP 422)`, `HTTP 502 Bad Gateway`, `CONNECTION_REFUSED`. */
  readonly head: string;
  readonly requestId?: string;
  /** Whether offering a retry makes sense. */
  readonly retryable: boolean;
}

/** One line of server text: sanitised, whitespace collapsed. */
const clean = (s: string | undefined): string => sanitize(s ?? '').replace(/\s+/g, ' ').trim();

/** For comparing phrases: case, spacing and trailing punctuation do not matter. */
const norm = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.:;!]+$/, '')
    .trim();

/** Below this length a phrase is not treated as repeated inside another (too likely by chance). */
const MIN_REPEAT = 6;

function repeats(longer: string, shorter: string): boolean {
  const a = norm(longer);
  const b = norm(shorter);
  if (b === '') return true;
  return a === b || (b.length >= MIN_REPEAT && a.includes(b));
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` without the phrases already said (an HTML error page's "502 Bad Gateway", said twice
 * under a head that says it too), as whole words; what is left is trimmed of stray punctuation.
 */
function withoutPhrases(text: string, phrases: readonly string[]): string {
  let rest = text;
  const longestFirst = phrases.map(clean).filter((p) => p.length >= MIN_REPEAT).sort((a, b) => b.length - a.length);
  for (const phrase of longestFirst) {
    rest = rest.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(phrase)}(?=$|[^\\p{L}\\p{N}])`, 'giu'), '$1');
  }
  if (rest === text) return text;
  return rest.replace(/\s+/g, ' ').replace(/^[\s.:;,!—–-]+|[\s:;,—–-]+$/g, '').trim();
}

/**
 * The message and the field errors as display text, without repeats. `sayOnce` lists phrases
 * already shown elsewhere (the head): a message equal to one of them is dropped.
 */
export function errorDetail(
  message: string | undefined,
  fieldErrors: readonly FieldProblem[],
  moreErrors?: number,
  sayOnce: readonly string[] = [],
): ErrorDetail {
  let text = clean(message);
  if (sayOnce.some((p) => p !== '' && norm(p) === norm(text))) text = '';
  // Only phrases with the status number in them are cut out of a longer message ("502 Bad
  // Gateway" twice in an HTML page): a bare reason such as "Not Found" is also plain English
  // ("Page group not found.").
  else text = withoutPhrases(text, sayOnce.filter((p) => /\d/.test(p)));
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const fe of fieldErrors) {
    const field = clean(fe.field);
    let reason = clean(fe.reason);
    // A reason the detail repeats: the detail is the specific reason then, said in its place.
    if (reason !== '' && text !== '' && repeats(text, reason)) [reason, text] = fieldErrors.length === 1 ? [text, ''] : ['', text];
    else if (reason !== '' && text !== '' && fieldErrors.length === 1 && repeats(reason, text)) text = '';
    const part = field === '' ? reason : reason === '' ? `field: ${field}` : `field: ${field}${DETAIL_SEPARATOR}${reason}`;
    if (part === '' || seen.has(part)) continue;
    seen.add(part);
    parts.push(part);
  }
  const more = moreErrors !== undefined && moreErrors > 0 ? `(+${moreErrors} more)` : '';
  return { reason: [parts.join('; '), more].filter((p) => p !== '').join(' '), detail: text };
}

/** Reason then detail, as one string. */
export function joinErrorDetail(d: ErrorDetail): string {
  return [d.reason, d.detail].filter((p) => p !== '').join(DETAIL_SEPARATOR);
}

/** The head: code or title with the status; a made-up `HTTP_502` code reads `HTTP 502 Bad Gateway`. */
export function errorHead(error: Pick<ErrorFacts, 'code' | 'status' | 'title'>): string {
  const code = clean(error.code);
  if (error.status === undefined) return code;
  if (code === '' || code === `HTTP_${error.status}`) {
    const title = clean(error.title);
    return title === '' ? `HTTP ${error.status}` : `HTTP ${error.status} ${title}`;
  }
  return `${code} (HTTP ${error.status})`;
}

/** Everything the user is told about an API error, ready to lay out. */
export function summarizeError(error: ErrorFacts): ErrorSummary {
  const head = errorHead(error);
  const plainStatus =
    error.status === undefined ? [] : [`HTTP ${error.status}`, `HTTP ${error.status} ${error.title ?? ''}`, `${error.status} ${error.title ?? ''}`];
  const detail = errorDetail(error.detail ?? error.message, error.fieldErrors, error.moreErrors, [
    head,
    error.code,
    error.title ?? '',
    ...plainStatus,
  ]);
  const path = error.status === 404 ? clean(error.path) : '';
  // The API's paths start with /v0: twice means a base URL that ends in it.
  const doubled = /\/v0\/v0(\/|$)/.test(path) ? ' (/v0 twice: check the base URL)' : '';
  const reason = path === '' ? detail.reason : [`path: ${path}${doubled}`, detail.reason].filter((p) => p !== '').join('; ');
  const requestId = clean(error.requestId);
  return { head, reason, detail: detail.detail, ...(requestId === '' ? {} : { requestId }), retryable: error.retryable };
}

/** What a command adds to an error's line: a hint said in brackets after the detail, and a sentence after it. */
export interface ErrorLineExtras {
  readonly hint?: string;
  readonly after?: string;
  /** Shortens the head and the detail (a command's line is cut by characters). */
  readonly cut?: (text: string) => string;
}

const withoutEnd = (s: string): string => s.replace(/[\s.;:,]+$/, '');
const endSentence = (s: string): string => (/[.!?…]$/.test(s) ? s : `${s}.`);

/**
 * The one wording of an error on a command's stderr: `HEAD: reason — detail (hint). After.
 * requestId: X`, each sentence ended once, the requestId only when there is one.
 */
export function errorLineText(summary: ErrorSummary, extras: ErrorLineExtras = {}): string {
  const cut = extras.cut ?? ((t: string) => t);
  const detail = joinErrorDetail(summary);
  let text = detail === '' ? cut(summary.head) : `${cut(summary.head)}: ${cut(detail)}`;
  if (extras.hint !== undefined) text = `${withoutEnd(text)} (${extras.hint})`;
  const parts = [endSentence(text)];
  if (extras.after !== undefined) parts.push(endSentence(extras.after));
  if (summary.requestId !== undefined) parts.push(`requestId: ${cut(summary.requestId)}`);
  return parts.join(' ');
}
