/**
 * The screen-reader mode at 40x10: the inspector's selected request is one line under the cursor
 * (its time, then size and counts left out, then its path cut in the middle; method, status and
 * place kept), so "read current line" says a different request after every `j`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spokenExchange } from '../../src/ui/presentation/spoken-exchange.js';
import type { Exchange } from '../../src/api/inspector/exchange-log.js';
import { renderApp, type RenderedApp } from '../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const exchange = (path: string): Exchange =>
  ({ seq: 1, method: 'GET', origin: 'http://127.0.0.1:1', path, status: 200, durationMs: 3, bytes: 24_166, items: 100, startedAt: Date.UTC(2026, 0, 1, 2, 45, 43), requestId: 'req-000101', requestHeaders: [], responseHeaders: [], rateLimitHeaders: {} }) as unknown as Exchange;

describe('an inspector request as one line', () => {
  const long = '/v0/page_groups/grp-1/pages?cursor=eyJnIjoiZ3JwLTEiLCJvIjo5OTAwfQ&limit=100';

  it('keeps method, status and place, cutting the path in its middle, at 40 columns', () => {
    const line = spokenExchange(exchange(long), 40, { index: 1, total: 101 });
    expect(line.length).toBeLessThanOrEqual(40);
    expect(line).toMatch(/^GET \/v0\/.*….*, status 200, 1 of 101$/);
    expect(spokenExchange(exchange(long), 60, { index: 1, total: 101 })).toMatch(/^GET \/v0\/page_groups\/.*….*&limit=100, status 200, 1 of 101$/);
  });

  it('drops the time first, then the size and counts, before the path is cut', () => {
    const short = '/v0/page_groups?limit=100';
    const whole = spokenExchange(exchange(short), 200, { index: 1, total: 2 });
    expect(whole).toMatch(/^GET \/v0\/page_groups\?limit=100, status 200, 100 items, 23\.6 KiB, 3 ms, at \d\d:\d\d:\d\d, req-000101, 1 of 2$/);
    const noClock = spokenExchange(exchange(short), whole.length - 5, { index: 1, total: 2 });
    expect(noClock).not.toMatch(/ at /);
    expect(noClock).toMatch(/23\.6 KiB/);
    const bare = spokenExchange(exchange(short), 50, { index: 1, total: 2 });
    expect(bare).toBe('GET /v0/page_groups?limit=100, status 200, 1 of 2');
  });

  it('says why a 200\'s body could not be read, before its place', () => {
    const e = { ...exchange('/v0/page_groups?limit=100'), bodyError: 'BAD_RESPONSE: The server sent a response that is not valid JSON.' } as Exchange;
    expect(spokenExchange(e, 200, { index: 1, total: 2 })).toMatch(/, req-000101, BAD_RESPONSE: The server sent a response that is not valid JSON\., 1 of 2$/);
  });
});

describe('the inspector at 40x10 for a screen reader', () => {
  it('says each request on one line and the selection moves down a line with j', async () => {
    app = await renderApp({ columns: 40, rows: 10, screenReader: true, server: { pages: 1_000 } });
    await app.waitFor(/1 of 36/);
    await app.press('\r');
    await app.waitFor(/1 of 100 loaded so far/);
    await app.press('G');
    await app.waitFor(/of 1,000/);
    await app.press('i');
    const first = await app.waitFor(/1 of 11\b/);
    const lines = first.split('\n');
    const at = lines.findIndex((l) => /^GET .*1 of 11$/.test(l));
    expect(lines[at], first).toMatch(/^GET \/v0\/.*, status 200, 1 of 11$/);
    expect(lines[at + 1], first).toMatch(/^GET \/v0\/.*, status 200$/);
    await app.press('j');
    const second = await app.waitFor(/2 of 11\b/);
    expect(second.split('\n')[at + 1], second).toMatch(/^GET .*, status 200, 2 of 11$/);
    expect(second.split('\n')[at], second).toMatch(/^GET .*, status 200$/);
    for (const line of second.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
  });
});
