/**
 * `--timeout N` is the limit the user sees: the headers may take all of it (not a fraction), and
 * every timeout names the path and the limit as the overall deadline does. Against a small
 * loopback server of the test's own that answers late or never.
 */
import { createServer, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { onLoopback } from '../helpers/loopback-server.js';
import { createApiClient, isApiError } from '../../src/api/index.js';
import { transportError } from '../../src/api/http/transport-errors.js';

const held = new Set<ServerResponse>();
let headersAfterMs = 0;
const server = createServer((req, res) => {
  if (req.url?.startsWith('/v0/page_groups') === true && headersAfterMs < 0) {
    held.add(res);
    res.on('close', () => held.delete(res));
    return;
  }
  const timer = setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"items":[],"hasMore":false}');
  }, headersAfterMs);
  res.on('close', () => clearTimeout(timer));
});
const base = onLoopback(server);

function client(seconds: number) {
  return createApiClient({ baseUrl: new URL(base()), getApiKey: () => 'k', timeout: { ms: seconds * 1000, source: '--timeout' }, proxyEnv: {} });
}

describe('waiting for the headers', () => {
  it('lets the headers take more than half of --timeout', async () => {
    headersAfterMs = 3000;
    const c = client(4);
    try {
      await expect(c.listPageGroups()).resolves.toMatchObject({ items: [] });
    } finally {
      await c.close();
    }
  });

  it('names the path and the limit when no headers come', async () => {
    headersAfterMs = -1;
    const c = client(1);
    try {
      const error: unknown = await c.listPageGroups().catch((e: unknown) => e);
      expect(isApiError(error) && error.message).toBe('No complete answer from /v0/page_groups in 1 s (--timeout).');
    } finally {
      await c.close();
    }
  });

  it("says undici's own timeouts in the deadline's words", () => {
    const ctx = { origin: base(), path: '/v0/page_groups', limit: { ms: 9000, source: '--timeout' } };
    const headers = transportError(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), ctx);
    expect(headers.message).toBe('No complete answer from /v0/page_groups in 9 s (--timeout).');
    const body = transportError(Object.assign(new Error('x'), { code: 'UND_ERR_BODY_TIMEOUT' }), ctx);
    expect(body.message).toBe('No complete answer from /v0/page_groups in 9 s (--timeout).');
    const connect = transportError(Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), ctx);
    expect(connect.message).toBe(`Could not connect to ${base()} for /v0/page_groups in 3 s (a third of --timeout).`);
  });
});
