import { describe, expect, it } from 'vitest';
import { ApiError, isRetryable, type ApiErrorKind } from '../../src/api/http/errors.js';
import { errorDetail, errorHead, joinErrorDetail, summarizeError } from '../../src/text/error-summary.js';

describe('errorDetail', () => {
  it('says a reason that repeats the message once', () => {
    const d = errorDetail('Invalid page_group_id: this group is misconfigured and cannot be listed.', [
      { field: 'page_group_id', reason: 'this group is misconfigured and cannot be listed' },
    ]);
    expect(joinErrorDetail(d)).toBe('field: page_group_id — Invalid page_group_id: this group is misconfigured and cannot be listed.');
  });

  it('drops a short message that the reason already contains', () => {
    expect(joinErrorDetail(errorDetail('Invalid limit', [{ field: 'limit', reason: 'Invalid limit: must be <= 5' }]))).toBe(
      'field: limit — Invalid limit: must be <= 5',
    );
  });

  it('keeps a short reason that only happens to occur in the message', () => {
    expect(joinErrorDetail(errorDetail('Bad value given', [{ field: 'x', reason: 'Bad' }]))).toBe('field: x — Bad — Bad value given');
  });

  it('drops a message equal to the head, lists several fields once each, counts the rest', () => {
    const d = errorDetail(
      'Bad Request',
      [
        { field: 'limit', reason: 'too big' },
        { field: 'limit', reason: 'too big' },
        { reason: 'cursor is stale' },
      ],
      3,
      ['Bad Request (HTTP 400)', 'bad request'],
    );
    expect(d).toEqual({ reason: 'field: limit — too big; cursor is stale (+3 more)', detail: '' });
  });

  it('sanitises and collapses whitespace', () => {
    expect(joinErrorDetail(errorDetail('a\u001b[2J\n\tb', [{ field: 'f\u0007', reason: 'r\u009b1m' }]))).toBe('field: f — r — a b');
  });
});

describe('errorHead', () => {
  it('code with status, a made-up code as the status line, no status: the code alone', () => {
    expect(errorHead({ code: 'VALIDATION_ERROR', status: 400 })).toBe('VALIDATION_ERROR (HTTP 400)');
    expect(errorHead({ code: 'HTTP_502', status: 502, title: 'Bad Gateway' })).toBe('HTTP 502 Bad Gateway');
    expect(errorHead({ code: 'HTTP_599', status: 599 })).toBe('HTTP 599');
    expect(errorHead({ code: 'CONNECTION_REFUSED' })).toBe('CONNECTION_REFUSED');
  });
});

describe('retryable', () => {
  it('only network trouble, timeouts, rate limits, 408 and 5xx', () => {
    const cases: [ApiErrorKind, number | undefined, boolean][] = [
      ['network', undefined, true],
      ['timeout', undefined, true],
      ['rate-limit', 429, true],
      ['rate-limit', undefined, true],
      ['server', 500, true],
      ['server', 503, true],
      ['server', 408, true],
      ['validation', 400, false],
      ['validation', 422, false],
      ['server', 409, false],
      ['not-found', 404, false],
      ['auth', 401, false],
      ['usage', undefined, false],
      ['aborted', undefined, false],
      ['bad-response', 200, false],
    ];
    for (const [kind, status, want] of cases) {
      expect(isRetryable(kind, status), `${kind} ${String(status)}`).toBe(want);
      expect(new ApiError(kind, 'X', 'm', status === undefined ? {} : { status }).retryable).toBe(want);
    }
  });

  it('travels into the summary', () => {
    expect(summarizeError(new ApiError('server', 'HTTP_503', 'HTTP 503 Service Unavailable', { status: 503, title: 'Service Unavailable' }))).toEqual({
      head: 'HTTP 503 Service Unavailable',
      reason: '',
      detail: '',
      retryable: true,
    });
  });
});

describe('words of the message that only echo the head', () => {
  it('keeps a sentence that happens to contain the status reason ("Page group not found." under NOT_FOUND, 404 Not Found)', () => {
    const error = new ApiError('not-found', 'NOT_FOUND', 'Page group not found.', { status: 404, title: 'Not Found', requestId: 'req-1' });
    expect(joinErrorDetail(summarizeError(error))).toBe('Page group not found.');
  });
});
