/**
 * Tolerant parsing of response bodies. Anything the server sends, however malformed, becomes
 * either a `ListPage` (with warnings for oddities) or an `ApiError`; nothing else is thrown.
 */
import { readErrorBody } from './error-body.js';
import { ApiError } from './errors.js';
import { headerValue, type HeaderSource } from './headers.js';
import { MAX_SERVER_WAIT_MS, retryAtFrom } from '../quota/retry-after.js';
import { isRedirect, redirectText } from './redirect.js';
import type { ListPage, RawItem } from '../types.js';
import type { SecretRedactor } from '../../text/redact.js';

/** Longest body excerpt kept in a message built from a non-JSON error body. */
const BODY_EXCERPT_CHARS = 120;

const UTF8 = new TextDecoder('utf-8', { fatal: false });

/** Decodes bytes as UTF-8 (invalid sequences become U+FFFD) and drops a byte-order mark. */
export function decodeBody(bytes: Uint8Array): string {
  const text = UTF8.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** JSON.parse that returns `undefined` instead of throwing. */
function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Parses a 2xx list body (text). Throws `ApiError('bad-response', 'BAD_RESPONSE')`. */
export function parseListBody(text: string, contentType?: string): ListPage {
  const parsed = text.trim() === '' ? { ok: false as const } : tryParseJson(text);
  if (!parsed.ok) {
    const html = htmlAnswer(text, contentType);
    throw new ApiError('bad-response', 'BAD_RESPONSE', html ?? 'The server sent a response that is not valid JSON.');
  }
  return parseListValue(parsed.value);
}

/** Longest page title quoted in the message about an HTML answer. */
const TITLE_CHARS = 40;

/**
 * What to say about an HTML page where JSON was expected (a login page, a proxy's portal): its
 * content type and title, and the likely cause. Undefined when the body is not HTML.
 */
function htmlAnswer(text: string, contentType: string | undefined): string | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'text/html' && !text.trimStart().startsWith('<')) return undefined;
  const shownType = /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'HTML';
  const inner = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(text.slice(0, 64 * 1024))?.[1] ?? '';
  const title = Array.from(bodyExcerpt(inner).replaceAll("'", '’'));
  const quoted = title.length === 0 ? '' : ` ('${title.length <= TITLE_CHARS ? title.join('') : `${title.slice(0, TITLE_CHARS - 1).join('')}…`}')`;
  return `got ${shownType}${quoted} — is the base URL right?`;
}

/**
 * Interprets a parsed list body. Accepts the envelope `{hasMore, items, nextCursor}` and a bare
 * array (one page, `hasMore:false`).
 *
 * `hasMore` that is not a boolean (or missing) is decided by the cursor: true when a usable
 * `nextCursor` is present, false otherwise, with a warning either way. The pager's loop guards
 * keep this safe even if the server keeps sending cursors.
 */
export function parseListValue(value: unknown): ListPage {
  const warnings: string[] = [];
  if (Array.isArray(value)) {
    return { items: keepObjects(value, warnings), hasMore: false, warnings };
  }
  if (!isPlainObject(value)) {
    throw new ApiError('bad-response', 'BAD_RESPONSE', 'The server sent a response that is not a list.');
  }
  if (!Array.isArray(value.items)) {
    throw new ApiError(
      'bad-response',
      'BAD_RESPONSE',
      value.items === undefined
        ? 'The server sent a response without an items list.'
        : 'The server sent a response whose items field is not a list.',
    );
  }
  const items = keepObjects(value.items, warnings);
  const raw = value.nextCursor;
  const nextCursor = typeof raw === 'string' && raw !== '' ? raw : undefined;
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    warnings.push('The server sent an unusable nextCursor; it was ignored.');
  }
  let hasMore: boolean;
  if (typeof value.hasMore === 'boolean') {
    hasMore = value.hasMore;
  } else {
    hasMore = nextCursor !== undefined;
    warnings.push(
      `The server sent no valid hasMore flag; assumed ${hasMore ? 'more items exist (a cursor was sent)' : 'this is the last page'}.`,
    );
  }
  return nextCursor === undefined ? { items, hasMore, warnings } : { items, hasMore, nextCursor, warnings };
}

function keepObjects(list: readonly unknown[], warnings: string[]): RawItem[] {
  // Nearly always all objects: the parsed list itself, not a copy of it, once per page.
  let objects = 0;
  while (objects < list.length && isPlainObject(list[objects])) objects++;
  if (objects === list.length) return list as RawItem[];
  const out: RawItem[] = [];
  let skipped = 0;
  for (const it of list) {
    if (isPlainObject(it)) out.push(it);
    else skipped++;
  }
  if (skipped > 0) {
    warnings.push(skipped === 1 ? '1 item was not an object and was skipped.' : `${skipped} items were not objects and were skipped.`);
  }
  return out;
}

/** Everything needed to turn a non-2xx response into an ApiError. */
export interface ErrorResponse {
  readonly status: number;
  readonly headers?: HeaderSource;
  readonly bodyText: string;
  /** Epoch ms, for 429. */
  readonly now: number;
  /** Consecutive 429s including this one, for the backoff fallback. */
  readonly attempt?: number;
  /** The path requested, without its query. */
  readonly path?: string;
  /** The server's origin, against which a relative redirect is read. */
  readonly origin?: string;
  /** The exchange log's number of this answer's exchange. */
  readonly exchangeSeq?: number;
  readonly random?: () => number;
  /** Takes the API key out of everything the server sent (body text, parsed body, headers). */
  readonly redact?: SecretRedactor;
}

/** Maps an error response to an ApiError (never throws). Reads every shape `readErrorBody` knows. */
export function errorFromResponse(given: ErrorResponse): ApiError {
  const res = given.redact === undefined ? given : redactedResponse(given, given.redact);
  const { status } = res;
  // Parsed from the text as sent, then walked: masks in the raw text could have cut an escape.
  const json = res.bodyText.trim() === '' ? { ok: false as const } : tryParseJson(given.bodyText);
  const parsed = json.ok && given.redact !== undefined ? { ok: true as const, value: given.redact.json(json.value, given.bodyText) } : json;
  const body = readErrorBody(parsed.ok ? parsed.value : undefined, parsed.ok, headerText(res.headers, 'content-type'));
  // A proxy's error page has no body requestId; the service may still have set the header.
  const requestId = body.requestId ?? headerText(res.headers, 'x-request-id') ?? headerText(res.headers, 'request-id');
  const reasonPhrase = statusReason(status);
  const rawText = body.shape === 'not-json' ? res.bodyText : '';
  // A redirect's body repeats its Location, path and query included: only the origin is said.
  const redirect = isRedirect(status) ? redirectText(headerValue(given.headers, 'location'), given.origin, given.redact) : undefined;
  // JSON of an unknown shape keeps the plain status as its message; its excerpt is the detail.
  const detail = redirect ?? body.message ?? bodyExcerpt(body.otherJson ?? rawText);
  const message = redirect ?? body.message ?? body.title ?? nonJsonMessage(status, rawText);
  const common = {
    status,
    requestId,
    title: body.title ?? reasonPhrase,
    ...(detail === '' ? {} : { detail }),
    fieldErrors: body.fieldErrors,
    ...(body.moreErrors === undefined ? {} : { moreErrors: body.moreErrors }),
    ...(res.path === undefined ? {} : { path: res.path }),
    ...(body.instance === undefined ? {} : { instance: body.instance }),
    ...(res.exchangeSeq === undefined ? {} : { exchangeSeq: res.exchangeSeq }),
  };

  if (status === 429) {
    const retryAt = retryAtFrom(res.headers, body.object, res.now, res.attempt ?? 1, res.random);
    const capped = retryAt >= res.now + MAX_SERVER_WAIT_MS ? { retryCapped: true as const } : {};
    return new ApiError('rate-limit', 'RATE_LIMITED', message, { ...common, retryAt, ...capped });
  }
  if (status === 401) return new ApiError('auth', 'UNAUTHORIZED', message, common);
  if (status === 403) return new ApiError('auth', 'FORBIDDEN', message, common);
  if (status === 404) return new ApiError('not-found', body.code ?? 'NOT_FOUND', message, common);
  const isValidation = body.code === 'VALIDATION_ERROR' || ((status === 400 || status === 422) && body.fieldErrors.length > 0);
  if (status >= 400 && status < 500 && isValidation) {
    return new ApiError('validation', body.code ?? 'VALIDATION_ERROR', message, common);
  }
  return new ApiError('server', body.code ?? `HTTP_${status}`, message, common);
}

/** The response with the key taken out of its body text and header values. */
function redactedResponse(res: ErrorResponse, redact: SecretRedactor): ErrorResponse {
  return { ...res, bodyText: redact.text(res.bodyText), ...(res.headers === undefined ? {} : { headers: redactHeaders(res.headers, redact) }) };
}

/** Headers whose values come with the key taken out (a server may echo it back in any header). */
function redactHeaders(headers: HeaderSource, redact: SecretRedactor): HeaderSource {
  return {
    get: (name: string) => {
      const value = headerValue(headers, name);
      return value === undefined ? null : redact.text(value);
    },
  };
}

/**
 * The status's reason phrase from node:http, taken as Node's CommonJS module: an ES import of
 * node:http makes Node >= 22 evaluate its own copy of undici (~15 ms) for exports we never use.
 */
function statusReason(status: number): string | undefined {
  return process.getBuiltinModule('node:http').STATUS_CODES[status];
}

function httpHead(status: number): string {
  const reason = statusReason(status);
  return reason === undefined ? `HTTP ${status}` : `HTTP ${status} ${reason}`;
}

/** `HTTP <status> <reason>` plus a cleaned excerpt of the body, if any. */
function nonJsonMessage(status: number, bodyText: string): string {
  const head = httpHead(status);
  const excerpt = bodyExcerpt(bodyText);
  return excerpt === '' ? head : `${head}: ${excerpt}`;
}

/**
 * Readable text of an HTML or plain-text body: scripts/styles and tags removed, a few entities
 * decoded, control characters and escape sequences removed, whitespace collapsed, cut to 120 chars.
 */
export function bodyExcerpt(bodyText: string): string {
  const cleaned = bodyText
    .slice(0, 64 * 1024)
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_m, e: string) => ENTITIES[e] ?? ' ')
    // ANSI/OSC escape sequences, then any remaining C0/C1 control and bidi/format characters.
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, ' ')
    .replace(/\u001b\][\s\S]*?(\u0007|\u001b\\)/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(cleaned);
  return chars.length <= BODY_EXCERPT_CHARS ? cleaned : `${chars.slice(0, BODY_EXCERPT_CHARS - 1).join('')}…`;
}

const ENTITIES: Readonly<Record<string, string>> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** A non-null, non-array object (what JSON.parse gives for `{…}`). */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function headerText(headers: HeaderSource | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  const value = headerValue(headers, name);
  return value === undefined || value.trim() === '' ? undefined : value.trim().slice(0, 200);
}
