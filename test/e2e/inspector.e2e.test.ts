/**
 * The HTTP inspector through the built app in a pty against the demo server: after browsing, `i`
 * lists the requests, Enter shows one, the key is never on screen; `C` copies a curl without the
 * key; `--har` writes the run's requests when the app ends.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { harProblems } from '../api/helpers/har-check.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let dir: string;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
  dir = await mkdtemp(join(tmpdir(), 'pagetui-inspector-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const OSC52 = /\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007/g;

describe('the HTTP inspector in a terminal', () => {
  it('lists the requests after browsing, shows one without the key, and C copies a curl without it', async () => {
    const har = join(dir, 'run.har');
    const app = startApp(server, { env: { SSH_TTY: '/dev/pts/0', TMUX: undefined } }, ['--har', har]);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('i');
      await app.waitFor('HTTP inspector · 2 requests');
      const list = app.lines();
      const newest = list.findIndex((line) => line.includes('/v0/page_groups/grp-1/pages?limit=100'));
      const oldest = list.findIndex((line) => line.includes('/v0/page_groups?limit=100'));
      expect(newest).toBeGreaterThan(0);
      expect(oldest).toBeGreaterThan(newest);
      expect(list[newest]).toMatch(/GET +200 .* 100 items/);

      app.write('\r');
      await app.waitFor('Request headers');
      await app.waitFor('x-api-key: ••••');
      app.write('\u0004'); // Ctrl-D: half a page down, into the response
      await app.waitFor('Response headers');
      expect(app.raw).not.toContain(server.apiKey);

      app.write('\u001b');
      await app.waitFor((screen) => screen.includes('HTTP inspector') && !screen.includes('Request headers'));
      app.write('i');
      await app.waitFor('grp-1-p1 ');
      app.write('jjC');
      await app.waitFor('Copied the request as curl (OSC 52)');
      const payloads = [...app.raw.matchAll(OSC52)].map((m) => Buffer.from(m[1] ?? '', 'base64').toString('utf8'));
      const curl = payloads.at(-1) ?? '';
      expect(curl).toMatch(/^curl -sS --compressed /);
      expect(curl).toContain('-H "x-api-key: $PAGETUI_API_KEY"');
      expect(curl).toContain(`/v0/page_groups/grp-1/pages?limit=100'`);
      expect(curl).not.toContain(server.apiKey);
      expect(app.raw).not.toContain(server.apiKey);

      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      const text = await readFile(har, 'utf8');
      expect(harProblems(JSON.parse(text))).toEqual([]);
      expect((JSON.parse(text) as { log: { entries: unknown[] } }).log.entries).toHaveLength(2);
      expect(text).not.toContain(server.apiKey);
    } finally {
      app.kill();
    }
  });
});
