/**
 * Refresh that keeps the selection, the profile in the header, and the help overlay listing the
 * power keys, through the built app in a pty against the demo server.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { requestsFor, startApp } from './power-helpers.js';

let server: DemoServer;
let home: string;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
  home = await mkdtemp(join(tmpdir(), 'pagetui-profile-'));
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

const PAGES = '/v0/page_groups/grp-1/pages';

describe('refresh', () => {
  it('r reloads from the first page, as far as the selected page, and keeps it selected', async () => {
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      for (let i = 0; i < 5; i++) app.write('j'.repeat(30));
      await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p151 ')));
      await app.waitFor((s) => /\d+ loaded, more available/.test(s));
      const loadedBefore = Number(/(\d+) loaded, more available/.exec(app.screen())?.[1]);

      const mark = server.requests.length;
      app.write('r');
      await app.waitFor(() => requestsFor(server, PAGES, mark).length >= 2 && app.isHighlighted(app.rowOf('grp-1-p151 ')));
      await app.waitFor((s) => /\d+ loaded, more available/.test(s));
      const after = requestsFor(server, PAGES, mark);
      const cursors = after.map((r) => r.query.cursor ?? '(first)');
      expect(cursors[0]).toBe('(first)'); // a new listing, from the first page
      expect(new Set(cursors).size).toBe(cursors.length); // no cursor fetched twice
      // Page 151 is on the second page: two requests find it, and more are only the usual
      // look-ahead, never more than were loaded before.
      expect(after.length * 100).toBeLessThanOrEqual(Math.max(loadedBefore, 200) + 100);
      expect(app.isHighlighted(app.rowOf('grp-1-p151 '))).toBe(true);

      // The selection keeps moving from there.
      app.write('j');
      await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p152 ')));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('r on the group list keeps the selected group', async () => {
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('jjj');
      await app.waitFor(() => app.isHighlighted(app.rowOf('Fault: validation error')));
      const mark = server.requests.length;
      app.write('r');
      await app.waitFor(() => requestsFor(server, '/v0/page_groups', mark).length >= 1);
      await app.waitFor(() => app.isHighlighted(app.rowOf('Fault: validation error')));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});

describe('profile and help', () => {
  it('shows the profile in the header', async () => {
    const config = join(home, 'xdg', 'pagetui');
    await mkdir(config, { recursive: true });
    await writeFile(join(config, 'config.json'), JSON.stringify({ profiles: { staging: { baseUrl: server.url } } }));
    const app = new (await import('../helpers/pty-app.js')).PtyApp(['--profile', 'staging'], {
      cols: 100,
      rows: 30,
      env: { PAGETUI_API_KEY: server.apiKey, XDG_CONFIG_HOME: join(home, 'xdg'), HOME: home },
    });
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(app.lines()[0]).toContain('profile: staging');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('? lists filter, status filters, sort, copy id, copy as JSON and export', async () => {
    // Tall enough for the whole list section of the help on its first screen.
    const app = startApp(server, { cols: 120, rows: 50 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('?');
      const help = await app.waitFor('copy as JSON');
      for (const words of ['/  filter', 's  sort', 'y  copy id', 'Y  copy as JSON', 'e  export', '1  show draft', '0  show all statuses', 'refresh']) {
        expect(help.replace(/ {2,}/g, '  ')).toContain(words);
      }
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
