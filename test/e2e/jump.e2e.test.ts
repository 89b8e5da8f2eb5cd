/**
 * Jumping to an id (`:` and `pagetui open`), `n`/`N` and `S`, through the built app in a pty
 * against the demo server (grp-1 has 10,000 pages).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, cleanEnv } from '../helpers/pty-app.js';
import { listLines, requestsFor, startApp } from './power-helpers.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
});

afterAll(async () => {
  await server.close();
});

const GRP1 = '/v0/page_groups/grp-1/pages';
const headerCount = (screen: string) => /\[([\d,]+\+?)\]/.exec(screen.split('\n')[0] ?? '')?.[1];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(': on the group list', () => {
  it('says an unknown group id in the status bar and keeps the list; a known one opens, with the loaded count in the breadcrumb', async () => {
    const mark = server.requests.length;
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      const groupsCount = headerCount(app.screen());
      expect(groupsCount).toMatch(/^[\d,]+$/); // every group loaded: no '+'
      const highlighted = () => app.lines().findIndex((_, row) => app.isHighlighted(row));
      const first = highlighted();
      app.write('jj');
      await app.waitFor(() => highlighted() === first + 2);
      const selected = highlighted();
      app.write(':');
      await app.waitFor(': page group id');
      app.write('no-such-group\r');
      // The id not found, whole and first; the code and the path requested are E's.
      const screen = await app.waitFor(/^No page group "no-such-group"\./m);
      expect(screen).toContain('Evergreen Landing Pages');
      expect(app.isHighlighted(selected)).toBe(true);
      expect(requestsFor(server, '/v0/page_groups/no-such-group/pages', mark)).toHaveLength(1);

      app.write(':grp-1\r');
      await app.waitFor('grp-1-p1 ');
      await app.waitFor((s) => headerCount(s)?.endsWith('+') === true);
      expect(headerCount(app.screen())).toMatch(/^[\d,]+\+$/);
    } finally {
      app.kill();
    }
  });
});

describe(': inside a group', () => {
  it('loads on with progress until a page near the end of 10,000 arrives, selects it, fetching no cursor twice', async () => {
    const mark = server.requests.length;
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write(':grp-1-p9990\r');
      await app.waitFor(() => app.rowOf('grp-1-p9990 ') >= 0 && app.isHighlighted(app.rowOf('grp-1-p9990 ')), 30_000);
      expect(app.raw).toContain('Looking for page "grp-1-p9990"');
      expect(app.screen()).toMatch(/\w, row 9,990 \(grp-1-p9990\)\./);
      expect(headerCount(app.screen())).toBe('10,000');
      const cursors = requestsFor(server, GRP1, mark).map((r) => r.query.cursor ?? '(first)');
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(cursors.length).toBe(100);
    } finally {
      app.kill();
    }
  });

  it('Esc stops the search and the loading; the rows loaded stay', async () => {
    const slow = await startDemoServer({ latencyMs: 40 });
    const app = startApp(slow);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write(':grp-1-p9999\r');
      await app.waitFor('Looking for page "grp-1-p9999"');
      await app.waitFor(() => requestsFor(slow, GRP1).length >= 4);
      app.write('\u001b');
      await app.waitFor('Stopped looking for page "grp-1-p9999"');
      await sleep(300);
      const stoppedAt = requestsFor(slow, GRP1).length;
      await sleep(500);
      expect(requestsFor(slow, GRP1).length).toBe(stoppedAt);
      expect(stoppedAt).toBeLessThan(100);
      expect(headerCount(app.screen())).toMatch(/\+$/);
      expect(app.screen()).not.toContain('Esc to stop');
      // The list is still usable where it was.
      app.write('j');
      await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p2 ')));
    } finally {
      app.kill();
      await slow.close();
    }
  });
});

describe('pagetui open', () => {
  it('starts in the group, on the page', async () => {
    const app = startApp(server, {}, ['open', 'grp-1', 'grp-1-p250']);
    try {
      await app.waitFor(() => app.rowOf('grp-1-p250 ') >= 0 && app.isHighlighted(app.rowOf('grp-1-p250 ')), 20_000);
      expect(app.screen().split('\n')[0]).toContain('Evergreen Landing Pages');
      // Esc goes back to the group list.
      app.write('\u001b');
      await app.waitFor((s) => s.includes('Evergreen Landing Pages') && !s.includes('grp-1-p250'));
    } finally {
      app.kill();
    }
  });

  it('an unknown group: the status bar says so and the group list is shown', async () => {
    const app = startApp(server, {}, ['open', 'nope']);
    try {
      // The id not found, whole and first (E shows the code and the path requested).
      await app.waitFor('No page group "nope".');
      expect(app.screen()).toContain('Evergreen Landing Pages');
    } finally {
      app.kill();
    }
  });

  it.each([
    [['open'], /needs a page group id/],
    [['open', '..'], /page group id "\.\." cannot be sent/],
    [['open', '.'], /page group id "\." cannot be sent/],
    [['open', ''], /page group id is empty/],
    [['open', 'grp-1', '..'], /page id "\.\." cannot be sent/],
    [['open', 'a', 'b', 'c'], /at most one page id/],
  ])('refuses %j with one line and exit code 2, before any request', (args, message) => {
    const mark = server.requests.length;
    const result = spawnSync(process.execPath, [BUNDLE, ...args, '--base-url', server.url], {
      env: cleanEnv({ PAGETUI_API_KEY: server.apiKey }),
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(server.requests.length).toBe(mark);
  });
});

describe('n / N and S', () => {
  it('n steps to the next row matching the filter cleared last; S reverses the order', async () => {
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      // n / N search the loaded rows (100 here): "p2" matches p2 and p20 to p29.
      app.write('/p2');
      await app.waitFor('filter: "p2"');
      app.write('\u001b');
      await app.waitFor((s) => !s.includes('filter: "p2"'));
      expect(app.isHighlighted(app.rowOf('grp-1-p2 '))).toBe(true); // the first match stays selected
      app.write('n');
      await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p20 ')));
      app.write('n');
      await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p21 ')));
      app.write('N');
      await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p20 ')));

      app.write('S');
      await app.waitFor('server order reversed');
      const first = listLines(app)[0] ?? '';
      expect(first).not.toContain('grp-1-p1 ');
      expect(app.isHighlighted(app.rowOf('grp-1-p20 '))).toBe(true);
    } finally {
      app.kill();
    }
  });
});
