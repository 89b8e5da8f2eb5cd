import { itemArray } from '../../src/api/pager/packed-items.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { bodyExcerpt, decodeBody, errorFromResponse, parseListBody, parseListValue } from '../../src/api/http/parse.js';

const NOW = 1_700_000_000_000;

describe('parseListBody', () => {
  it('reads the envelope', () => {
    const page = parseListBody(JSON.stringify({ hasMore: true, items: [{ pageId: 'p1' }], nextCursor: 'c2' }));
    expect(page).toEqual({ items: [{ pageId: 'p1' }], hasMore: true, nextCursor: 'c2', warnings: [] });
  });
  it('treats a bare array as one final page', () => {
    expect(parseListBody('[{"pageGroupId":"g1"},{"pageGroupId":"g2"}]')).toEqual({
      items: [{ pageGroupId: 'g1' }, { pageGroupId: 'g2' }],
      hasMore: false,
      warnings: [],
    });
  });
  it('skips items that are not objects, with a warning', () => {
    const page = parseListValue({ hasMore: false, items: [1, 'x', null, [], { pageId: 'ok' }] });
    expect(itemArray(page.items)).toEqual([{ pageId: 'ok' }]);
    expect(page.warnings).toEqual(['4 items were not objects and were skipped.']);
  });
  it('drops an empty or non-string nextCursor', () => {
    expect(parseListValue({ hasMore: false, items: [], nextCursor: '' })).toEqual({ items: [], hasMore: false, warnings: [] });
    const numeric = parseListValue({ hasMore: true, items: [], nextCursor: 42 });
    expect(numeric.nextCursor).toBeUndefined();
    expect(numeric.warnings.join(' ')).toMatch(/nextCursor/);
  });
  it('decides a wrongly typed hasMore by the cursor, with a warning', () => {
    const withCursor = parseListValue({ hasMore: 'yes', items: [], nextCursor: 'c' });
    expect(withCursor.hasMore).toBe(true);
    expect(withCursor.warnings).toHaveLength(1);
    const without = parseListValue({ hasMore: 1, items: [] });
    expect(without.hasMore).toBe(false);
    expect(without.warnings).toHaveLength(1);
    expect(parseListValue({ items: [] }).hasMore).toBe(false);
  });
  it('says what an HTML page is (type and title, sanitised and cut) instead of "not valid JSON"', () => {
    const page = '<!doctype html><html><head><title>Login - Corporate\u001b[2J SSO</title></head><body>Sign in</body></html>';
    expect(() => parseListBody(page, 'text/html; charset=utf-8')).toThrow("got text/html ('Login - Corporate SSO') — is the base URL right?");
    const long = `<title>${'x'.repeat(80)}</title>`;
    expect(() => parseListBody(long, 'text/html')).toThrow(`got text/html ('${'x'.repeat(39)}…')`);
    expect(() => parseListBody('Sign in here', 'text/html')).toThrow('got text/html — is the base URL right?');
  });

  it.each([
    ['', /not valid JSON/],
    ['<html>oops</html>', /^got HTML — is the base URL right\?$/],
    ['{"hasMore":true', /not valid JSON/],
    ['null', /not a list/],
    ['"text"', /not a list/],
    ['{"hasMore":false}', /without an items list/],
    ['{"hasMore":false,"items":{}}', /not a list/],
  ])('refuses %j as bad-response', (text, why) => {
    try {
      parseListBody(text);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).kind).toBe('bad-response');
      expect((e as ApiError).code).toBe('BAD_RESPONSE');
      expect((e as ApiError).message).toMatch(why);
    }
  });
  it('never throws anything but ApiError on arbitrary JSON or bytes', () => {
    const onlyApiErrors = (f: () => unknown): void => {
      try {
        f();
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
      }
    };
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        onlyApiErrors(() => parseListBody(JSON.stringify(v) ?? ''));
        onlyApiErrors(() => parseListValue({ hasMore: true, items: [v], nextCursor: v }));
        onlyApiErrors(() => parseListValue({ hasMore: v, items: v }));
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        onlyApiErrors(() => parseListBody(decodeBody(bytes)));
        expect(errorFromResponse({ status: 500, bodyText: decodeBody(bytes), now: NOW })).toBeInstanceOf(ApiError);
      }),
    );
    onlyApiErrors(() => parseListBody('['.repeat(200_000)));
  });
  it('strips a byte-order mark', () => {
    expect(parseListBody(decodeBody(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('[]')]))).items).toEqual([]);
  });
});

describe('errorFromResponse', () => {
  it('maps 400 VALIDATION_ERROR with field and reason', () => {
    const e = errorFromResponse({
      status: 400,
      now: NOW,
      bodyText: JSON.stringify({
        code: 'VALIDATION_ERROR',
        message: 'limit must be 1..100',
        requestId: 'req-1',
        details: { field: 'limit', reason: 'too large' },
      }),
    });
    expect(e).toMatchObject({ kind: 'validation', code: 'VALIDATION_ERROR', status: 400, requestId: 'req-1', field: 'limit', reason: 'too large' });
    expect(e.message).toBe('limit must be 1..100');
  });
  it('maps a 400 with another code to server', () => {
    expect(errorFromResponse({ status: 400, now: NOW, bodyText: '{"code":"BAD_THING","message":"m"}' })).toMatchObject({ kind: 'server', code: 'BAD_THING' });
  });
  it('maps 401, 403 and 404', () => {
    expect(errorFromResponse({ status: 401, now: NOW, bodyText: '{"code":"UNAUTHORIZED","message":"bad key","requestId":"r"}' })).toMatchObject({
      kind: 'auth',
      code: 'UNAUTHORIZED',
      message: 'bad key',
      requestId: 'r',
    });
    expect(errorFromResponse({ status: 403, now: NOW, bodyText: '' })).toMatchObject({ kind: 'auth', code: 'FORBIDDEN', message: 'HTTP 403 Forbidden' });
    expect(errorFromResponse({ status: 404, now: NOW, bodyText: '{"code":"NOT_FOUND","message":"no group"}' })).toMatchObject({
      kind: 'not-found',
      code: 'NOT_FOUND',
    });
  });
  it('maps 429 to rate-limit with retryAt from the headers or body', () => {
    const e = errorFromResponse({ status: 429, headers: { 'retry-after': '5' }, now: NOW, bodyText: '{"code":"RATE_LIMITED","message":"slow down"}' });
    expect(e).toMatchObject({ kind: 'rate-limit', code: 'RATE_LIMITED', retryAt: NOW + 5000, message: 'slow down' });
    const fromBody = errorFromResponse({ status: 429, now: NOW, bodyText: '{"details":{"retryAfterSeconds":3}}' });
    expect(fromBody.retryAt).toBe(NOW + 3000);
    expect(fromBody.message).toBe('HTTP 429 Too Many Requests');
  });
  it('turns an HTML 502 page into a short clean message', () => {
    const html =
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style>' +
      '<script>alert(1)</script></head><body>\n\n<h1>Bad   Gateway</h1>\u001b[31m<p>upstream &amp; friends\u0007 failed</p>' +
      'x'.repeat(500) +
      '</body></html>';
    const e = errorFromResponse({ status: 502, now: NOW, bodyText: html });
    expect(e.kind).toBe('server');
    expect(e.code).toBe('HTTP_502');
    expect(e.message.startsWith('HTTP 502 Bad Gateway: 502 Bad Gateway Bad Gateway upstream & friends failed xxx')).toBe(true);
    expect(e.message).not.toMatch(/[<>\u0000-\u001f]|alert|color/);
    expect(e.message.length).toBeLessThanOrEqual('HTTP 502 Bad Gateway: '.length + 120);
  });
  it('handles an unknown status and an empty body', () => {
    expect(errorFromResponse({ status: 599, now: NOW, bodyText: '' }).message).toBe('HTTP 599');
  });
});

describe('bodyExcerpt', () => {
  it('removes OSC sequences (window title, clipboard) and C1 controls', () => {
    expect(bodyExcerpt('a\u001b]0;pwned\u0007b\u009bc\u001b]52;c;Zm9v\u001b\\d')).toBe('a b c d');
  });
  it('cuts by characters, not UTF-16 units', () => {
    const out = bodyExcerpt('😀'.repeat(200));
    expect(Array.from(out)).toHaveLength(120);
    expect(out.endsWith('…')).toBe(true);
  });
});
