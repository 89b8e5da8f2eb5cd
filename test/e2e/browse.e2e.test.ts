/**
 * The built CLI in a real pseudo-terminal against the demo server, driven by keys as a person would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
});

afterAll(async () => {
  await server.close();
});

function startApp(extra: Record<string, string | undefined> = {}, size = { cols: 100, rows: 30 }) {
  return new PtyApp(['--base-url', server.url], { ...size, env: { PAGETUI_API_KEY: server.apiKey, ...extra } });
}

const pageRequests = (groupId: string) =>
  server.requests.filter((r) => r.path === `/v0/page_groups/${groupId}/pages`);

describe('browsing page groups and pages', () => {
  it('lists groups, opens one, scrolls past the first page fetching each cursor once, and goes back', async () => {
    const app = startApp();
    try {
      await app.waitFor('Evergreen Landing Pages');
      const screen = app.screen();
      expect(screen).toContain('TITLE');
      expect(screen).toMatch(/published|draft|archived/);
      const groupRow = app.rowOf('Evergreen Landing Pages');
      expect(app.isHighlighted(groupRow)).toBe(true);

      const before = pageRequests('grp-1').length;
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      expect(app.screen()).toContain('Evergreen Landing Pages'); // breadcrumb

      // A held key arrives as one read: 150 moves in a few chunks.
      for (let i = 0; i < 5; i++) app.write('j'.repeat(30));
      await app.waitFor('grp-1-p151 ');
      const selectedRow = app.rowOf('grp-1-p151 ');
      expect(app.isHighlighted(selectedRow)).toBe(true);
      await app.waitFor((s) => s.includes('more available'));

      const requests = pageRequests('grp-1').slice(before);
      expect(requests.length).toBeGreaterThanOrEqual(2);
      const cursors = requests.map((r) => r.query.cursor ?? '(first)');
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(requests.every((r) => r.query.limit === '100')).toBe(true);

      app.write('\u001b');
      await app.waitFor((s) => s.includes('Evergreen Landing Pages') && s.includes('SLUG'));
      expect(app.isHighlighted(app.rowOf('Evergreen Landing Pages'))).toBe(true);

      // Re-entering the group shows the loaded pages and the same position, with no new request.
      const count = pageRequests('grp-1').length;
      app.write('\r');
      await app.waitFor('grp-1-p151 ');
      expect(app.isHighlighted(app.rowOf('grp-1-p151 '))).toBe(true);
      expect(pageRequests('grp-1').length).toBe(count);

      app.write('q');
      const exit = await app.waitForExit();
      expect(exit.exitCode).toBe(0);
      expect(app.raw).toContain('\u001b[?1049l'); // alternate screen left
    } finally {
      app.kill();
    }
  });

  it('shows a validation error, a 429 countdown with automatic retry, and a 502, keeping the list', async () => {
    const app = startApp();
    try {
      await app.waitFor('Fault: validation error');
      app.write('jjj\r');
      const validation = await app.waitFor((s) => s.includes('Nothing loaded: VALIDATION_ERROR') && /^VALIDATION_ERROR /m.test(s));
      // The status bar: the code, then the field and its reason (the request id gives way to the reason on a short line).
      expect(validation).toMatch(/^VALIDATION_ERROR \(HTTP 400\): field: page_group_id — Invalid page_group_id/m);
      // The empty list says it all, the request id whole.
      expect(validation.replace(/\s+/g, ' ')).toMatch(/\(request id req-\d+\)/);

      app.write('\u001b');
      await app.waitFor('SLUG');
      app.write('j\r');
      await app.waitFor(/retry in \d+s/);
      expect(app.screen()).toContain('RATE_LIMITED');
      // The retry happens by itself once the countdown ends, and not before.
      await app.waitFor('fault-rate-limit-p1 ', 15_000);
      const attempts = pageRequests('fault-rate-limit');
      const limited = attempts.findIndex((r) => r.status === 429);
      const next = attempts[limited + 1];
      expect(next).toBeDefined();
      expect(next!.at - attempts[limited]!.at).toBeGreaterThanOrEqual(4900);

      app.write('\u001b');
      await app.waitFor('SLUG');
      app.write('j\r');
      const badGateway = await app.waitFor('502');
      expect(badGateway).toContain('Fault: bad gateway'); // breadcrumb stays
      expect(badGateway).not.toContain('<html');

      // Going back still shows every group, with the selection where it was.
      app.write('\u001b');
      await app.waitFor('SLUG');
      expect(app.isHighlighted(app.rowOf('Fault: bad gateway'))).toBe(true);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('opens the detail view with every field and shows the help overlay', async () => {
    const app = startApp();
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('d');
      const detail = await app.waitFor('pageGroupId');
      expect(detail).toContain('templateId');
      expect(detail).toContain('pageCount');
      app.write('\u001b');
      await app.waitFor('SLUG');
      app.write('?');
      const help = await app.waitFor('move down');
      expect(help).toMatch(/quit/);
      app.write('?');
      await app.waitFor('SLUG');
      app.write('\u0003'); // Ctrl-C
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('in details selects and highlights fields, steps through the list with ] and [, and opens a group on Enter', async () => {
    const app = startApp();
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('d');
      const detail = await app.waitFor('Page group Evergreen Landing Pages');
      const footer = detail.trimEnd().split('\n').at(-1) ?? '';
      expect(footer).toContain('y copy value');
      expect(footer).toContain('] next item');
      expect(footer).not.toMatch(/\/ filter|s sort/);
      const first = app.rowOf('pageGroupId');
      expect(app.isHighlighted(first)).toBe(true);
      app.write('j');
      await app.waitFor(() => app.isHighlighted(first + 1) && !app.isHighlighted(first));
      app.write(']');
      await app.waitFor('Page group Empty Drafts'); // the second group
      app.write('\u001b');
      await app.waitFor('SLUG');
      expect(app.isHighlighted(app.rowOf('Empty Drafts'))).toBe(true);
      app.write('kd');
      await app.waitFor('Page group Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      expect(app.screen()).not.toContain('Page group Evergreen');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('in details copies the selected field\'s value with y (OSC 52 over SSH)', async () => {
    const app = startApp({ SSH_TTY: '/dev/pts/0', TMUX: undefined, STY: undefined }, { cols: 120, rows: 30 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('d');
      await app.waitFor('Page group Evergreen Landing Pages');
      app.write('jj'); // pageGroupId, tenantId, title
      app.write('y');
      await app.waitFor("Sent the value of title to the terminal's clipboard (OSC 52) — your terminal decides whether to accept it");
      expect(app.raw).toContain(`\u001b]52;c;${Buffer.from('Evergreen Landing Pages').toString('base64')}\u0007`);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('at 80x20 scrolls help with j and PgDn to the prompts, and closes it on Enter and q without quitting', async () => {
    const app = startApp({}, { cols: 80, rows: 20 });
    try {
      await app.waitFor('Evergreen Landi');
      app.write('?');
      const help = await app.waitFor('j/k scroll');
      expect(help).not.toContain('enlarge the terminal');
      expect(help).toContain('Everywhere');
      for (let i = 0; i < 14; i++) app.write('\u001b[6~'); // PgDn
      // The keys may arrive in more than one read: a frame on the way can show the prompts' heading
      // already. The last one has scrolled to the end (only ▲ left).
      const end = await app.waitFor((s) => s.includes('Text fields') && /▲ {2}j\/k scroll/.test(s));
      expect(end).toContain('Alt-b');
      app.write('\r');
      await app.waitFor((s) => !s.includes('j/k scroll') && s.includes('TITLE'));
      app.write('?');
      await app.waitFor('j/k scroll');
      app.write('q');
      await app.waitFor((s) => !s.includes('j/k scroll') && s.includes('TITLE'));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('shows a one-line notice in a terminal smaller than 40x10 and recovers on resize', async () => {
    const app = startApp({}, { cols: 30, rows: 8 });
    try {
      await app.waitFor('too small');
      app.resize(100, 30);
      await app.waitFor('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('says the key was rejected and lets a new key retry', async () => {
    const app = startApp({ PAGETUI_API_KEY: 'invalid' });
    try {
      await app.waitFor('rejected');
      expect(app.screen()).toContain('UNAUTHORIZED');
      app.write('L');
      await app.waitFor('Key:');
      app.write('SECRET-KEY-1234567890');
      await app.waitFor('••••');
      expect(app.screen()).not.toContain('SECRET-KEY');
      app.write('\r');
      await app.waitFor('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      const leak = app.raw.indexOf('SECRET-KEY');
      expect(leak === -1 ? '' : JSON.stringify(app.raw.slice(Math.max(0, leak - 300), leak + 100))).toBe('');
    } finally {
      app.kill();
    }
  });
});

describe('environment', () => {
  it('draws even when the user\'s shell exports CI=true', async () => {
    const app = startApp({ CI: 'true' });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});

describe('bad input', () => {
  it('refuses a non-TTY stdout and a bad URL with one line and exit 2', async () => {
    const { spawnSync } = await import('node:child_process');
    const { BUNDLE, cleanEnv } = await import('../helpers/pty-app.js');
    const piped = spawnSync(process.execPath, [BUNDLE, '--demo'], { env: cleanEnv(), encoding: 'utf8' });
    expect(piped.status).toBe(2);
    expect(piped.stderr.trim().split('\n')).toHaveLength(1);
    expect(piped.stderr).toContain('needs a terminal');

    const app = new PtyApp(['--base-url', 'http://example.com'], { env: { PAGETUI_API_KEY: 'k' } });
    const exit = await app.waitForExit();
    expect(exit.exitCode).toBe(2);
    expect(app.screen()).toContain('https');
    expect(app.screen()).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });
});
