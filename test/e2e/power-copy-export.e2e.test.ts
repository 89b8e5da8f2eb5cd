/**
 * Copy (OSC 52 plain, through an old tmux's and through screen's passthrough) and export (NDJSON,
 * and the CSV or JSON a file name asks for: CSV that a strict RFC 4180 parser reads, with no cell a
 * spreadsheet would take as a formula), through the built app in a pty against the demo server.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { base64, fetchAll, startApp, type Item } from './power-helpers.js';
import { canRun } from '../helpers/require.js';
import { parseCsv } from '../helpers/rfc4180.js';

const SCREEN = ['/usr/bin/screen', '/usr/local/bin/screen'].find((p) => existsSync(p));

let server: DemoServer;
let groups: Item[];
let dir: string;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
  groups = await fetchAll(server, '/v0/page_groups');
  dir = await mkdtemp(join(tmpdir(), 'pagetui-export-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const OSC52 = /\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007/g;

describe('copy', () => {
  it('y over SSH writes the id as OSC 52, Y the item as JSON without control characters', async () => {
    const app = startApp(server, { cols: 120, env: { SSH_TTY: '/dev/pts/0', TMUX: undefined, STY: undefined } });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('y');
      await app.waitFor("Sent grp-1 to the terminal's clipboard (OSC 52) — your terminal decides whether to accept it");
      expect(app.raw).toContain(`\u001b]52;c;${base64('grp-1')}\u0007`);

      // The group whose text carries escape sequences: its JSON is copied with them escaped.
      const hostile = groups.findIndex((g) => g.pageGroupId === 'fault-hostile-text');
      expect(hostile).toBeGreaterThan(0);
      app.write('j'.repeat(hostile));
      app.write('Y');
      await app.waitFor("Sent fault-hostile-text as JSON to the terminal's clipboard (OSC 52)");
      const payloads = [...app.raw.matchAll(OSC52)].map((m) => Buffer.from(m[1] ?? '', 'base64').toString('utf8'));
      const json = payloads[payloads.length - 1] ?? '';
      expect(json).not.toMatch(CONTROL);
      expect(JSON.parse(json)).toEqual(groups[hostile]);
      expect(String(groups[hostile]?.title)).toMatch(CONTROL); // it really had control characters
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('inside a tmux older than 3.2 loads its buffer and also sends the sequence through passthrough, every ESC doubled', async () => {
    // tmux 3.1 cannot run here: a stand-in answers `-V` as 3.1 and keeps what load-buffer gets.
    const bin = join(dir, 'old-tmux-bin');
    const buffer = join(dir, 'old-tmux-buffer');
    await mkdir(bin);
    await writeFile(join(bin, 'tmux'), `#!/bin/sh\ncase "$1" in\n  -V) echo 'tmux 3.1c' ;;\n  load-buffer) [ "$2" = - ] && cat > ${JSON.stringify(buffer)} ;;\n  *) exit 1 ;;\nesac\n`, { mode: 0o755 });
    const app = startApp(server, {
      env: { SSH_CONNECTION: '10.0.0.1 5000 10.0.0.2 22', TMUX: '/tmp/tmux-1000/default,1,0', STY: undefined, PATH: `${bin}:${process.env.PATH ?? ''}` },
    });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('jjy');
      await app.waitFor("Copied grp-1-p3 to the tmux buffer (prefix ]) and sent it to the terminal's clipboard (OSC 52)");
      expect(app.raw).toContain(`\u001bPtmux;\u001b\u001b]52;c;${base64('grp-1-p3')}\u0007\u001b\\`);
      expect(await readFile(buffer, 'utf8')).toBe('grp-1-p3');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('inside a tmux that cannot be reached says it could not copy, and sends nothing tmux would drop', async () => {
    const app = startApp(server, {
      env: { SSH_CONNECTION: '10.0.0.1 5000 10.0.0.2 22', TMUX: join(dir, 'no-such-tmux-socket') + ',1,0', STY: undefined },
    });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('y');
      await app.waitFor(/Could not copy grp-1: tmux (did not take it|is not on PATH)/);
      expect(app.raw).not.toContain('\u001b]52;');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  describe.skipIf(!canRun('PAGETUI_REQUIRE_SCREEN', SCREEN ? undefined : 'GNU screen is not installed'))('inside GNU screen', () => {
    it('sends the sequence through its passthrough; the terminal outside gets plain OSC 52', async () => {
      const app = new PtyApp([], {
        cols: 120,
        rows: 30,
        env: { PAGETUI_API_KEY: server.apiKey, SSH_TTY: '/dev/pts/0', TMUX: undefined, STY: undefined, SCREENDIR: join(dir, 'screens') },
      }, { file: SCREEN ?? 'screen', args: ['-q', '-c', '/dev/null', process.execPath, BUNDLE, '--base-url', server.url] });
      try {
        await app.waitFor('Evergreen Landing Pages');
        app.write('y');
        await app.waitFor("Sent grp-1 through screen to the terminal's clipboard (OSC 52) — your terminal decides whether to accept it");
        expect(app.raw).toContain(`\u001b]52;c;${base64('grp-1')}\u0007`);
        app.write('q');
        expect((await app.waitForExit()).exitCode).toBe(0);
      } finally {
        app.kill();
      }
    });
  });
});

describe('export', () => {
  it('writes the loaded rows as NDJSON to the offered path and never overwrites without asking', async () => {
    const app = startApp(server, { cwd: dir });
    const file = join(dir, 'page-groups.ndjson');
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('e');
      await app.waitFor('./page-groups.ndjson');
      expect(app.screen()).toContain(`Export ${groups.length} page groups as NDJSON to:`);
      app.write('\r');
      await app.waitFor(`Exported ${groups.length} page groups to ./page-groups.ndjson`);
      const lines = (await readFile(file, 'utf8')).split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.map((l) => JSON.parse(l))).toEqual(groups);
      expect(lines.join('\n')).not.toMatch(/[\u007f-\u009f]/);

      // The file exists now: the prompt asks, and "n" leaves it alone.
      await writeFile(file, 'keep me\n');
      app.write('e');
      await app.waitFor('./page-groups.ndjson');
      app.write('\r');
      await app.waitFor('exists — overwrite? y/N');
      // The footer names every answer: y, n and Esc, and the way to quit.
      expect(app.screen()).toContain('y yes  n / Esc no  Ctrl-c quit');
      // n and Esc each answer no.
      for (const no of ['n', '\u001b']) {
        if (no !== 'n') {
          app.write('e');
          await app.waitFor('Enter write');
          app.write('\r');
          await app.waitFor('exists — overwrite? y/N');
        }
        app.write(no);
        // The answer closes the question (the last answer's words may still be on the status line).
        await app.waitFor((screen) => !screen.includes('exists — overwrite?') && screen.includes('Not exported; ./page-groups.ndjson was left as it was.'));
        expect(await readFile(file, 'utf8')).toBe('keep me\n');
      }

      app.write('e');
      await app.waitFor('Enter write');
      app.write('\r');
      await app.waitFor('exists — overwrite? y/N');
      app.write('y');
      await app.waitFor(`Exported ${groups.length} page groups to ./page-groups.ndjson`);
      expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(groups.length + 1);
      expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

      // In a group the offered name is the group id; the filtered rows are what is written.
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('/p1\r');
      await app.waitFor('filter: "p1"');
      app.write('e');
      await app.waitFor('./grp-1-pages.ndjson');
      expect(app.screen()).toMatch(/Export \d+ pages \(filtered\) as NDJSON to:/);
      // Letters typed here edit the path; they do not navigate.
      app.write('\u007f'.repeat('pages.ndjson'.length) + 'p1.ndjson');
      await app.waitFor('./grp-1-p1.ndjson');
      app.write('\r');
      await app.waitFor(/Exported \d+ pages \(the filtered rows\) to \.\/grp-1-p1\.ndjson/);
      const pages = (await readFile(join(dir, 'grp-1-p1.ndjson'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Item);
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.every((p) => JSON.stringify(p).toLowerCase().includes('p1'))).toBe(true);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('a .csv name writes CSV (the prompt says so), a .json name one JSON array', async () => {
    const app = startApp(server, { cwd: dir, cols: 120 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('e');
      await app.waitFor('./page-groups.ndjson');
      app.write('\u007f'.repeat('ndjson'.length) + 'csv');
      await app.waitFor(`Export ${groups.length} page groups as CSV to:`);
      app.write('\r');
      await app.waitFor(`Exported ${groups.length} page groups to ./page-groups.csv`);
      const records = parseCsv(await readFile(join(dir, 'page-groups.csv'), 'utf8'));
      expect(records[0]?.[0]).toBe('pageGroupId');
      expect(records.slice(1).map((r) => r[0])).toEqual(groups.map((g) => g.pageGroupId));
      for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(records.flat().join('')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);

      app.write('e');
      // The prompt offers the list's own name again (the CSV path is its history); the toast names
      // the file too: wait for the prompt itself.
      await app.waitFor(`Export ${groups.length} page groups as NDJSON to:`);
      app.write('\u007f'.repeat('ndjson'.length) + 'json');
      await app.waitFor(`Export ${groups.length} page groups as JSON to:`);
      app.write('\r');
      await app.waitFor(`Exported ${groups.length} page groups to ./page-groups.json`);
      expect(JSON.parse(await readFile(join(dir, 'page-groups.json'), 'utf8'))).toEqual(groups);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it("in a page list a folder's example is that list's own file name", async () => {
    await mkdir(join(dir, 'exports'), { recursive: true });
    const app = startApp(server, { cwd: dir, cols: 160 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('e');
      await app.waitFor('./grp-1-pages.ndjson');
      app.write('\u0015./exports\r');
      await app.waitFor('that is a folder');
      app.write('E');
      await app.waitFor('e.g. ./exports/grp-1-pages.ndjson');
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });

  it('a path that is a folder is said at once, with what to do, and nothing is asked', async () => {
    await mkdir(join(dir, 'exports'), { recursive: true });
    const app = startApp(server, { cwd: dir, cols: 160 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('e');
      await app.waitFor('Enter write');
      app.write('\u0015./exports\r');
      await app.waitFor('Export to ./exports failed: that is a folder');
      expect(app.screen()).toContain('type a file name in it, e.g. ./exports/page-groups.ndjson');
      expect(app.screen()).not.toContain('overwrite?');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
