/**
 * The built CLI through a real squid (with and without Basic authentication) to an https service:
 * the demo server behind a TLS front with a private CA, named `pages.pagetui.test`, a name only
 * squid resolves (to this machine), so the request can only have gone through the proxy.
 * Skipped where squid is absent; PAGETUI_REQUIRE_SQUID=1 makes that a failure (CI phase 2).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { processOutput, type ProcessOutput } from '../helpers/process-output.js';
import { canRun } from '../helpers/require.js';
import { squidMissing, startSquid, type Squid } from '../helpers/squid.js';

const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));
const HOST = 'pages.pagetui.test';
const runs = canRun('PAGETUI_REQUIRE_SQUID', squidMissing());

let dir = '';
let demo: DemoServer;
let front: TlsServer;
let target = '';
let open: Squid;
let authed: Squid;

/** A private CA and a certificate for HOST signed by it, made with openssl. */
function makeCertificates(): void {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=pagetui squid check CA', '-keyout', 'ca.key', '-out', 'ca.pem');
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${HOST}`, '-keyout', 'server.key', '-out', 'server.csr');
  writeFileSync(join(dir, 'ext.cnf'), `subjectAltName=DNS:${HOST},DNS:denied.pagetui.test\nextendedKeyUsage=serverAuth\n`);
  ssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'ext.cnf', '-out', 'server.pem');
}

beforeAll(async () => {
  if (!runs) return;
  if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'pagetui-squid-check-'));
  makeCertificates();
  demo = await startDemoServer({ pages: 50 });
  const demoPort = Number(new URL(demo.url).port);
  // TLS in front of the demo server: bytes in, bytes out.
  front = createTlsServer({ key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) }, (tls) => {
    const plain = connect(demoPort, '127.0.0.1');
    tls.pipe(plain).pipe(tls);
    tls.on('error', () => plain.destroy());
    plain.on('error', () => tls.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  target = `https://${HOST}:${(front.address() as AddressInfo).port}`;
  [open, authed] = await Promise.all([
    startSquid({ hosts: [HOST, 'denied.pagetui.test'] }),
    startSquid({ hosts: [HOST, 'denied.pagetui.test'], credentials: 'alice:s3cret-pw' }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([open?.close(), authed?.close()]);
  front?.close();
  await demo?.close();
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

type Run = ProcessOutput;

/** `pagetui pages grp-1 --json --max 5` against `base`, with only these proxy and CA variables. */
function pages(base: string, env: Record<string, string>): Promise<Run> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(https?_proxy|no_proxy|all_proxy|node_extra_ca_certs)$/i.test(k)),
  );
  const child = spawn(process.execPath, [BUNDLE, 'pages', 'grp-1', '--json', '--max', '5'], {
    env: { ...clean, PAGETUI_API_KEY: 'demo-key', PAGETUI_BASE_URL: base, XDG_CONFIG_HOME: join(dir, 'cfg'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return processOutput(child);
}

const ids = (r: Run): string[] => r.stdout.trim().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { pageId: string }).pageId);
const FIVE = ['grp-1-p1', 'grp-1-p2', 'grp-1-p3', 'grp-1-p4', 'grp-1-p5'];

describe.runIf(runs)('through a real squid', () => {
  it('HTTPS_PROXY as a bare host:port, the private CA from NODE_EXTRA_CA_CERTS: the pages, through a CONNECT tunnel', async () => {
    const r = await pages(target, { HTTPS_PROXY: `127.0.0.1:${open.port}`, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(ids(r)).toEqual(FIVE);
    expect(open.accessLog()).toMatch(new RegExp(`TCP_TUNNEL/200 .*CONNECT ${HOST}:${new URL(target).port}`));
  });

  it('without the CA: one TLS_ERROR line that says NODE_EXTRA_CA_CERTS', async () => {
    const r = await pages(target, { https_proxy: `http://127.0.0.1:${open.port}` });
    expect(r.code).toBe(6);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('TLS_ERROR');
    expect(r.stderr).toContain('NODE_EXTRA_CA_CERTS=/path/to/ca.pem');
  });

  it('a 403 to CONNECT names the proxy, not the service, and is not "cancelled"', async () => {
    const denied = target.replace(HOST, 'denied.pagetui.test');
    const r = await pages(denied, { HTTPS_PROXY: `127.0.0.1:${open.port}`, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`PROXY_REFUSED: The proxy 127.0.0.1:${open.port} refused to connect to ${denied} (HTTP 403`);
    expect(r.stderr).not.toMatch(/cancel/i);
  });

  it('squid with authentication: no credentials, then wrong ones, are a 407 that says where they go', async () => {
    const none = await pages(target, { HTTPS_PROXY: `127.0.0.1:${authed.port}`, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') });
    expect(none.code).toBe(6);
    expect(none.stderr).toContain(`The proxy 127.0.0.1:${authed.port} answered 407: proxy authentication required (put user:pass@ in HTTPS_PROXY)`);
    const wrong = await pages(target, { HTTPS_PROXY: `http://alice:not-it@127.0.0.1:${authed.port}`, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') });
    expect(wrong.code).toBe(6);
    expect(wrong.stderr).toContain('proxy authentication required (put user:pass@ in HTTPS_PROXY; the one there was refused)');
    expect(wrong.stderr).not.toContain('not-it');
    expect(wrong.stderr).not.toContain('alice');
  });

  it('squid with authentication and the right user:pass@: the pages', async () => {
    const r = await pages(target, { HTTPS_PROXY: `http://alice:s3cret-pw@127.0.0.1:${authed.port}`, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') });
    expect(r.stderr).toBe('');
    expect(ids(r)).toEqual(FIVE);
    expect(authed.accessLog()).toMatch(new RegExp(`TCP_TUNNEL/200 .*CONNECT ${HOST}:\\d+ alice `));
  });

  it('NO_PROXY naming the service: not proxied (squid sees nothing; the name does not resolve here)', async () => {
    const before = open.accessLog();
    const r = await pages(target, { HTTPS_PROXY: `127.0.0.1:${open.port}`, NO_PROXY: '.pagetui.test', NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') });
    expect(r.code).toBe(6);
    expect(r.stderr).not.toContain('proxy');
    expect(open.accessLog()).toBe(before);
  });
});
