/**
 * A 200 whose body is not a list (not JSON, an HTML page): the debug log says why the listing
 * stopped, with an error line after the exchange's own, as the app words the error; never the key.
 * The first page (`pagetui pages`), and a page read ahead while a whole listing loads (the app's
 * `G`: parsed only when it is taken, after the request for its next cursor went out).
 */
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { createApiClient } from '../../src/api/http/client.js';
import { ExchangeLog } from '../../src/api/inspector/exchange-log.js';
import { listPager } from '../../src/api/pager/list-pager.js';
import { runPages } from '../../src/cli/commands/list-commands.js';
import { startDebugLog } from '../../src/cli/debug-log/debug-log.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { testIo } from '../cli-list/io.js';

const KEY = 'sk-live-0123456789abcdef';
let dir: string;

const base = onLoopback(
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const echoed = String(req.headers['x-api-key']);
    const cursor = url.searchParams.get('cursor');
    if (url.pathname.endsWith('/portal/pages')) {
      // A login portal that greets the key: its title is quoted in the error.
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><title>Hi ${echoed}\u001b[31m</title></html>`);
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (url.pathname.endsWith('/garbled/pages')) {
      res.writeHead(200).end('{"hasMore": true, "items": [{"pageId": "a"');
      return;
    }
    // A whole listing whose second page is cut inside: its peek reads a next cursor all the same.
    if (cursor === null) res.end(JSON.stringify({ hasMore: true, items: [{ pageId: 'a' }], nextCursor: 'c2' }));
    else if (cursor === 'c2') res.end('{"hasMore":true,"items":[{"pageId":"b"},],"nextCursor":"c3"}');
    else res.end(JSON.stringify({ hasMore: false, items: [{ pageId: 'c' }] }));
  }),
);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-log-unreadable-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/^\S+Z /, ''));

/** The app's pieces as the app wires them: the debug log over the client's exchange log, a pager of `group`. */
async function appRun(file: string, group: string, drive: (pager: ReturnType<typeof listPager>) => void): Promise<string[]> {
  const exchanges = new ExchangeLog();
  const client = createApiClient({ baseUrl: parseBaseUrl(base(), {}), getApiKey: () => KEY, observer: exchanges });
  const debug = startDebugLog(file, { say: (line) => expect.fail(line), secret: () => KEY });
  debug?.watch(exchanges, client.quota);
  const pager = listPager(client, 'pages', group, 100);
  try {
    const failed = new Promise<void>((resolve) => pager.subscribe(() => pager.getSnapshot().state === 'error' && resolve()));
    drive(pager);
    await failed;
    expect(pager.getSnapshot().error?.code).toBe('BAD_RESPONSE');
  } finally {
    pager.dispose();
    debug?.close();
    await client.close();
  }
  return lines(file);
}

const NOT_JSON = 'BAD_RESPONSE: The server sent a response that is not valid JSON.';

describe('the debug log, for a 200 whose body is not a list', () => {
  it('says the first page\'s error after its request line', async () => {
    const logged = await appRun(join(dir, 'first.log'), 'garbled', (pager) => pager.ensure(40));
    const at = logged.findIndex((line) => /^request GET \/v0\/page_groups\/garbled\/pages\?limit=100 → 200 in \d+ ms/.test(line));
    expect(at).toBeGreaterThan(0);
    expect(logged[at + 1]).toBe(`error GET /v0/page_groups/garbled/pages?limit=100 → 200, its body unreadable: ${NOT_JSON}`);
  });

  it('says the error of a page read ahead during a whole listing\'s load, when it is taken', async () => {
    const logged = await appRun(join(dir, 'all.log'), 'all', (pager) => pager.loadAll());
    const at = logged.findIndex((line) => line.startsWith('request GET /v0/page_groups/all/pages?cursor=c2&limit=100 → 200'));
    expect(at).toBeGreaterThan(0);
    const error = `error GET /v0/page_groups/all/pages?cursor=c2&limit=100 → 200, its body unreadable: ${NOT_JSON}`;
    expect(logged.filter((line) => line.startsWith('error '))).toEqual([error]);
    expect(logged.indexOf(error)).toBeGreaterThan(at);
  });

  it('never writes the key or a control character the error quotes (the command\'s log too)', async () => {
    const file = join(dir, 'portal.log');
    const t = testIo({ PAGETUI_API_KEY: KEY, PAGETUI_BASE_URL: base() });
    expect(await runPages(['portal', '--json', '--log', file], t.io)).toBe(5);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/Z error GET \/v0\/page_groups\/portal\/pages\?limit=100 → 200, its body unreadable: BAD_RESPONSE: got text\/html \('Hi ••••'\) — is the base URL right\?\n/);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(KEY.slice(0, 12));
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});
