/**
 * Fuzzing what the parse and sanitise properties (test/api, test/text) do not reach: arbitrary
 * bytes and statuses through the real client over a socket, and arbitrary 429 hints.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { ApiError } from '../../src/api/http/errors.js';
import { errorFromResponse } from '../../src/api/http/parse.js';
import { BACKOFF_CAP_MS, MAX_SERVER_WAIT_MS } from '../../src/api/quota/retry-after.js';
import { fuzzParams, fuzzTimeout } from './helpers/fuzz.js';
import { GROUPS_PATH, HostileServer } from './helpers/hostile-server.js';
import { API_KEY } from './helpers/pager-run.js';

let server: HostileServer;
let client: ApiClient;

beforeAll(async () => {
  server = await HostileServer.start();
  client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => API_KEY, maxResponseBytes: 2048 });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

describe('the client over a socket, fuzzed', () => {
  it(
    'any status and any bytes end as a ListPage or a typed ApiError, never anything else',
    async () => {
      const body = fc.oneof(
        fc.uint8Array({ maxLength: 3000 }).map((b) => Buffer.from(b)),
        fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
        fc
          .record({ hasMore: fc.jsonValue(), items: fc.jsonValue(), nextCursor: fc.jsonValue() }, { requiredKeys: [] })
          .map((v) => Buffer.from(JSON.stringify(v))),
      );
      const status = fc.constantFrom(200, 200, 200, 204, 400, 401, 403, 404, 409, 500, 502, 503, 504, 599);
      await fc.assert(
        fc.asyncProperty(status, body, fc.boolean(), async (code, bytes, chunked) => {
          // 429 is left out here: it would close the client's gate for its wait.
          server.inject(() => true, { kind: 'text', status: code, body: bytes, contentType: 'application/json', chunked });
          let result: unknown;
          try {
            result = await client.listPageGroups({ limit: 100 });
          } catch (e) {
            result = e;
          }
          if (result instanceof ApiError) {
            expect(result.kind).not.toBe('rate-limit');
            expect(result.message).not.toContain(API_KEY);
            if (code >= 400) expect(result.status).toBe(code);
          } else {
            expect(code).toBeLessThan(300);
            const page = result as { items: unknown[]; hasMore: unknown; warnings: unknown[] };
            expect(Array.isArray(page.items)).toBe(true);
            expect(typeof page.hasMore).toBe('boolean');
            for (const it of page.items) expect(typeof it === 'object' && it !== null && !Array.isArray(it)).toBe(true);
          }
          expect(server.requests.at(-1)?.path).toBe(GROUPS_PATH);
        }),
        fuzzParams(150, 4242),
      );
    },
    fuzzTimeout(20_000),
  );
});

describe('429 hints, fuzzed', () => {
  const NOW = 1_700_000_000_000;
  const headerValue = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer({ min: -5, max: 4_000_000_000 }).map(String),
    fc.double({ noNaN: false }).map(String),
    fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'not a date' : d.toUTCString())),
  );
  const headers = fc.record(
    { 'retry-after': headerValue, 'ratelimit-reset': headerValue, 'x-ratelimit-reset': headerValue },
    { requiredKeys: [] },
  );
  const hint = fc.oneof(fc.jsonValue(), fc.double().map((n) => n), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  const body = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v) ?? ''),
    fc.record({ retryAfter: hint, retryAfterSeconds: hint, retryAt: hint, details: fc.record({ retryAfterSeconds: hint, retryAt: hint }, { requiredKeys: [] }) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );

  it('always give a finite retry time between now and the cap, never earlier than now', () => {
    fc.assert(
      fc.property(headers, body, fc.integer({ min: 1, max: 40 }), (h, b, attempt) => {
        const e = errorFromResponse({ status: 429, headers: h, bodyText: b, now: NOW, attempt });
        expect(e.kind).toBe('rate-limit');
        expect(Number.isFinite(e.retryAt)).toBe(true);
        expect(e.retryAt!).toBeGreaterThanOrEqual(NOW);
        expect(e.retryAt!).toBeLessThanOrEqual(NOW + Math.max(MAX_SERVER_WAIT_MS, BACKOFF_CAP_MS));
      }),
      fuzzParams(2000, 1429),
    );
  }, fuzzTimeout(20_000));

  it('error messages from non-JSON bodies carry no control characters and stay short', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.string({ unit: 'binary', maxLength: 400 }), (status, text) => {
        fc.pre(!text.trim().startsWith('{'));
        const e = errorFromResponse({ status, bodyText: text, now: NOW });
        expect(e).toBeInstanceOf(ApiError);
        // Anything but a JSON object is shown as a cleaned excerpt.
        expect(e.message).not.toMatch(CONTROL);
        expect(e.message).not.toContain('\u001b');
        expect(Array.from(e.message).length).toBeLessThanOrEqual(40 + 120);
      }),
      fuzzParams(2000, 599),
    );
  }, fuzzTimeout(20_000));
});
