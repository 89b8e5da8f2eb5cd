/**
 * Waits a user controls, in the built app: a response that never completes shows how long it has
 * waited and ends at --timeout with an error naming the path and the limit, and r tries again.
 * Against a small server of the test's own on loopback.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';

let server: Server | undefined;
let app: PtyApp | undefined;

afterEach(async () => {
  app?.kill();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  app = server = undefined;
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const s = createServer(handler);
  server = s;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const a = s.address();
  return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
}

it('a body that trickles forever: the wait counts seconds, then --timeout ends it with the path and the limit', async () => {
  let requests = 0;
  const url = await listen((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"hasMore":false,"items":[],"pad":"');
    const drip = setInterval(() => res.write('x'), 200);
    res.on('close', () => clearInterval(drip));
  });
  app = new PtyApp(['--base-url', url, '--timeout', '4'], { env: { PAGETUI_API_KEY: 'k' } });
  await app.waitFor(/waiting for the service — [1-3] s of/);
  await app.waitFor('No complete answer from /v0/page_groups in 4 s (--timeout)', 15_000);
  expect(app.screen()).toContain('RESPONSE_TIMEOUT');
  expect(app.screen()).toMatch(/r to retry/);
  expect(requests).toBe(1);
  app.write('r');
  await app.waitFor(() => requests === 2);
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
});

it('a 10-year retryAfter: the cap is said, the countdown reads in hours, and r tries now once', async () => {
  let requests = 0;
  // The second 429 is held until the test has seen the app waiting for it: an r pressed while a
  // retry is in flight is "Already retrying.", not a second try, so the test must not race it.
  let releaseSecond: () => void = () => undefined;
  const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
  const url = await listen((_req, res) => {
    requests++;
    const tooMany = () => {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'RATE_LIMITED', message: 'come back later', retryAfter: 10 * 365 * 24 * 3600 }));
    };
    if (requests === 1) return tooMany();
    if (requests === 2) return void secondHeld.then(tooMany);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ hasMore: false, items: [{ pageGroupId: 'grp-late', title: 'Late Group', status: 'draft' }] }));
  });
  app = new PtyApp(['--base-url', url], { env: { PAGETUI_API_KEY: 'k' } });
  const live = app;
  const countdown = /retry in 2[34]h( \d\dm)? — r to try now/;
  await live.waitFor(countdown);
  expect(live.screen()).toContain('capped at 24h');
  expect(live.screen()).not.toMatch(/\d{5}s/);
  // r tries once now; the server says 10 years again, and the new wait may be cut short once too.
  live.write('r');
  await live.waitFor(() => requests === 2);
  await live.waitFor((screen) => !countdown.test(screen));
  releaseSecond();
  await live.waitFor(countdown);
  live.write('r');
  await live.waitFor('Late Group');
  expect(requests).toBe(3);
  live.write('q');
  expect((await live.waitForExit()).exitCode).toBe(0);
});
