/**
 * `E`, the last error in full, over a real client and a small server of the test's own: every
 * part of a problem+json 400 and its body are in the text, wrapped to 40 and 80 columns, every
 * server string sanitised and the key taken out; Esc leaves the list as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/http/client.js';
import { ExchangeLog } from '../../../src/api/inspector/exchange-log.js';
import { displayWidth } from '../../../src/text/width.js';
import type { Clipboard } from '../../../src/ui/services/clipboard.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { errorViewLines, NO_ERROR } from '../../../src/ui/store/error-view.js';
import { startTestServer, type TestServer } from '../../api/helpers/test-server.js';
import { LONG_DETAIL, problemOnSecondPage, REASONS, REQUEST_ID } from '../../helpers/problem-400.js';
import { waitFor } from '../../helpers/wait-for.js';

const KEY = 'sk-test-E-overlay-5d2e9a71c4';
const flat = (lines: readonly string[]): string => lines.join(' ').replace(/\s+/g, ' ');

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  server = await startTestServer(problemOnSecondPage(KEY));
});
afterAll(async () => {
  await client?.close();
  await server.close();
});

async function failedStore(clipboard?: Clipboard): Promise<AppStore> {
  const log = new ExchangeLog();
  client = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => KEY, observer: log });
  const store = new AppStore({ client, columns: 80, rows: 24, inspector: { log }, ...(clipboard ? { clipboard } : {}) });
  store.start();
  await waitFor('the second page to fail', () => store.getSnapshot().lastError !== undefined);
  return store;
}

/** A store over a real client of `origin`, its exchange log kept for E; disposed, with the client, once `use` is done. */
async function overStore(origin: string, use: (store: AppStore) => Promise<void>): Promise<void> {
  const log = new ExchangeLog();
  const own = createApiClient({ baseUrl: new URL(origin), getApiKey: () => KEY, observer: log });
  const store = new AppStore({ client: own, columns: 80, rows: 24, inspector: { log } });
  try {
    await use(store);
  } finally {
    store.dispose();
    await own.close();
  }
}

describe('E: the last error in full', () => {
  it('says every part, the request, when, the body as sent and what to press next; nothing unsafe', async () => {
    const store = await failedStore();
    const text = store.errorText();
    const all = text.join('\n');
    expect(all).toContain('Invalid query (HTTP 400)');
    expect(all).toContain('Code: Invalid query');
    expect(all).toContain('HTTP status: 400 Invalid query');
    expect(all).toContain('Request: GET /v0/page_groups\n');
    expect(all).not.toContain('c-next');
    expect(all).toContain(`field limit: ${REASONS[0]}`);
    expect(all).toContain(`field sort: ${REASONS[1]}`);
    expect(all).toContain(`Detail: ${LONG_DETAIL}`);
    expect(all).toContain(`Request id: ${REQUEST_ID}`);
    expect(all).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    // The body, pretty-printed, after the parts.
    expect(all).toMatch(/Response body:\n {2}\{\n {4}"type": "https:\/\/example.net\/problems\/invalid-query",/);
    expect(all).toContain('"echo": "x-api-key: ');
    expect(text.at(-1)).toBe('Next: A retry would fail the same way; i shows the request and its answer. Esc closes this.');
    // Sanitised, and the key taken out (the body echoed it).
    expect(all).not.toMatch(/[\u001b\u202e]/);
    // In the pretty-printed body the escape is JSON's own spelling of it, plain text.
    expect(all).toContain('"detail": "\\u001b[2JThe request');
    expect(all).not.toContain(KEY);
    store.dispose();
  });

  it.each([40, 80])('wraps to %i columns, cutting nothing', async (width) => {
    const store = await failedStore();
    const lines = errorViewLines(store.errorText(), width);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
    expect(flat(lines)).toContain(flat([LONG_DETAIL]));
    expect(flat(lines)).toContain(REQUEST_ID);
    expect(lines.length).toBeGreaterThan(store.errorText().length);
    store.dispose();
  });

  it('opens on E, scrolls, copies the whole text with y, and Esc returns to the list as it was', async () => {
    const copied: string[] = [];
    const store = await failedStore({ copy: async (text) => (copied.push(text), { method: 'test' }) });
    store.command('moveDown');
    store.command('moveDown');
    const before = store.getSnapshot();
    store.command('showError');
    expect(store.getSnapshot().overlay).toBe('error');
    store.command('moveDown');
    expect(store.getSnapshot().errorScroll).toBe(1);
    store.command('bottom');
    store.command('top');
    expect(store.getSnapshot().errorScroll).toBe(0);
    store.command('copyError');
    await waitFor('the copy', () => copied.length === 1);
    expect(copied[0]).toBe(store.errorText().join('\n'));
    store.command('back');
    const after = store.getSnapshot();
    expect(after.overlay).toBe(null);
    expect(after.list.selected).toBe(before.list.selected);
    expect(after.list.selected).toBe(2);
    expect(after.visible.items.length).toBe(before.visible.items.length);
    for (const close of ['showError', 'closeError'] as const) {
      store.command('showError');
      store.command(close);
      expect(store.getSnapshot().overlay).toBe(null);
    }
    store.dispose();
  });

  it('says so when there was no error', () => {
    const store = new AppStore({ client: { listPageGroups: () => new Promise(() => {}), listPages: () => new Promise(() => {}) }, columns: 80, rows: 24 });
    expect(store.errorText()).toEqual([NO_ERROR]);
    store.command('showError');
    expect(store.getSnapshot().overlay).toBe('error');
    store.dispose();
  });
});

describe('the last error view and the problems found at start', () => {
  const client = { listPageGroups: () => new Promise<never>(() => {}), listPages: () => new Promise<never>(() => {}) };
  it('lists every problem found at start instead of saying there was no error', () => {
    const startupProblems = ['config.json line 2: theme: expected one of …', '"moveDwon" is not an action (config.json:4)', '"hepl" is not an action (config.json:5)'];
    const store = new AppStore({ client, columns: 80, rows: 24, startupProblems });
    const text = store.errorText();
    expect(text).not.toContain(NO_ERROR);
    expect(text[0]).toBe('At start, 3 problems in the config:');
    for (const problem of startupProblems) expect(text).toContain(`  - ${problem}`);
    store.dispose();
  });
});

describe('E after a page that is not JSON', () => {
  it('shows the body that came (the newest request), not "no longer kept"', async () => {
    const broken = await startTestServer((req, res) => {
      const second = new URL(req.url ?? '/', 'http://x').searchParams.has('cursor');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(second ? '{"hasMore":true,"items":[{"pageGroupId":"grp-x9",' : JSON.stringify({ items: [{ pageGroupId: 'grp-x1', title: 'X1', status: 'draft' }], hasMore: true, nextCursor: 'c-2' }));
    });
    try {
      await overStore(broken.origin, async (store) => {
        store.start();
        store.command('bottom');
        await waitFor('the second page to fail', () => store.getSnapshot().lastError !== undefined);
        expect(store.getSnapshot().lastError?.error?.code).toBe('BAD_RESPONSE');
        const text = flat(store.errorText());
        expect(text).not.toContain('no longer kept');
        expect(text).toContain('"pageGroupId":"grp-x9",');
      });
    } finally {
      await broken.close();
    }
  });
});

describe('E after a 500 whose request id echoes the key', () => {
  it('shows the body (the newest request), the key taken out, not "no longer kept"', async () => {
    const echoing = await startTestServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json', 'set-cookie': `k=${KEY}` });
      res.end(JSON.stringify({ code: `BOOM ${KEY}`, message: `internal error for ${KEY}`, requestId: KEY, details: { field: KEY, reason: `reason ${KEY}` } }));
    });
    try {
      await overStore(echoing.origin, async (store) => {
        store.start();
        await waitFor('the 500', () => store.getSnapshot().lastError !== undefined);
        const text = flat(store.errorText());
        expect(text).not.toContain('no longer kept');
        expect(text).toContain('"code": "BOOM ');
        expect(text).not.toContain(KEY);
      });
    } finally {
      await echoing.close();
    }
  });
});

describe('E during a 429 wait', () => {
  it('shows the request and the body of the 429, not "no longer kept"', async () => {
    let n = 0;
    const limited = await startTestServer((_req, res) => {
      n++;
      if (n === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30', 'x-request-id': 'req-429' });
        res.end(JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many requests.', requestId: 'req-429', details: { retryAfterSeconds: 30 } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ items: [], hasMore: false }));
    });
    try {
      await overStore(limited.origin, async (store) => {
        store.start();
        await waitFor('the 429', () => store.getSnapshot().lastError !== undefined);
        const text = store.errorText().join('\n');
        expect(text).toContain('Request: GET /v0/page_groups');
        expect(text).not.toContain('no longer kept');
        expect(text).toContain('"message": "Too many requests."');
      });
    } finally {
      await limited.close();
    }
  });
});

describe('E finds the answer of its own request', () => {
  it('when the body names another request id than the header, and when an older answer shares its id', async () => {
    let n = 0;
    const server = await startTestServer((_req, res) => {
      n++;
      const headers = { 'content-type': 'application/json', 'retry-after': '1' };
      if (n === 1) {
        res.writeHead(429, { ...headers, 'x-request-id': 'shared' });
        res.end(JSON.stringify({ code: 'RATE_LIMITED', message: 'FIRST BODY', requestId: 'shared' }));
        return;
      }
      res.writeHead(429, { ...headers, 'x-request-id': `req-${n}` });
      res.end(JSON.stringify({ code: 'RATE_LIMITED', message: 'SECOND BODY', requestId: 'shared' }));
    });
    try {
      await overStore(server.origin, async (store) => {
        store.start();
        await waitFor('the second 429', () => n >= 2 && store.getSnapshot().lastError?.error?.message === 'SECOND BODY', 5000);
        const text = store.errorText().join('\n');
        expect(text).not.toContain('no longer kept');
        expect(text).toContain('"message": "SECOND BODY"');
        expect(text).not.toContain('FIRST BODY');
      });
    } finally {
      await server.close();
    }
  });
});

describe('E after a connection refused', () => {
  it('says no response arrived, not that its body is no longer kept', async () => {
    const gone = await startTestServer();
    const origin = gone.origin;
    await gone.close();
    await overStore(origin, async (store) => {
      store.start();
      await waitFor('the failure', () => store.getSnapshot().lastError !== undefined, 5000);
      const text = store.errorText().join('\n');
      expect(text).not.toContain('no longer kept');
      expect(text).toContain('Response body: none (no response arrived)');
      // Which request failed is said all the same.
      expect(text).toContain('Request: GET /v0/page_groups\n');
    });
  });
});

describe('E after a 502 with an empty body', () => {
  it('says the body was empty', async () => {
    const empty = await startTestServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    try {
      await overStore(empty.origin, async (store) => {
        store.start();
        await waitFor('the 502', () => store.getSnapshot().lastError !== undefined, 5000);
        const text = store.errorText();
        expect(text).toContain('Response body: empty');
        expect(text).not.toContain('Response body:');
      });
    } finally {
      await empty.close();
    }
  });
});
