/**
 * The built app behind a proxy of the test's own that takes the connection and never answers the
 * CONNECT: the status names the proxy and the limit while it waits, Esc stops the wait and leaves
 * the first screen with the error and `r` to retry, and `r` sends the request again. A plain-http
 * service through HTTP_PROXY is waiting for the same proxy (it forwards the request itself).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { startSilentServer, type SilentServer } from '../helpers/silent-server.js';

let proxy: SilentServer;

beforeAll(async () => {
  proxy = await startSilentServer();
});
afterAll(async () => {
  await proxy.close();
});

it('Esc stops a first request the proxy never answers; the error names the proxy, and r sends it again', async () => {
  const port = proxy.port;
  const app = new PtyApp(['--base-url', 'https://pages.pagetui.test', '--no-cache', '--timeout', '60'], {
    cols: 140,
    rows: 20,
    env: { PAGETUI_API_KEY: 'sk-stuck-pty-2468', HTTPS_PROXY: `http://127.0.0.1:${port}` },
  });
  try {
    await app.waitFor(() => app.screen().includes(`waiting for the proxy 127.0.0.1:${port} (from HTTPS_PROXY) — `) && app.screen().includes('s of 60 s — Esc to stop'), 20_000);
    app.write('\u001b');
    await app.waitFor(() => /Nothing loaded: STOPPED — Stopped waiting for the proxy 127\.0\.0\.1:\d+ \(from HTTPS_PROXY\) after \d+ s \(of 60 s,\s+--timeout\)\. r retries\./.test(app.lines().join(' ').replace(/\s+/g, ' ')), 10_000);
    const connections = proxy.connections();
    app.write('r');
    await app.waitFor(() => proxy.connections() > connections && !app.screen().includes('Nothing loaded'), 10_000);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
}, 60_000);

it('a plain-http service through HTTP_PROXY: the wait and its stop name the proxy, as for a CONNECT', async () => {
  const port = proxy.port;
  const app = new PtyApp(['--base-url', 'http://pages.pagetui.test', '--allow-insecure-http', '--no-cache', '--timeout', '60'], {
    cols: 140,
    rows: 20,
    env: { PAGETUI_API_KEY: 'sk-stuck-pty-2468', HTTP_PROXY: `http://127.0.0.1:${port}` },
  });
  try {
    await app.waitFor(() => app.screen().includes(`waiting for the proxy 127.0.0.1:${port} (from HTTP_PROXY) — `) && app.screen().includes('s of 60 s — Esc to stop'), 20_000);
    app.write('\u001b');
    await app.waitFor(() => /Nothing loaded: STOPPED — Stopped waiting for the proxy 127\.0\.0\.1:\d+ \(from HTTP_PROXY\) after \d+ s/.test(app.lines().join(' ').replace(/\s+/g, ' ')), 10_000);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
}, 60_000);
