/**
 * What a list request's answer means, once its body is read: a 429 (recorded in the rate limit),
 * a proxy's own refusal, the service's error, or a page (peeked when the caller asked and the
 * body says more follows). The request itself (key, quota, deadline, undici) is client.ts's.
 */
import type { ExchangeTrace } from '../inspector/exchange-log.js';
import { peekedPage, peekNextCursor, type PageAnswer } from '../pager/peeked-page.js';
import type { RateLimit } from '../quota/rate-limit.js';
import type { ListPage, PageSource } from '../types.js';
import type { SecretRedactor } from '../../text/redact.js';
import { headerValue } from './headers.js';
import { ApiError } from './errors.js';
import { errorFromResponse, parseListBody } from './parse.js';
import { errorLineText, summarizeError } from '../../text/error-summary.js';
import { plainProxyAnswerError, proxyAuthError, type ProxyContext } from './proxy-errors.js';

export interface ListAnswer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body decoded to text, and the bytes it was decoded from. */
  readonly text: string;
  readonly bytes: Uint8Array;
  /** The body as it came on the wire, when it came whole (kept by the pager instead of `bytes`). */
  readonly source: PageSource | undefined;
}

export interface AnswerContext {
  readonly origin: string;
  readonly requestPath: string;
  readonly proxy: ProxyContext | undefined;
  readonly rateLimit: RateLimit;
  readonly redact: SecretRedactor;
  readonly now: () => number;
  readonly trace: ExchangeTrace | undefined;
  readonly peek: boolean;
}

/** The page `answer` holds, or throws the ApiError it stands for. */
export function pageOfAnswer(answer: ListAnswer, ctx: AnswerContext): PageAnswer {
  const { statusCode, headers, text } = answer;
  const { rateLimit, proxy, redact, now } = ctx;
  const ok = statusCode >= 200 && statusCode < 300;
  const next = ctx.peek && ok ? peekNextCursor(text) : undefined;
  // A page read ahead is recorded, with its body (searched for the key), when it is taken, which is
  // after the request for its next cursor went out; any other answer is recorded now.
  const keepBody = next === undefined ? undefined : ctx.trace?.responseBodyLater(statusCode, headers, answer.bytes.length);
  if (next === undefined) ctx.trace?.response(statusCode, headers, answer.bytes.length, text, answer.bytes);
  if (statusCode === 429) {
    const attempt = rateLimit.limited();
    const err = errorFromResponse({ status: 429, headers, bodyText: text, now: now(), attempt, redact, path: ctx.requestPath.split('?')[0], ...exchangeOf(ctx) });
    rateLimit.holdUntil(err.retryAt);
    throw err;
  }
  rateLimit.answered();
  // A proxy in front of a plain-http service answers 407 itself (an https one does so to CONNECT).
  if (statusCode === 407 && proxy !== undefined) throw proxyAuthError(proxy);
  // Its own refusal (squid's error page) is the proxy's doing, not the service's answer about the key.
  const byProxy = !ok && proxy !== undefined ? plainProxyAnswerError(proxy, statusCode, headers, text, ctx.origin) : undefined;
  if (byProxy !== undefined) throw byProxy;
  if (!ok) throw errorFromResponse({ status: statusCode, headers, bodyText: text, now: now(), redact, path: ctx.requestPath.split('?')[0], origin: ctx.origin, ...exchangeOf(ctx) });
  const parse = (): ListPage => {
    keepBody?.(text, answer.bytes);
    const parsed = parseBody(text, headers, ctx.requestPath, ctx.trace);
    // Items that held the key are kept as redacted objects, never parsed again from the body.
    const items = redact.json(parsed.items, text);
    const page = items === parsed.items ? parsed : { ...parsed, items, sentItems: parsed.items };
    ctx.trace?.listed(page);
    if (items !== parsed.items) return page;
    // Without the wire bytes (a body decoded as a stream) the decoded ones are the source.
    return { ...page, source: answer.source ?? { bytes: answer.bytes, codings: [] } };
  };
  return next === undefined ? parse() : peekedPage(next, parse, () => keepBody?.());
}

/**
 * The list in `text`; a body that is not one throws parse.ts's error with the request's path, by
 * which `E` finds the exchange (and the body) it came in. The trace hears the error as the app
 * words it: its status said nothing was wrong.
 */
/** The exchange an error made from this answer points to, where one is recorded. */
const exchangeOf = (ctx: { readonly trace: ExchangeTrace | undefined }): { exchangeSeq?: number } => (ctx.trace === undefined ? {} : { exchangeSeq: ctx.trace.seq });

function parseBody(text: string, headers: ListAnswer['headers'], requestPath: string, trace: ExchangeTrace | undefined): ReturnType<typeof parseListBody> {
  try {
    return parseListBody(text, headerValue(headers, 'content-type'));
  } catch (err) {
    const thrown =
      !(err instanceof ApiError) || err.path !== undefined
        ? err
        : new ApiError(err.kind, err.code, err.message, { path: requestPath.split('?')[0], retryable: err.retryable, cause: err.cause, fieldErrors: err.fieldErrors });
    trace?.unreadable(thrown instanceof ApiError ? errorLineText(summarizeError(thrown)) : String(thrown));
    throw thrown;
  }
}
