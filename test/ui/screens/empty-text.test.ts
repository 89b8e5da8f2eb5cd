/**
 * An empty list after a failure says the error itself, wrapped to the list area, and offers `r`
 * only where a retry can help (network, timeout, 429, 5xx); the status bar's hint agrees.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { displayWidth } from '../../../src/text/index.js';
import { emptyListLines, emptyListText } from '../../../src/ui/screens/empty-text.js';
import { errorMessage } from '../../../src/ui/store/status.js';

const failed = (error: ApiError): PagerSnapshot => ({
  items: [],
  state: 'error',
  hasMore: true,
  error,
  warnings: [],
  pagesFetched: 0,
  loadingAll: false,
  version: 1,
});

const badRequest = new ApiError('validation', 'VALIDATION_ERROR', 'The request is invalid and could not be processed by the service.', {
  status: 400,
  requestId: 'req-000002',
  fieldErrors: [{ field: 'limit', reason: 'must be between 1 and 100' }],
});

describe('the empty list after a failure', () => {
  it('says the error in full, reason first, and no "r retries" for a 4xx that would fail again', () => {
    const text = emptyListText('groups', failed(badRequest), false);
    expect(text).toBe(
      'Nothing loaded: VALIDATION_ERROR (HTTP 400) — field: limit — must be between 1 and 100 — The request is invalid and could not be processed by the service. (request id req-000002). A retry would fail the same way; i shows the request and its answer.',
    );
    expect(text).not.toMatch(/\br retries/);
    expect(errorMessage(badRequest, 0).hint).toBeUndefined();
  });

  it('says nothing was sent for an id the client refused, and points at no request in the inspector', () => {
    const refused = new ApiError('usage', 'BAD_ID', 'The page group id ".." cannot be sent in a URL path.');
    expect(emptyListText('groups', failed(refused), false)).toBe(
      'Nothing loaded: BAD_ID — The page group id ".." cannot be sent in a URL path. Nothing was sent; a retry would be refused the same way.',
    );
  });

  it('offers r for network trouble, a timeout, a rate limit and a 5xx', () => {
    const retryable = [
      new ApiError('network', 'CONNECTION_REFUSED', 'Connection refused'),
      new ApiError('timeout', 'TIMEOUT', 'The server did not answer in time'),
      new ApiError('rate-limit', 'RATE_LIMITED', 'Too many requests', { status: 429 }),
      new ApiError('server', 'HTTP_503', 'Down for maintenance', { status: 503 }),
    ];
    for (const e of retryable) {
      expect(emptyListText('groups', failed(e), false), e.code).toMatch(/r retries\.$/);
      if (e.kind !== 'rate-limit') expect(errorMessage(e, 0).hint, e.code).toBe('press r to retry');
    }
    for (const e of [badRequest, new ApiError('not-found', 'NOT_FOUND', 'No such group', { status: 404 }), new ApiError('bad-response', 'BAD_RESPONSE', 'got text/html')]) {
      expect(emptyListText('groups', failed(e), false), e.code).not.toMatch(/r retries/);
    }
  });

  it('is wrapped to the list area, every line within the width, nothing cut while rows last', () => {
    const text = emptyListText('groups', failed(badRequest), false);
    for (const width of [40, 80, 120]) {
      const lines = emptyListLines(text, width, 20);
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(lines.map((l) => l.trim()).join(' ')).toBe(text);
    }
  });
});

describe('a filter that matches no loaded row', () => {
  const withRows = (over: Partial<PagerSnapshot>): PagerSnapshot => ({ ...failed(badRequest), error: undefined, items: [{ id: 'a' }] as never, state: 'idle', ...over } as PagerSnapshot);

  it('offers Tab while more of the list exists', () => {
    expect(emptyListText('pages', withRows({ hasMore: true }), true)).toBe('No loaded row matches — Tab loads the rest.');
  });

  it('says the rest is loading while G or Tab loads it, instead of offering Tab', () => {
    expect(emptyListText('pages', withRows({ hasMore: true, loadingAll: true, state: 'loading' }), true)).toBe('No loaded row matches yet; the rest is loading.');
  });

  it('says no row matches once the whole list is loaded', () => {
    expect(emptyListText('pages', withRows({ hasMore: false, state: 'done' }), true)).toBe('No row matches.');
  });
});
