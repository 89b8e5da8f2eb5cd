/**
 * Error bodies in every shape the contract lists, sent by a real server over a socket and read by
 * the real client; then summarised the way the status bar and the commands' error line show them.
 */
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/api/http/errors.js';
import { errorLine } from '../../src/cli/commands/list-commands.js';
import { joinErrorDetail, summarizeError } from '../../src/text/error-summary.js';
import { formatStatus } from '../../src/ui/components/status-format.js';
import { errorMessage } from '../../src/ui/store/status.js';
import { failureWithout, serverWithClients } from './helpers/client-checks.js';
import { json, text, type Handler } from './helpers/test-server.js';

const KEY = 'sk-shapes-1234abcd';
const { server: testServer, client } = serverWithClients(KEY);

const problem = (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  json(status, body, { 'content-type': 'application/problem+json', ...headers });

async function failWith(h: Handler): Promise<ApiError> {
  testServer().handle(h);
  return failureWithout(KEY, client().listPages('g1', { limit: 100 }));
}

/** The status bar's text at a wide terminal, and the error line. */
function shown(e: ApiError): { bar: string; line: string } {
  return { bar: formatStatus(errorMessage(e, 0), undefined, 400).join('\n'), line: errorLine(e) };
}

describe('RFC 9457 problem details', () => {
  it('reads title, detail, instance and validation[] (Prism’s shape); a 422 offers no retry', async () => {
    const e = await failWith(
      problem(422, {
        type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
        title: 'Invalid request',
        status: 422,
        detail: 'Your request is not valid and no HTTP validation response was found in the spec.',
        instance: '/v0/page_groups/g1/pages',
        validation: [{ location: ['query', 'limit'], severity: 'Error', code: 'maximum', message: 'Request query parameter limit must be <= 5' }],
      }),
    );
    expect(e).toMatchObject({ kind: 'validation', status: 422, code: 'Invalid request', retryable: false });
    expect(e.fieldErrors).toEqual([{ field: 'query.limit', reason: 'Request query parameter limit must be <= 5' }]);
    // A problem's instance names the occurrence; it is not a request id.
    expect(e.requestId).toBeUndefined();
    expect(e.instance).toBe('/v0/page_groups/g1/pages');
    const { bar, line } = shown(e);
    expect(bar).toContain('Invalid request (HTTP 422)');
    expect(bar).toContain('field: query.limit — Request query parameter limit must be <= 5');
    expect(bar).not.toMatch(/retry/);
    expect(line).toBe(
      'error Invalid request (HTTP 422): field: query.limit — Request query parameter limit must be <= 5 — Your request is not valid and no HTTP validation response was found in the spec.',
    );
  });

  it('keeps the reason in an 80-column status bar by shortening the long detail first', async () => {
    const e = await failWith(
      problem(422, {
        type: 'about:blank',
        title: 'Invalid request',
        status: 422,
        detail: 'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
        validation: [{ location: ['query', 'limit'], message: 'Request query parameter limit must be <= 5' }],
      }),
    );
    const lines = formatStatus(errorMessage(e, 0), '0 loaded', 80);
    expect(lines).toHaveLength(1);
    // The detail goes first; the reason, cut only at its end, is followed by the way to read it all.
    expect(lines[0]).toMatch(/^Invalid request \(HTTP 422\): field: query\.limit — Request query par.*…, E shows all$/);
    expect(lines[0]).not.toContain('Your request');
  });

  it('reads invalid-params[] and an errors map; the x-request-id header wins over instance', async () => {
    const e = await failWith(
      problem(
        400,
        {
          type: 'https://example.net/validation-error',
          title: 'Your request parameters didn’t validate.',
          'invalid-params': [
            { name: 'limit', reason: 'must be a positive integer' },
            { name: 'cursor', reason: 'must be a string' },
          ],
          instance: 'urn:x',
        },
        { 'x-request-id': 'hdr-77' },
      ),
    );
    expect(e.kind).toBe('validation');
    expect(e.requestId).toBe('hdr-77');
    expect(e.fieldErrors.map((f) => f.field)).toEqual(['limit', 'cursor']);
    expect(shown(e).line).toBe(
      'error Your request parameters didn’t validate. (HTTP 400): field: limit — must be a positive integer; field: cursor — must be a string. requestId: hdr-77',
    );

    const map = await failWith(problem(400, { title: 'One or more validation errors occurred.', status: 400, errors: { limit: ['The field limit must be between 1 and 100.'] } }));
    expect(map.fieldErrors).toEqual([{ field: 'limit', reason: 'The field limit must be between 1 and 100.' }]);
  });

  it('is recognised without its content type when it has title/detail and type/status', async () => {
    const e = await failWith(json(409, { type: 'about:blank', title: 'Conflict', status: 409, detail: 'group is locked' }, { 'request-id': 'rid-9' }));
    expect(e).toMatchObject({ code: 'Conflict', detail: 'group is locked', requestId: 'rid-9', retryable: false });
    expect(shown(e).line).toBe('error Conflict (HTTP 409): group is locked. requestId: rid-9');
  });

  it('a 503 problem offers a retry', async () => {
    const e = await failWith(problem(503, { title: 'Service Unavailable', status: 503, detail: 'maintenance until 10:00' }));
    expect(e.retryable).toBe(true);
    expect(shown(e).bar).toContain('maintenance until 10:00 — press r to retry');
  });
});

describe('{error:{code, message}} and {errors:[…]}', () => {
  it('reads code, message and details inside error', async () => {
    const e = await failWith(json(400, { error: { code: 'BAD_LIMIT', message: 'limit too large', details: { field: 'limit', reason: 'max is 50' } } }));
    expect(e).toMatchObject({ code: 'BAD_LIMIT', message: 'limit too large', field: 'limit', reason: 'max is 50', kind: 'validation', retryable: false });
    expect(shown(e).line).toBe('error BAD_LIMIT (HTTP 400): field: limit — max is 50 — limit too large.');
  });

  it('reads the first of errors[] with the count of the others', async () => {
    const e = await failWith(
      json(422, { errors: [{ message: 'limit must be <= 5', field: 'limit', code: 'too_big' }, { message: 'cursor unknown', field: 'cursor' }, { message: 'x' }] }),
    );
    expect(e).toMatchObject({ code: 'too_big', message: 'limit must be <= 5', field: 'limit', moreErrors: 2, retryable: false });
    const { bar, line } = shown(e);
    expect(line).toBe('error too_big (HTTP 422): field: limit (+2 more) — limit must be <= 5.');
    expect(bar).toBe('too_big (HTTP 422): field: limit (+2 more) — limit must be <= 5');
  });
});

describe('our own shape', () => {
  it('says a reason that repeats the message once, and keeps the requestId', async () => {
    const e = await failWith(
      json(400, {
        code: 'VALIDATION_ERROR',
        message: 'Invalid page_group_id: this group always fails validation',
        requestId: 'req-5',
        details: { field: 'page_group_id', reason: 'this group always fails validation' },
      }),
    );
    const { bar, line } = shown(e);
    expect(bar).toBe('VALIDATION_ERROR (HTTP 400): field: page_group_id — Invalid page_group_id: this group always fails validation (req-5)');
    expect(line).toBe('error VALIDATION_ERROR (HTTP 400): field: page_group_id — Invalid page_group_id: this group always fails validation. requestId: req-5');
    expect(line.match(/always fails validation/g)).toHaveLength(1);
  });

  it('reads details.reason into the error line', async () => {
    const e = await failWith(json(400, { code: 'VALIDATION_ERROR', message: 'Invalid query parameter', requestId: 'r1', details: { field: 'limit', reason: 'must be <= 100' } }));
    expect(errorLine(e)).toBe('error VALIDATION_ERROR (HTTP 400): field: limit — must be <= 100 — Invalid query parameter. requestId: r1');
  });
});

describe('details as an array', () => {
  it('reads each entry of details[] as a field and its reason (an expired cursor is then recognised)', async () => {
    const e = await failWith(
      json(400, { code: 'VALIDATION_ERROR', message: 'The request is invalid.', details: [{ field: 'cursor', reason: 'expired; start again from the first page' }] }),
    );
    expect(e).toMatchObject({ field: 'cursor', reason: 'expired; start again from the first page', kind: 'validation' });
    expect(errorLine(e)).toContain('field: cursor — expired; start again from the first page');
  });

  it('reads errors[] entries that say message or detail, with the field as pointer or path', async () => {
    const e = await failWith(
      json(400, { code: 'VALIDATION_ERROR', message: 'The request is invalid.', errors: [{ path: 'cursor', detail: 'expired' }, { pointer: '/limit', message: 'too big' }] }),
    );
    expect(e.fieldErrors).toEqual([
      { field: 'cursor', reason: 'expired' },
      { field: '/limit', reason: 'too big' },
    ]);
  });
});

describe('other bodies', () => {
  it('any other JSON becomes a sanitised excerpt of at most 120 characters', async () => {
    const e = await failWith(json(418, { weird: '\u001b]0;pwned\u0007tea\u001b[2J', list: Array.from({ length: 40 }, (_, i) => `item-${i}`) }));
    expect(e.message).toBe("HTTP 418 I'm a Teapot");
    expect(e.detail).toBeDefined();
    expect(Array.from(e.detail ?? '').length).toBeLessThanOrEqual(120);
    const { bar, line } = shown(e);
    for (const out of [bar, line]) {
      expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      expect(out).toContain('"weird"');
    }
    expect(line.startsWith("error HTTP 418 I'm a Teapot: {")).toBe(true);
  });

  it('an HTML 502 says its status once and offers a retry', async () => {
    const e = await failWith(text(502, '<html><body><h1>502 Bad Gateway</h1>nginx</body></html>'));
    expect(e.retryable).toBe(true);
    // The page's own "502 Bad Gateway" repeats the head: only what it adds is kept.
    expect(shown(e).line).toBe('error HTTP 502 Bad Gateway: nginx.');
    expect(shown(e).bar).toBe('HTTP 502 Bad Gateway: nginx — press r to retry');
  });

  it('an empty 408 offers a retry, an empty 404 does not', async () => {
    expect((await failWith(text(408, ''))).retryable).toBe(true);
    const nf = await failWith(text(404, ''));
    expect(nf.retryable).toBe(false);
    expect(shown(nf).bar).toBe('NOT_FOUND (HTTP 404): path: /v0/page_groups/g1/pages');
  });

  it('control characters in every part are removed', async () => {
    const e = await failWith(
      problem(422, { title: 'Bad\u001b[31m', detail: 'd\u009b2J', instance: 'i\u202e1', errors: [{ field: 'f\u0007', detail: 'r\u001b]52;c;AAAA\u0007' }] }),
    );
    const { bar, line } = shown(e);
    for (const out of [bar, line]) expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(joinErrorDetail(summarizeError(e))).toBe('field: f — r — d');
  });
});
