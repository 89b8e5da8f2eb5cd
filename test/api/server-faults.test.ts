/**
 * Answers only the server is to blame for, said as what they are: headers too large or not valid
 * HTTP are a bad response (no `r`, exit 5).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { ApiError } from '../../src/api/http/errors.js';
import { runGroups } from '../../src/cli/commands/list-commands.js';
import { errorMessage, errorParagraph } from '../../src/ui/store/status.js';
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
