/**
 * Error bodies in other shapes, seen through the built app in a real pty and the built `pages`
 * command: a problem+json 422 shows its reason and offers no retry (it would fail again); a 503
 * does offer one.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, cleanEnv, PtyApp } from '../helpers/pty-app.js';
import { at, HostileServer, makeGroups, makePages, pagesPath, type Reply } from './helpers/hostile-server.js';

const KEY = 'APP-SHAPES-KEY-4242';
let server: HostileServer;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 10 });
  server.groups = makeGroups('g', 5);
  server.pages.set('g0', makePages('p', 5));
});
afterAll(async () => {
  await server.close();
});

const problem422: Reply = {
  kind: 'json',
  status: 422,
  headers: { 'content-type': 'application/problem+json' },
  body: {
    type: 'https://example.net/problems/invalid-request',
    title: 'Invalid request',
    status: 422,
    detail: 'The request is not valid.',
    instance: '/v0/page_groups/g0/pages',
    validation: [{ location: ['query', 'limit'], message: 'limit must be <= 5' }],
  },
};

const problem503: Reply = {
  kind: 'json',
  status: 503,
  headers: { 'content-type': 'application/problem+json', 'x-request-id': 'rq-503' },
  body: { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Down for maintenance' },
};

/** Opens group g0 while its pages answer `reply`; returns the last two screen rows in use. */
async function openFailingGroup(reply: Reply, shown: string): Promise<{ app: PtyApp; status: string }> {
  server.inject(at(pagesPath('g0')), reply);
  // 130 columns: the message has one row (the hints have the other), and this one says a lot.
  const app = new PtyApp(['--base-url', server.url], { cols: 130, rows: 24, env: { PAGETUI_API_KEY: KEY } });
  await app.waitFor('Group g0');
  app.write('\r');
  await app.waitFor(shown);
  const lines = app.lines();
  let bottom = lines.length - 1;
  while (bottom > 0 && lines[bottom]!.trim() === '') bottom--;
  return { app, status: lines.slice(bottom - 1, bottom + 1).join('\n') };
}

describe('problem+json in the app', () => {
  it('a 422 shows its title, status, detail and field reason, and no "r to retry"', async () => {
    const { app, status } = await openFailingGroup(problem422, 'limit must be <= 5');
    try {
      expect(status, app.screen()).toContain('Invalid request (HTTP 422)');
      expect(status, app.screen()).toContain('field: query.limit — limit must be <= 5');
      expect(status, app.screen()).toContain('The request is not valid.');
      expect(app.screen()).not.toMatch(/r to retry/);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('a 503 offers r, and r loads the group once the server is fine again', async () => {
    const { app, status } = await openFailingGroup(problem503, 'Down for maintenance');
    try {
      expect(status, app.screen()).toContain('Service Unavailable (HTTP 503)');
      expect(status, app.screen()).toContain('press r to retry');
      expect(status, app.screen()).toContain('(rq-503)');
      app.write('r');
      await app.waitFor('Page p4');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});

describe('problem+json in the pages command', () => {
  it('prints one line with the reason and exits 5', async () => {
    server.inject(at(pagesPath('g0')), problem422);
    const child = spawn(process.execPath, [BUNDLE, 'pages', 'g0', '--base-url', server.url], { env: cleanEnv({ PAGETUI_API_KEY: KEY }) });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(5);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      'pagetui: error Invalid request (HTTP 422): field: query.limit — limit must be <= 5 — The request is not valid.',
    ]);
    expect(stderr).not.toContain(KEY);
  });
});
