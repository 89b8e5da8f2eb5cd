/**
 * The built app in a real pty against a server that answers 429 with a Retry-After of thousands of
 * years and quota fields saying nothing is left for ten years, then recovers: the wait is said as
 * a capped one (not "after several retries"), `r` reaches the server once per press and brings the
 * rows, and `E` shows the 429's own request and body, whose request id differs from its header's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { startTestServer, type TestServer } from '../api/helpers/test-server.js';

const KEY = 'E2E-ABSURD-429-KEY-7731';
let limited = true;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_req, res) => {
    if (limited) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '999999999999', 'x-request-id': 'hdr-1', ratelimit: '"q";r=0;t=315360000', 'ratelimit-policy': '"q";q=100;w=60' });
      res.end(JSON.stringify({ code: 'RATE_LIMITED', message: 'Slow down, far down.', requestId: 'body-429' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items: [{ pageGroupId: 'g-1', title: 'Recovered group', status: 'draft' }], hasMore: false }));
  });
});
afterAll(async () => {
  await server.close();
});

it('a day-capped 429 is said as one; E shows its body; r sends one request and brings the rows', async () => {
  const app = new PtyApp(['--base-url', server.origin], { cols: 120, rows: 30, env: { PAGETUI_API_KEY: KEY } });
  try {
    await app.waitFor(/capped at 24h/);
    expect(app.screen()).not.toMatch(/several retries/);
    expect(server.requests).toHaveLength(1);

    app.write('E');
    await app.waitFor('Last error');
    expect(app.screen()).toContain('Request: GET /v0/page_groups');
    expect(app.screen()).toContain('Slow down, far down.');
    expect(app.screen()).not.toContain('no longer kept');
    app.write('\u001b');
    await app.waitFor((s) => !s.includes('Last error'));

    limited = false;
    app.write('r');
    await app.waitFor('Recovered group');
    expect(server.requests).toHaveLength(2);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});
