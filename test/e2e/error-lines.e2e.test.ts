/**
 * Errors a new user can read at 80x24, through the built app in a real pty against small servers
 * of this file's own: a problem+json 400 with errors[].reason and a long instance, an HTML 200
 * (a login page), and a 404 through a base URL that ends in /v0.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { BUNDLE, cleanEnv, PtyApp } from '../helpers/pty-app.js';

const KEY = 'ERRORS-E2E-KEY-9191';
const servers: Server[] = [];

async function serve(answer: (url: string) => { status: number; type: string; body: string }): Promise<string> {
  const server = createServer((req, res) => {
    const { status, type, body } = answer(req.url ?? '/');
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let problem: string;
let html: string;
let v0: string;

beforeAll(async () => {
  problem = await serve(() => ({
    status: 400,
    type: 'application/problem+json',
    body: JSON.stringify({
      type: 'https://example.net/problems/invalid',
      title: 'Invalid page_group_id',
      status: 400,
      detail: 'The request could not be processed because one or more parameters are invalid.',
      instance: '/v0/page_groups/errors/0f8c6f1e-4d9b-4c53-9f1a',
      errors: [{ field: 'page_group_id', reason: 'must be a UUID' }],
    }),
  }));
  html = await serve(() => ({ status: 200, type: 'text/html; charset=utf-8', body: '<html><head><title>Login - Corporate SSO</title></head><body>Sign in</body></html>' }));
  v0 = await serve((url) =>
    url.startsWith('/v0/page_groups')
      ? { status: 200, type: 'application/json', body: JSON.stringify({ hasMore: false, items: [] }) }
      : { status: 404, type: 'application/json', body: JSON.stringify({ code: 'NOT_FOUND', message: 'Not found', requestId: 'req-404' }) },
  );
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Starts the app at 80x24 on `baseUrl`, waits for `shown`, and returns the status row (above the hints). */
async function statusRow(baseUrl: string, shown: string): Promise<{ app: PtyApp; status: string }> {
  const app = new PtyApp(['--base-url', baseUrl], { cols: 80, rows: 24, env: { PAGETUI_API_KEY: KEY } });
  await app.waitFor(shown);
  const lines = app.lines();
  let bottom = lines.length - 1;
  while (bottom > 0 && lines[bottom]!.trim() === '') bottom--;
  return { app, status: lines[bottom - 1] ?? '' };
}

describe('error lines at 80x24', () => {
  it('a problem+json 400: code, then the field and its reason; no instance; no "r retries"', async () => {
    const { app, status } = await statusRow(problem, 'must be a UUID');
    try {
      expect(status, app.screen()).toMatch(/^Invalid page_group_id \(HTTP 400\): field: page_group_id — must be a UUID/);
      expect(app.screen()).not.toContain('errors/0f8c');
      expect(app.screen()).toContain('A retry would fail the same way');
      expect(app.screen()).not.toMatch(/\br retries|press r to retry/);
      expect(app.screen()).not.toContain(KEY);
    } finally {
      app.kill();
    }
  });

  it('an HTML 200 names its type and title and asks about the base URL', async () => {
    const { app, status } = await statusRow(html, 'Corporate SSO');
    try {
      expect(status, app.screen()).toBe("BAD_RESPONSE: got text/html ('Login - Corporate SSO') — is the base URL right?");
    } finally {
      app.kill();
    }
  });

  it('a 404 through a base URL ending in /v0 names the path requested', async () => {
    const { app, status } = await statusRow(`${v0}/v0`, '/v0/v0/page_groups');
    try {
      expect(status, app.screen()).toMatch(/^NOT_FOUND \(HTTP 404\): path: \/v0\/v0\/page_groups \(\/v0 twice: check the base URL\)/);
    } finally {
      app.kill();
    }
  });
});

/** Runs `pagetui groups` on `baseUrl` (async: the servers live in this process); its exit code and stderr. */
async function groups(baseUrl: string): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BUNDLE, 'groups', '--base-url', baseUrl], { env: cleanEnv({ PAGETUI_API_KEY: KEY }) });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout.resume();
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, stderr };
}

describe('the groups command', () => {
  it('warns about a base URL ending in /v0 at start, then names the path of the 404', async () => {
    const run = await groups(`${v0}/v0`);
    expect(run.status).toBe(5);
    expect(run.stderr.trim().split('\n')).toEqual([
      'pagetui: warning: The base URL ends in /v0 and the API paths start with /v0, so requests go to /v0/v0/…; leave /v0 out of the base URL unless the service really lives there.',
      'pagetui: error NOT_FOUND (HTTP 404): path: /v0/v0/page_groups (/v0 twice: check the base URL). requestId: req-404',
    ]);
  });

  it('says the reason before the generic detail', async () => {
    const run = await groups(problem);
    expect(run.stderr).toMatch(/^pagetui: error Invalid page_group_id \(HTTP 400\): field: page_group_id — must be a UUID — The request could not/);
    expect(run.stderr).not.toContain('requestId');
  });
});
