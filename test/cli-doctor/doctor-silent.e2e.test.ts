/**
 * `pagetui doctor` against a service that takes the connection and never answers, and behind a
 * proxy that never answers the CONNECT: the run ends on doctor's own short limit, not the app's
 * 30 s, and the Service line says what stalled and what the app would wait.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSilentServer, type SilentServer } from '../helpers/silent-server.js';
import { BUNDLE } from '../helpers/pty-app.js';
import { runProcess, type ProcessOutput } from '../helpers/process-output.js';
import { cleanupTemp, isolatedEnv } from '../cli-auth/helpers.js';

const KEY = 'sk-doctor-silent-8765';
let silent: SilentServer;

beforeAll(async () => {
  silent = await startSilentServer();
});
afterAll(async () => {
  await silent.close();
  cleanupTemp();
});

const port = (): number => silent.port;
const lineOf = (r: ProcessOutput, label: string): string => r.stdout.split('\n').find((l) => new RegExp(`^\\[\\w+\\] ${label} `).test(l)) ?? '';
const run = (args: readonly string[], env: Record<string, string>): Promise<ProcessOutput> => runProcess(process.execPath, [BUNDLE, 'doctor', ...args], isolatedEnv(env));

// The test's own limit is part of the check: before, doctor waited the app's whole 30 s.
it('a silent service: the Service line fails on doctor’s limit and says the app’s', async () => {
  const r = await run(['--base-url', `http://127.0.0.1:${port()}`], { PAGETUI_API_KEY: KEY });
  expect(r.code).toBe(1);
  expect(lineOf(r, 'Service')).toMatch(/^\[FAIL\] Service +No complete answer from \/v0\/page_groups in 5 s \(doctor's own limit; the app waits 30 s \(--timeout\)\)\./);
  expect(lineOf(r, 'Key accepted')).toMatch(/^\[skip\]/);
}, 20_000);

it('a proxy that never answers the CONNECT: the Service line names the proxy', async () => {
  const r = await run(['--base-url', 'https://pages.pagetui.test'], { PAGETUI_API_KEY: KEY, HTTPS_PROXY: `http://127.0.0.1:${port()}` });
  expect(r.code).toBe(1);
  expect(lineOf(r, 'Service')).toContain(`The proxy 127.0.0.1:${port()} (from HTTPS_PROXY) did not answer the CONNECT for pages.pagetui.test in 5 s (doctor's own limit`);
}, 20_000);

it('doctor --timeout waits as long as it says', async () => {
  const r = await run(['--base-url', `http://127.0.0.1:${port()}`, '--timeout', '2'], { PAGETUI_API_KEY: KEY });
  expect(lineOf(r, 'Service')).toMatch(/^\[FAIL\] Service +No complete answer from \/v0\/page_groups in 2 s \(--timeout\)\.$/);
}, 20_000);
