/**
 * The prompts' line editing, history and the key form, through the built app in a pty against the
 * demo server: readline keys, pastes that end in Enter, fast typing, a history kept between runs.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let dir: string;

beforeAll(async () => {
  server = await startDemoServer({});
  dir = await mkdtemp(join(tmpdir(), 'pagetui-prompts-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const CTRL = (letter: string) => String.fromCharCode(letter.charCodeAt(0) - 0x60);

describe('the export prompt', () => {
  it('edits with readline keys, offers the list its own name, and keeps the paths written as a history across runs', async () => {
    const state = join(dir, 'state');
    const env = { XDG_STATE_HOME: state };
    const app = startApp(server, { cwd: dir, env });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('e');
      await app.waitFor('./page-groups.ndjson');
      // Ctrl-U clears the offered path; what follows replaces it (no literal "u").
      app.write(CTRL('u'));
      await app.waitFor((s: string) => !s.includes('./page-groups.ndjson'));
      app.write('one.ndjson');
      await app.waitFor('to: one.ndjson');
      // Ctrl-A, type, Ctrl-E, Alt-B, Ctrl-K: "./one.ndjson" → "./one."
      app.write(CTRL('a'));
      app.write('./');
      app.write(CTRL('e'));
      app.write('\u001bb');
      app.write(CTRL('k'));
      await app.waitFor('to: ./one. ');
      // Ctrl-W deletes the word before the cursor; ← and Delete edit in the middle.
      app.write(CTRL('w'));
      app.write('first.ndjsonX');
      app.write('\u001b[D');
      app.write('\u001b[3~');
      await app.waitFor('to: first.ndjson ');
      app.write('\r');
      await app.waitFor(/Exported \d+ page groups to \.\/first\.ndjson/);
      await readFile(join(dir, 'first.ndjson'), 'utf8');

      // The next e offers the list's own name; ↑ walks back through the paths written, ↓ returns.
      app.write('e');
      await app.waitFor('to: ./page-groups.ndjson');
      app.write('\u001b[A');
      await app.waitFor('to: first.ndjson');
      app.write(CTRL('u') + 'second.ndjson\r');
      await app.waitFor(/Exported \d+ page groups to \.\/second\.ndjson/);
      app.write('e');
      await app.waitFor('to: ./page-groups.ndjson');
      app.write('\u001b[A');
      await app.waitFor('to: second.ndjson');
      app.write('\u001b[A');
      await app.waitFor('to: first.ndjson');
      app.write('\u001b[B');
      await app.waitFor('to: second.ndjson');
      app.write('\u001b');
      await app.waitFor((s: string) => !s.includes('NDJSON to:'));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
    const saved = JSON.parse(await readFile(join(state, 'pagetui', 'export-history.json'), 'utf8')) as unknown;
    expect(saved).toEqual(['first.ndjson', 'second.ndjson']);

    // A new run offers the list's own name, with the last path written one ↑ away.
    const again = startApp(server, { cwd: dir, env });
    try {
      await again.waitFor('Evergreen Landing Pages');
      again.write('e');
      await again.waitFor('to: ./page-groups.ndjson');
      again.write('\u001b[A');
      await again.waitFor('to: second.ndjson');
      again.write('\u001b');
      again.write('q');
      expect((await again.waitForExit()).exitCode).toBe(0);
    } finally {
      again.kill();
    }
  });
});

describe('the filter', () => {
  it('keeps every character of 30 written one per write, and Ctrl-P recalls an earlier filter', async () => {
    const state = join(dir, 'filter-state');
    const app = startApp(server, { cwd: dir, env: { XDG_STATE_HOME: state } });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('/');
      await app.waitFor('type to filter');
      const typed = 'abcdefghijklmnopqrstuvwxyz0123';
      for (const ch of typed) app.write(ch);
      await app.waitFor(`/ ${typed}`);
      app.write(CTRL('u') + 'ever\r');
      await app.waitFor('filter: "ever"');
      // The filter reopens with its query; cleared, Ctrl-P brings the earlier one back.
      app.write('/');
      await app.waitFor('/ ever');
      app.write(CTRL('u'));
      await app.waitFor('type to filter');
      app.write(CTRL('p'));
      await app.waitFor('/ ever');
      app.write('q');
      await app.waitFor('/ everq');
      app.write(CTRL('c'));
      await app.waitForExit();
    } finally {
      app.kill();
    }
    const saved = JSON.parse(await readFile(join(state, 'pagetui', 'filter-history.json'), 'utf8')) as unknown;
    expect(saved).toEqual(['ever']);
  });
});

describe('the key form (L)', () => {
  it('submits a key pasted with its newline in one write, checks it, and keeps the rows behind the form when it is rejected', async () => {
    // --demo: a key that works is not saved anywhere (no keychain is touched by this test).
    const app = new PtyApp(['--demo'], { cwd: dir, cols: 100, rows: 30 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('L');
      await app.waitFor('API key for');
      app.write('invalid\n');
      await app.waitFor('Key rejected (401) — try again');
      expect(app.screen()).not.toContain('invalid');
      app.write('\u001b');
      await app.waitFor('Evergreen Landing Pages');

      app.write('L');
      await app.waitFor('API key for');
      // Typed fast, then Enter at once: never "The key is empty".
      for (const ch of 'demo-key-typed-fast') app.write(ch);
      app.write('\r');
      await app.waitFor('Key accepted');
      expect(app.raw).not.toContain('The key is empty');
      expect(app.screen()).toContain('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
