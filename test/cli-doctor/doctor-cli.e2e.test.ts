/**
 * `pagetui doctor` through the built bundle, stdin and stdout pipes (not a terminal), in an
 * environment of its own: a temp HOME and config folder, no D-Bus (so no keychain is reachable).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE } from '../helpers/pty-app.js';
import { runProcess, type ProcessOutput as ProcessRun } from '../helpers/process-output.js';
import { cleanupTemp, closedPort, isolatedEnv, SECRET, type Env } from '../cli-auth/helpers.js';

const doctor = (args: readonly string[], env: Env): Promise<ProcessRun> => runProcess(process.execPath, [BUNDLE, 'doctor', ...args], env);

/** The line of the report about `label`. */
const lineOf = (r: ProcessRun, label: string): string => r.stdout.split('\n').find((l) => new RegExp(`^\\[\\w+\\] ${label} `).test(l)) ?? '';

let demo: DemoServer;
/** Answers 401 to everything, announcing a quota. */
let rejecting: Server;
let rejectingUrl: string;

beforeAll(async () => {
  demo = await startDemoServer({ quota: 100 });
  rejecting = createServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'application/problem+json', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' });
    res.end(JSON.stringify({ code: 'UNAUTHORIZED', title: 'Unauthorized' }));
  });
  await new Promise<void>((resolve) => rejecting.listen(0, '127.0.0.1', resolve));
  const address = rejecting.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  rejectingUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await demo.close();
  await new Promise((resolve) => rejecting.close(resolve));
  cleanupTemp();
});

describe('pagetui doctor, built', () => {
  it('--demo: every check passes or warns, exit 0, one line each with its mark in words', async () => {
    const r = await doctor(['--demo'], isolatedEnv());
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const label of ['Node', 'Locale', 'Terminal', 'Theme', 'Clipboard', 'Config', 'Keychain', 'API key', 'Base URL', 'Proxy', 'Service', 'TLS', 'Key accepted', 'Rate limit']) {
      expect(lineOf(r, label), label).not.toBe('');
    }
    expect(lineOf(r, 'Theme')).toMatch(/^\[skip\] Theme .*not a terminal/);
    expect(lineOf(r, 'Key accepted')).toMatch(/^\[pass\]/);
    expect(lineOf(r, 'Keychain')).toMatch(/^\[warn\] Keychain +not reachable/);
    expect(r.stdout).toMatch(/\n\nall passed/);
  });

  it('--no-cache, which its List cache line names, is taken: the line says off, from --no-cache', async () => {
    const r = await doctor(['--demo', '--no-cache'], isolatedEnv());
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(lineOf(r, 'List cache')).toMatch(/^\[pass\] List cache +off, from --no-cache: /);
    expect(lineOf(await doctor(['--demo'], isolatedEnv()), 'List cache')).toMatch(/\(--no-cache for one start\)$/);
  });

  it('--json: one object with stable ids, the rate-limit fields the service sent, and no key', async () => {
    const r = await doctor(['--json'], isolatedEnv({ PAGETUI_BASE_URL: demo.url, PAGETUI_API_KEY: SECRET }));
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).not.toContain(SECRET);
    const report = JSON.parse(r.stdout) as { ok: boolean; checks: { id: string; status: string; summary: string; details: Record<string, unknown> }[] };
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.id)).toEqual([
      'node', 'locale', 'terminal', 'theme', 'accessibility', 'clipboard', 'config', 'list-cache', 'keymap', 'debug-log', 'keychain', 'key', 'base-url', 'proxy',
      'service.reach', 'service.tls', 'service.key', 'service.rate-limit',
    ]);
    const byId = new Map(report.checks.map((c) => [c.id, c]));
    expect(byId.get('key')).toMatchObject({ status: 'pass', summary: '••••7890 from PAGETUI_API_KEY', details: { source: 'env' } });
    expect(byId.get('service.rate-limit')).toMatchObject({ status: 'pass', details: { remaining: 99, limit: 100 } });
    expect(byId.get('base-url')?.details).toMatchObject({ url: demo.url, from: 'PAGETUI_BASE_URL' });
  });

  it('a key the service rejects: exit 1, the key masked, and what to do', async () => {
    const r = await doctor(['--base-url', rejectingUrl], isolatedEnv({ PAGETUI_API_KEY: SECRET }));
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain(SECRET);
    expect(lineOf(r, 'Key accepted')).toMatch(/^\[FAIL\] Key accepted +no: .* rejected ••••7890 \(HTTP 401\); run `pagetui login`/);
    expect(lineOf(r, 'Service')).toMatch(/^\[pass\] Service +answered HTTP 401/);
    expect(lineOf(r, 'Rate limit')).toMatch(/59 of 60 requests left/);
    expect(r.stdout).toMatch(/\n\n1 failed/);
  });

  it('no key anywhere: exit 1, saying where to put one, and nothing is sent', async () => {
    const before = demo.requests.length;
    const r = await doctor(['--base-url', demo.url], isolatedEnv());
    expect(r.code).toBe(1);
    const key = lineOf(r, 'API key');
    expect(key).toMatch(/^\[FAIL\] API key +none for http:\/\/127\.0\.0\.1:\d+; run `pagetui login`, or set PAGETUI_API_KEY/);
    expect(key).toMatch(/pagetui login --insecure-storage` for a 0600 file at .*credentials\.json/);
    expect(lineOf(r, 'Service')).toMatch(/^\[skip\]/);
    expect(demo.requests.length).toBe(before);
  });

  it('an unreachable base URL: a fail line saying why, exit 1, within the deadline', async () => {
    const port = await closedPort();
    const r = await doctor(['--base-url', `http://127.0.0.1:${port}`], isolatedEnv({ PAGETUI_API_KEY: SECRET }));
    expect(r.code).toBe(1);
    expect(lineOf(r, 'Service')).toMatch(/^\[FAIL\] Service +Could not connect to http:\/\/127\.0\.0\.1:\d+: connection refused/);
    expect(lineOf(r, 'Key accepted')).toMatch(/^\[skip\]/);
  });

  it('a credentials file others can read is said to be skipped, and why', async () => {
    const env = isolatedEnv();
    const dir = join(env.XDG_CONFIG_HOME ?? '', 'pagetui');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'credentials.json');
    writeFileSync(path, JSON.stringify({ keys: { [new URL(demo.url).origin]: SECRET } }));
    chmodSync(path, 0o644);
    const r = await doctor(['--base-url', demo.url], env);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain(SECRET);
    expect(lineOf(r, 'API key')).toContain(`Refusing to use ${path}: other users can read it (mode 0644); run \`chmod 600 ${path}\``);
  });

  it('a bad flag is a usage error; --help has its own page and pagetui --help lists the command', async () => {
    const bad = await doctor(['--nope'], isolatedEnv());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^pagetui: .*--nope.*pagetui doctor --help/);
    const help = await doctor(['--help'], isolatedEnv());
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^pagetui doctor — /);
    const top = (await runProcess(process.execPath, [BUNDLE, '--help'], isolatedEnv())).stdout;
    expect(top).toMatch(/^ {2}doctor {2,}\S/m);
  });
});
