/** The app in a real pty behind a proxy that wants a login: the status bar says so, and q still quits. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startConnectProxy, type ConnectProxy } from '../api/helpers/connect-proxy.js';
import { PtyApp } from '../helpers/pty-app.js';

let proxy: ConnectProxy;
let dir: string;

beforeAll(async () => {
  proxy = await startConnectProxy({ credentials: 'alice:s3cret' });
  dir = await mkdtemp(join(tmpdir(), 'pagetui-proxy-status-'));
});
afterAll(async () => {
  await proxy.close();
  await rm(dir, { recursive: true, force: true });
});

it('a 407 to CONNECT is said in the status bar with where the user:pass goes, not as a cancellation', async () => {
  const app = new PtyApp(['--base-url', 'https://pages.pagetui.test'], {
    cols: 140,
    env: { PAGETUI_API_KEY: 'sk-test-key', HTTPS_PROXY: `127.0.0.1:${proxy.port}`, XDG_CONFIG_HOME: dir },
  });
  try {
    await app.waitFor('proxy authentication required');
    const screen = app.screen();
    expect(screen).toContain(`The proxy 127.0.0.1:${proxy.port} answered 407: proxy authentication required (put user:pass@ in HTTPS_PROXY)`);
    expect(screen).not.toMatch(/cancel/i);
    expect(proxy.seen.length).toBe(1);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});

it('https:// to a proxy that speaks plain http: the status bar names the proxy and says to use http://', async () => {
  const app = new PtyApp(['--base-url', 'https://pages.pagetui.test'], {
    cols: 200,
    env: { PAGETUI_API_KEY: 'sk-test-key', HTTPS_PROXY: `https://127.0.0.1:${proxy.port}`, XDG_CONFIG_HOME: dir },
  });
  try {
    await app.waitFor('PROXY_TLS_ERROR');
    expect(app.screen()).toContain(`The proxy 127.0.0.1:${proxy.port} (from HTTPS_PROXY) did not speak TLS`);
    expect(app.screen()).not.toContain('secure connection to https://pages.pagetui.test');
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});
