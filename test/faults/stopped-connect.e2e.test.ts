/**
 * A wait for a proxy that never answers the CONNECT, stopped by Esc or `r`: the connection to the
 * proxy is closed at once, not left open until the limit (60 s here) while nothing waits on it,
 * and no other is opened in its place; `r` then sends the request again on a new one.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { startSilentServer, type SilentServer } from '../helpers/silent-server.js';
import { waitFor } from '../helpers/wait-for.js';

/** How soon the proxy must see the close: the stop is at once; this is a busy machine's margin. */
const CLOSED_WITHIN_MS = 1_000;

let proxy: SilentServer;
let app: PtyApp;

beforeEach(async () => {
  proxy = await startSilentServer();
  app = new PtyApp(['--base-url', 'https://pages.pagetui.test', '--no-cache', '--timeout', '60'], {
    cols: 140,
    rows: 20,
    env: { PAGETUI_API_KEY: 'sk-stopped-connect-1357', HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` },
  });
  await app.waitFor(() => app.screen().includes('s of 60 s — Esc to stop') && proxy.open() === 1, 20_000);
});
afterEach(async () => {
  app.kill();
  await proxy.close();
});

it.each([
  ['Esc', '\u001b'],
  ['r', 'r'],
])('%s closes the connection to the proxy at once; r then opens a new one', async (_name, key) => {
  app.write(key);
  await app.waitFor(() => app.screen().includes('r retries'), 10_000);
  await waitFor('the proxy to see the connection closed', () => proxy.open() === 0, CLOSED_WITHIN_MS);
  // Nor is another connection opened in its place (an abort would have undici connect again, idle for seconds).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect({ open: proxy.open(), connections: proxy.connections() }).toEqual({ open: 0, connections: 1 });
  app.write('r');
  await waitFor('the request sent again', () => proxy.connections() === 2 && proxy.open() === 1, 10_000);
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
}, 60_000);
