/**
 * An answer undici could not parse as HTTP: headers past its size limit, or bytes that break the
 * protocol (a control character in a header value). Only the server sends such an answer, and it
 * sends it again: a bad response, not network trouble, and no retry is offered for it.
 */
import { ApiError } from './errors.js';

/** The ApiError for `err` when it is such a failure; undefined for any other. */
export function unreadableAnswerError(err: unknown, code: string | undefined, origin: string, cause: unknown): ApiError | undefined {
  const what = code === 'UND_ERR_HEADERS_OVERFLOW' ? `its headers are larger than ${headerLimitKb()} KB in all` : parserFault(err);
  if (what === undefined) return undefined;
  return new ApiError('bad-response', 'BAD_RESPONSE', `The server at ${origin} sent an answer that cannot be read: ${what}.`, { cause });
}

/** What llhttp found wrong, in plain words, its own reason in brackets; undefined when `err` is not its error. */
function parserFault(err: unknown): string | undefined {
  const parser = parserError(err);
  if (parser === undefined) return undefined;
  // "Response does not match the HTTP/1.1 protocol (Invalid header value char)": the reason is inside.
  const reason = (/\(([^()]*)\)\s*$/.exec(parser.message)?.[1] ?? '').replace(/[^\x20-\x7e]/g, '').trim().slice(0, 80);
  const plain = /header value/i.test(reason)
    ? 'a header value holds a character HTTP does not allow, such as a control character'
    : /header|token/i.test(reason)
      ? 'a header holds a character HTTP does not allow'
      : /chunk/i.test(reason)
        ? 'its chunked body is malformed'
        : /content-length/i.test(reason)
          ? 'its Content-Length header is malformed'
          : 'it does not follow the HTTP/1.1 protocol';
  return reason === '' ? plain : `${plain} (${reason})`;
}

/** undici's HTTPParserError, here or down the cause chain (its code is often unset). */
function parserError(err: unknown, depth = 0): { message: string } | undefined {
  if (typeof err !== 'object' || err === null || depth > 4) return undefined;
  const { name, code, message, cause } = err as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };
  if (name === 'HTTPParserError' || (typeof code === 'string' && code.startsWith('HPE_'))) return { message: typeof message === 'string' ? message : '' };
  return parserError(cause, depth + 1);
}

/** The largest headers undici reads (node's --max-http-header-size), in KB. */
function headerLimitKb(): number {
  const size = process.getBuiltinModule('node:http').maxHeaderSize;
  return Math.round((Number.isInteger(size) && size > 0 ? size : 16 * 1024) / 1024);
}
