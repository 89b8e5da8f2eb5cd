/**
 * The two status rows through the built app in a real pty: the message on one, the key hints on
 * the other whatever the message, and a message left behind with the list that raised it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import type { PtyApp } from '../helpers/pty-app.js';
import { fetchAll, startApp, type Item } from './power-helpers.js';

let server: DemoServer;
let groups: Item[];
let dir: string;

beforeAll(async () => {
  server = await startDemoServer({ faults: true, pages: 300 });
  groups = await fetchAll(server, '/v0/page_groups');
  dir = await mkdtemp(join(tmpdir(), 'pagetui-status-rows-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** The last two non-blank rows of the screen: the message row and the hint row. */
function statusRows(app: PtyApp): [string, string] {
  const lines = app.lines().map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return [lines[lines.length - 2] ?? '', lines[lines.length - 1] ?? ''];
}

describe('the status rows', () => {
  it('keep the hints under a validation error at 60 columns, the code whole before the reason, the requestId whole in the list, each phrase once', async () => {
    const app = startApp(server, { cols: 60, rows: 20 });
    try {
      await app.waitFor('row 1');
      app.write('j'.repeat(groups.findIndex((g) => g.pageGroupId === 'fault-validation')) + '\r');
      await app.waitFor(() => /^VALIDATION_ERROR/.test(statusRows(app)[0]) && /^Enter open/.test(statusRows(app)[1]));
      const [message, hints] = statusRows(app);
      // The code and the field whole, the reason cut; the request id gives way before the reason (docs/errors.md)
      // and is said whole in the empty list above.
      expect(message, app.screen()).toMatch(/^VALIDATION_ERROR \(HTTP 400\): field: page_group_id — [^(]+…$/);
      expect(app.screen(), app.screen()).toMatch(/\(request id\s+req-\d+\)/);
      expect(hints, app.screen()).toMatch(/^Enter open {2}Esc back/);
      expect(app.screen().split('misconfigured').length - 1).toBeLessThanOrEqual(1);
      expect(app.screen()).not.toContain('0 loaded');
      // The next key on that list does not hide the listing's error: it stays until it is retried.
      app.write('j');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(statusRows(app)[0]).toMatch(/^VALIDATION_ERROR/);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('leave "Exported …" on the page list it was said on: back on the group list it is gone', async () => {
    const app = startApp(server, { cwd: dir, cols: 100, rows: 24 });
    try {
      await app.waitFor('row 1');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('e');
      await app.waitFor('./grp-1-pages.ndjson');
      app.write('\r');
      await app.waitFor(/Exported \d+ pages/);
      expect(statusRows(app)[1]).toMatch(/^Enter open/);
      app.write('\u001b');
      await app.waitFor('SLUG');
      expect(app.screen()).not.toContain('Exported');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      expect(app.screen()).not.toContain('Exported');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('keep the hints whole at 80x24 under a long page name said by `open <group> <page>`: "? help" and "q quit" stay', async () => {
    const long = await startDemoServer({ shape: 'long', pages: 300 });
    const app = startApp(long, { cols: 80, rows: 24 }, ['open', 'grp-7', 'grp-7-p162']);
    try {
      const pages = await fetchAll(long, '/v0/page_groups/grp-7/pages');
      const name = String(pages.find((p) => p.pageId === 'grp-7-p162')?.effectiveName ?? '');
      const start = name.slice(0, 10);
      expect(name.length).toBeGreaterThan(80);
      // While the name is said (5 s), the row below it is the hints. Both rows of one frame: a read
      // between the terminal's chunks of that frame may find the status row new and the hints not yet.
      await app.waitFor(() => statusRows(app)[0].startsWith(start) && statusRows(app)[1].startsWith('Enter open  Esc back'));
      const [message, hints] = statusRows(app);
      // The name is cut, not where it landed.
      expect(message, app.screen()).toMatch(/…, row 162 \(grp-7-p162\)\.$/);
      expect(hints, app.screen()).toMatch(/^Enter open {2}Esc back .*\? help {2}q quit$/);
      expect(hints).not.toContain('loaded');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
      await long.close();
    }
  });
});
