/**
 * Answers only the server is to blame for, said as what they are: headers too large or not valid
 * HTTP are a bad response (no `r`, exit 5), a redirect says where it pointed (its origin only),
 * and paging that a loop guard stopped before any item came is not "no pages".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { ApiError } from '../../src/api/http/errors.js';
import { listPager } from '../../src/api/pager/list-pager.js';
import { runGroups } from '../../src/cli/commands/list-commands.js';
import { emptyListText } from '../../src/ui/screens/empty-text.js';
import { errorMessage, errorParagraph } from '../../src/ui/store/status.js';
import { waitForState } from '../faults/helpers/pager-run.js';
import { testIo } from '../cli-list/io.js';
import { json, raw, startTestServer, type TestServer } from './helpers/test-server.js';

const KEY = 'sk-live-Zq81fault7Kx';
const BODY = JSON.stringify({ hasMore: false, items: [] });
let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => KEY });
});
afterAll(async () => {
  await client.close();
  await server.close();
});
afterEach(() => server.handle(json(200, { hasMore: false, items: [] })));

const failure = async (): Promise<ApiError> => {
  const err: unknown = await client.listPageGroups().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
};

const command = async (): Promise<{ code: number; err: string }> => {
  const t = testIo({ PAGETUI_API_KEY: KEY, PAGETUI_BASE_URL: server.origin });
  const code = await runGroups([], t.io);
  return { code, err: t.stderr.text };
};

describe('an answer that is not readable HTTP is a bad response, not network trouble', () => {
  const faults = [
    ['headers of 70 KB', raw(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-padding: ${'a'.repeat(70 * 1024)}`, BODY), /its headers are larger than \d+ KB in all/],
    ['an ESC in a header value', raw('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-note: a\u001b[31mb', BODY), /a header value holds a character HTTP does not allow/],
  ] as const;

  it.each(faults)('%s: BAD_RESPONSE, said in plain words, with no retry offered', async (_name, handler, words) => {
    server.handle(handler);
    const e = await failure();
    expect(e.kind).toBe('bad-response');
    expect(e.code).toBe('BAD_RESPONSE');
    expect(e.retryable).toBe(false);
    expect(e.message).toContain(`The server at ${server.origin} sent an answer that cannot be read`);
    expect(e.message).toMatch(words);
    expect(e.message).not.toMatch(/UND_ERR|HTTP\/1\.1 protocol/);
    const paragraph = errorParagraph(e);
    expect(paragraph).toMatch(/^BAD_RESPONSE — The server at /);
    expect(paragraph).not.toMatch(/\br retries/);
    expect(paragraph).toContain('A retry would fail the same way');
    expect(errorMessage(e, 0).hint).toBeUndefined();
  });

  it.each(faults)('%s: the commands exit 5 (an API error), not 6 (network)', async (_name, handler, words) => {
    server.handle(handler);
    const r = await command();
    expect(r.code).toBe(5);
    expect(r.err).toMatch(/^pagetui: error BAD_RESPONSE: The server at /);
    expect(r.err).toMatch(words);
    expect(r.err).not.toContain('NETWORK_ERROR');
  });
});

describe('a redirect says it was one, not followed, and where it pointed: the origin only', () => {
  it.each([301, 302, 303, 307, 308])('%i to another origin echoing the key in its path and query', async (status) => {
    const location = `https://login.example.net:8443/sso/${KEY}/next?key=${KEY}&then=/v0/page_groups`;
    server.handle(raw(`HTTP/1.1 ${status} Moved\r\nlocation: ${location}\r\ncontent-type: text/html`, `<a href="${location}">Redirecting to ${location}</a>`));
    const e = await failure();
    expect(e.status).toBe(status);
    expect(e.retryable).toBe(false);
    expect(e.message).toBe('The server redirected the request to https://login.example.net:8443; pagetui does not follow redirects (check the base URL).');
    const paragraph = errorParagraph(e);
    expect(paragraph).toContain('redirected the request to https://login.example.net:8443; pagetui does not follow redirects (check the base URL)');
    for (const shown of [paragraph, e.message, e.detail ?? '', JSON.stringify(e)]) {
      expect(shown).not.toContain(KEY);
      expect(shown).not.toContain('/sso');
      expect(shown).not.toContain('then=');
    }
  });

  it('a relative Location points back at the server itself', async () => {
    server.handle(raw('HTTP/1.1 302 Found\r\nlocation: /login?next=%2Fv0'));
    expect((await failure()).message).toBe(`The server redirected the request to ${server.origin}; pagetui does not follow redirects (check the base URL).`);
  });

  it('an origin that holds the key is not shown', async () => {
    server.handle(raw(`HTTP/1.1 302 Found\r\nlocation: https://${KEY.toLowerCase()}.example.net/`));
    const e = await failure();
    expect(e.message).toBe('The server redirected the request to an address that holds the API key (not shown); pagetui does not follow redirects (check the base URL).');
    expect(JSON.stringify(e).toLowerCase()).not.toContain(KEY.toLowerCase());
  });

  it('no Location, or one that is no address, still says it was a redirect', async () => {
    server.handle(raw('HTTP/1.1 307 Temporary Redirect'));
    expect((await failure()).message).toBe('The server answered with a redirect but no address; pagetui does not follow redirects (check the base URL).');
    server.handle(raw('HTTP/1.1 302 Found\r\nlocation: http://[bad'));
    expect((await failure()).message).toBe('The server answered with a redirect but no address; pagetui does not follow redirects (check the base URL).');
  });

  it('the commands say the same on stderr, without the key', async () => {
    server.handle(raw(`HTTP/1.1 302 Found\r\nlocation: https://login.example.net:8443/?k=${KEY}`));
    const r = await command();
    expect(r.code).toBe(5);
    expect(r.err).toBe('pagetui: error HTTP 302 Found: The server redirected the request to https://login.example.net:8443; pagetui does not follow redirects (check the base URL).\n');
  });
});

describe('paging a loop guard stopped before any item came', () => {
  it.each([
    ['a repeated cursor', (): ReturnType<typeof json> => json(200, { hasMore: true, items: [], nextCursor: 'same' })],
    ['empty pages forever', (): ReturnType<typeof json> => {
      let n = 0;
      return (_req, res) => json(200, { hasMore: true, items: [], nextCursor: `c${++n}` })(_req, res);
    }],
  ])('%s: the empty list says the paging stopped, not that the group has no pages', async (_name, handler) => {
    server.handle(handler());
    const pager = listPager(client, 'pages', 'g1', 50);
    pager.ensure(Number.POSITIVE_INFINITY);
    const snap = await waitForState(pager, ['done', 'error']);
    pager.dispose();
    expect(snap.stoppedEarly).toBe(true);
    const text = emptyListText('pages', snap, false);
    expect(text).not.toContain('has no pages');
    expect(text).toMatch(/^Nothing loaded: the server's paging stopped before any item came \(The server sent .*stopped.*\)\. r loads the list again from the first page\.$/);
  });
});
