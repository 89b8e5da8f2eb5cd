/**
 * `pagetui doctor` and `pagetui groups` behind proxies of the test's own on loopback: one that
 * answers 407, one that is down, one that speaks plain http on a port given as https://, and one
 * whose certificate this machine does not trust. The service is never reached through any of them.
 */
import { readFileSync } from 'node:fs';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectProxy, type ConnectProxy } from '../api/helpers/connect-proxy.js';
import { BUNDLE } from '../helpers/pty-app.js';
import { runProcess, type ProcessOutput } from '../helpers/process-output.js';
import { cleanupTemp, closedPort, isolatedEnv, type Env } from '../cli-auth/helpers.js';

const run = (args: readonly string[], env: Env): Promise<ProcessOutput> => runProcess(process.execPath, [BUNDLE, ...args], env);
const lineOf = (r: ProcessOutput, label: string): string => r.stdout.split('\n').find((l) => new RegExp(`^\\[\\w+\\] ${label} `).test(l)) ?? '';
const KEY = 'sk-doctor-proxy-4321';

let authProxy: ConnectProxy;
let untrusted: TlsServer;

beforeAll(async () => {
  authProxy = await startConnectProxy({ credentials: 'user:pass' });
  const tls = join(import.meta.dirname, '../fixtures/tls');
  untrusted = createTlsServer({ cert: readFileSync(join(tls, 'server.pem')), key: readFileSync(join(tls, 'server-key.pem')) }, (_q, s) => s.end());
  await new Promise<void>((resolve) => untrusted.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await authProxy.close();
  untrusted.closeAllConnections();
  await new Promise((resolve) => untrusted.close(resolve));
  cleanupTemp();
});

describe('doctor behind a proxy that answers 407', () => {
  it('https (CONNECT): the Service check fails naming the proxy; TLS, key and rate limit are skipped; exit 1', async () => {
    const r = await run(['doctor', '--base-url', 'https://pages.pagetui.test'], isolatedEnv({ PAGETUI_API_KEY: KEY, HTTPS_PROXY: `http://127.0.0.1:${authProxy.port}` }));
    expect(r.code).toBe(1);
    expect(lineOf(r, 'Service')).toMatch(new RegExp(`^\\[FAIL\\] Service +The proxy 127.0.0.1:${authProxy.port} answered 407.*put user:pass@ in HTTPS_PROXY`));
    expect(lineOf(r, 'Proxy')).toMatch(/^\[FAIL\] Proxy /);
    expect(lineOf(r, 'TLS')).toMatch(/^\[skip\] TLS /);
    expect(lineOf(r, 'Key accepted')).toMatch(/^\[skip\] Key accepted /);
    expect(lineOf(r, 'Rate limit')).toMatch(/^\[skip\] Rate limit /);
    expect(r.stdout).not.toMatch(/all passed/);
  });

  it('plain http (absolute form): the same', async () => {
    const r = await run(['doctor', '--base-url', 'http://pages.pagetui.test:8080', '--allow-insecure-http'], isolatedEnv({ PAGETUI_API_KEY: KEY, HTTP_PROXY: `http://127.0.0.1:${authProxy.port}` }));
    expect(r.code).toBe(1);
    expect(lineOf(r, 'Service')).toMatch(/^\[FAIL\] Service +The proxy .* answered 407.*put user:pass@ in HTTP_PROXY/);
    expect(lineOf(r, 'Key accepted')).toMatch(/^\[skip\] Key accepted /);
    expect(lineOf(r, 'Rate limit')).toMatch(/^\[skip\] Rate limit /);
  });
});

it('doctor with the proxy down: the Proxy line fails naming it, as the Service line does', async () => {
  const port = await closedPort();
  const r = await run(['doctor', '--base-url', 'https://pages.pagetui.test'], isolatedEnv({ PAGETUI_API_KEY: KEY, HTTPS_PROXY: `http://127.0.0.1:${port}` }));
  expect(r.code).toBe(1);
  expect(lineOf(r, 'Proxy')).toMatch(new RegExp(`^\\[FAIL\\] Proxy +.*127.0.0.1:${port}.*connection refused`));
  expect(lineOf(r, 'Service')).toMatch(/^\[FAIL\] Service +Could not connect to the proxy/);
});

describe('a TLS failure with the proxy names the proxy, not the service', () => {
  it('https:// to a proxy that speaks plain http: PROXY_TLS_ERROR, from HTTPS_PROXY, use http://', async () => {
    const r = await run(['groups', '--base-url', 'https://pages.pagetui.test', '--max', '1'], isolatedEnv({ PAGETUI_API_KEY: KEY, HTTPS_PROXY: `https://127.0.0.1:${authProxy.port}` }));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('PROXY_TLS_ERROR');
    expect(r.stderr).toContain(`The proxy 127.0.0.1:${authProxy.port} (from HTTPS_PROXY)`);
    expect(r.stderr).toContain(`http://127.0.0.1:${authProxy.port}`);
    expect(r.stderr).not.toContain('secure connection to https://pages.pagetui.test');
  });

  it('a proxy whose certificate is not trusted: PROXY_TLS_ERROR naming the proxy and the CA hint', async () => {
    const port = (untrusted.address() as AddressInfo).port;
    const r = await run(['groups', '--base-url', 'https://pages.pagetui.test', '--max', '1'], isolatedEnv({ PAGETUI_API_KEY: KEY, HTTPS_PROXY: `https://127.0.0.1:${port}` }));
    expect(r.stderr).toContain('PROXY_TLS_ERROR');
    expect(r.stderr).toContain(`the proxy 127.0.0.1:${port} (from HTTPS_PROXY)`);
    expect(r.stderr).toContain('NODE_EXTRA_CA_CERTS');
  });

  it('doctor: the Service check fails naming the proxy and TLS is skipped, not failed about the service', async () => {
    const r = await run(['doctor', '--base-url', 'https://pages.pagetui.test'], isolatedEnv({ PAGETUI_API_KEY: KEY, HTTPS_PROXY: `https://127.0.0.1:${authProxy.port}` }));
    expect(r.code).toBe(1);
    expect(lineOf(r, 'Service')).toMatch(/^\[FAIL\] Service +The proxy 127.0.0.1:\d+ \(from HTTPS_PROXY\) did not speak TLS/);
    expect(lineOf(r, 'TLS')).toMatch(/^\[skip\] TLS /);
  });
});

describe('doctor and the app agree', () => {
  it('--theme is taken as the app takes it, and a bad value is one sentence', async () => {
    const r = await run(['doctor', '--theme', 'light', '--json'], isolatedEnv({ PAGETUI_THEME: 'dark' }));
    const theme = (JSON.parse(r.stdout) as { checks: { id: string; details: Record<string, unknown> }[] }).checks.find((c) => c.id === 'theme');
    expect(theme?.details).toMatchObject({ choice: 'light', choiceFrom: '--theme' });
    const bad = await run(['doctor', '--theme', 'blue'], isolatedEnv());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('pagetui: --theme takes auto, dark or light, not "blue".\n');
  });

  it('--help says the colours for TERM=xterm that doctor finds', async () => {
    const help = await run(['--help'], isolatedEnv());
    const r = await run(['doctor', '--json'], isolatedEnv({ TERM: 'xterm', COLORTERM: '' }));
    const terminal = (JSON.parse(r.stdout) as { checks: { id: string; details: Record<string, unknown> }[] }).checks.find((c) => c.id === 'terminal');
    if (terminal?.details['terminfoEntry'] === 'xterm') expect(help.stdout).toMatch(/xterm, screen,\s+tmux: 8/);
    expect(help.stdout).not.toMatch(/xterm\/screen\/tmux 16, linux 8/);
  });
});
