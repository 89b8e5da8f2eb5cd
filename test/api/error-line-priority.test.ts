/**
 * What a new user saw, read by the real client from a real server: the status bar at 80 and 120
 * columns and the commands' error line say the code, then the specific reason, then the generic
 * detail, then the request id (a problem's `instance` is not one); an HTML 200 names its type and
 * title; a 404 names the path requested, without the query.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/http/client.js';
import { errorLine } from '../../src/cli/commands/list-commands.js';
import { displayWidth } from '../../src/text/index.js';
import { formatStatus } from '../../src/ui/components/status-format.js';
import { errorMessage } from '../../src/ui/store/status.js';
import { failureWithout, serverWithClients } from './helpers/client-checks.js';
import { json, text } from './helpers/test-server.js';

const KEY = 'sk-priority-77aa';
const { server: testServer, client } = serverWithClients(KEY);

const INSTANCE = '/v0/page_groups/errors/0f8c6f1e-4d9b-4c53-9f1a';

const problem400 = json(
  400,
  {
    type: 'https://example.net/problems/invalid',
    title: 'Invalid page_group_id',
    status: 400,
    detail: 'The request could not be processed because one or more parameters are invalid.',
    instance: INSTANCE,
    errors: [{ field: 'page_group_id', reason: 'must be a UUID' }],
  },
  { 'content-type': 'application/problem+json', 'x-request-id': 'req-000002' },
);

describe('a problem+json 400 with errors[].reason and a long instance', () => {
  it('keeps the code, the field and its reason at 80 and 120 columns, and the request id where it fits; never the instance', async () => {
    testServer().handle(problem400);
    const e = await failureWithout(KEY, client().listPageGroups());
    for (const width of [80, 120]) {
      const [line = ''] = formatStatus(errorMessage(e, 0), '0 loaded', width);
      expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(line, `${width}`).toMatch(/^Invalid page_group_id \(HTTP 400\): field: page_group_id — must be a UUID/);
      if (width === 120) expect(line).toContain('(req-000002)');
      expect(line, `${width}`).not.toContain('errors/0f8c');
    }
  });

  it('says the reason before the generic detail on the command line', async () => {
    testServer().handle(problem400);
    const e = await failureWithout(KEY, client().listPageGroups());
    expect(errorLine(e)).toBe(
      'error Invalid page_group_id (HTTP 400): field: page_group_id — must be a UUID — The request could not be processed because one or more parameters are invalid. requestId: req-000002',
    );
  });

  it('is no request id when the problem has no other', async () => {
    testServer().handle(json(400, { title: 'Bad', status: 400, instance: INSTANCE, errors: [{ field: 'limit', reason: 'too big' }] }, { 'content-type': 'application/problem+json' }));
    const e = await failureWithout(KEY, client().listPageGroups());
    expect(e.requestId).toBeUndefined();
    expect(errorLine(e)).toBe('error Bad (HTTP 400): field: limit — too big.');
  });
});

describe('our own shape with details.reason', () => {
  it('says the reason before the message at 80 columns, the request id going first (E shows it)', async () => {
    testServer().handle(
      json(400, {
        code: 'VALIDATION_ERROR',
        message: 'The request is invalid and could not be processed by the service.',
        requestId: 'req-000002',
        details: { field: 'limit', reason: 'must be between 1 and 100' },
      }),
    );
    const e = await failureWithout(KEY, client().listPageGroups());
    const [line = ''] = formatStatus(errorMessage(e, 0), undefined, 80);
    expect(line).toBe('VALIDATION_ERROR (HTTP 400): field: limit — must be between 1 and 100');
  });
});

describe('an HTML page where JSON was expected', () => {
  it('a 200 login page names its type and title and asks about the base URL', async () => {
    testServer().handle(text(200, '<!doctype html><html><head><title>Login - Corporate SSO</title></head><body>Sign in</body></html>', 'text/html; charset=utf-8'));
    const e = await failureWithout(KEY, client().listPageGroups());
    const [line = ''] = formatStatus(errorMessage(e, 0), undefined, 80);
    expect(line).toBe("BAD_RESPONSE: got text/html ('Login - Corporate SSO') — is the base URL right?");
    expect(errorLine(e)).toContain("got text/html ('Login - Corporate SSO') — is the base URL right?");
  });
});

describe('a 404', () => {
  it('names the path requested, never its query', async () => {
    testServer().handle(json(404, { code: 'NOT_FOUND', message: 'Not found', requestId: 'req-404' }));
    const baseUrl = new URL(`${testServer().origin}/v0`);
    const c = createApiClient({ baseUrl, getApiKey: () => KEY });
    try {
      const e = await failureWithout(KEY, c.listPageGroups({ cursor: 'secret-cursor', limit: 10 }));
      const [line = ''] = formatStatus(errorMessage(e, 0), undefined, 80);
      expect(line).toBe('NOT_FOUND (HTTP 404): path: /v0/v0/page_groups (/v0 twice: check the base URL)');
      expect(errorLine(e)).toBe('error NOT_FOUND (HTTP 404): path: /v0/v0/page_groups (/v0 twice: check the base URL). requestId: req-404');
      expect(`${line}${errorLine(e)}`).not.toContain('secret-cursor');
    } finally {
      await c.close();
    }
  });
});
