/**
 * A server that echoes the key back: in a 401 body, a 400's details.reason, a 500 HTML page, a
 * response header and a list item. The key (whole, or 8 characters of it) is in no error, no
 * status-bar text, no CLI line, no item, and nowhere in the exchange log or its HAR.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/http/client.js';
import { ApiError } from '../../src/api/http/errors.js';
import { ExchangeLog } from '../../src/api/inspector/exchange-log.js';
import { harText } from '../../src/api/inspector/har.js';
import { errorLine } from '../../src/cli/commands/list-commands.js';
import { errorMessage } from '../../src/ui/store/status.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const KEY = 'sk-live-4f9a2c7e1b3d8a6f0e5c';
const FRAGMENT = KEY.slice(6, 16);

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'x-echo': `key=${KEY}`, ...headers });
  res.end(body);
}

const RESPONSES: Record<string, (res: ServerResponse) => void> = {
  '401': (res) => send(res, 401, 'application/json', JSON.stringify({ code: 'UNAUTHORIZED', message: `API key ${KEY} is not valid`, requestId: `req-${FRAGMENT}` })),
  '400': (res) => send(res, 400, 'application/json', JSON.stringify({ code: 'VALIDATION_ERROR', message: 'bad', details: { field: 'x-api-key', reason: `…${FRAGMENT}… is malformed` } })),
  '500': (res) => send(res, 500, 'text/html', `<html><body><h1>Error</h1><p>key ${KEY} crashed us</p></body></html>`),
  '200': (res) => send(res, 200, 'application/json', JSON.stringify({ hasMore: false, items: [{ pageGroupId: 'g1', name: `owner ${KEY}` }] })),
  escaped: (res) =>
    send(res, 200, 'application/json', `{"hasMore":false,"items":[{"pageGroupId":"g2","name":"${[...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}]}`),
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const which = new URL(req.url ?? '/', 'http://x').searchParams.get('cursor') ?? '200';
    (RESPONSES[which] ?? RESPONSES['200'])?.(res);
  });
});
afterAll(async () => {
  await server.close();
});

function expectNoKey(text: string): void {
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(FRAGMENT);
  expect(text).not.toContain(KEY.slice(-8));
}

async function failure(cursor: string, log: ExchangeLog): Promise<ApiError> {
  const client = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => KEY, observer: log });
  try {
    await client.listPageGroups({ cursor });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  } finally {
    await client.close();
  }
  throw new Error(`no error for ${cursor}`);
}

describe('a server that echoes the key', () => {
  for (const cursor of ['401', '400', '500']) {
    it(`HTTP ${cursor}: the error, the CLI line and the status bar hold none of it`, async () => {
      const log = new ExchangeLog();
      const error = await failure(cursor, log);
      expectNoKey(JSON.stringify({ ...error, message: error.message }));
      expectNoKey(errorLine(error));
      expectNoKey(JSON.stringify(errorMessage(error, Date.now())));
      expect(errorLine(error)).toContain('••••');
    });
  }

  it('the exchange log and its HAR hold none of it: bodies, headers, request ids', async () => {
    const log = new ExchangeLog();
    for (const cursor of ['401', '400', '500']) await failure(cursor, log);
    const client = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => KEY, observer: log });
    await client.listPageGroups({ cursor: '200' });
    await client.listPageGroups({ cursor: 'escaped' });
    await client.close();
    const har = harText(log.entries(), 'test');
    expectNoKey(har);
    expectNoKey(JSON.stringify(JSON.parse(har)));
    expect(har).toContain('API key •••• is not valid');
  });

  it('list items that hold it come back with it taken out (so an export holds none of it)', async () => {
    const client = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => KEY });
    const plain = await client.listPageGroups({ cursor: '200' });
    const escaped = await client.listPageGroups({ cursor: 'escaped' });
    await client.close();
    expect(plain.items).toEqual([{ pageGroupId: 'g1', name: 'owner ••••' }]);
    expect(escaped.items).toEqual([{ pageGroupId: 'g2', name: '••••' }]);
    expect(plain.source).toBeUndefined();
  });
});
