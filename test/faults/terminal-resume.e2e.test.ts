/**
 * Ctrl-Z, a resize while suspended, then `fg`, under an interactive bash in a real pty. While the
 * app is stopped the shell owns the terminal, so the SIGWINCH of the resize never reaches the app:
 * on `fg` it must lay out for the size the terminal has now, not the size it had at Ctrl-Z.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostileServer, makeGroups, makePages } from './helpers/hostile-server.js';
import { appCommand, ShellPty } from './helpers/shell-pty.js';

const KEY = 'RESUME-TEST-KEY-0c41e7';
let server: HostileServer;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 100 });
  server.groups = makeGroups('g', 40);
  server.pages.set('g1', makePages('p', 200));
});
afterAll(async () => {
  await server.close();
});

/** The frame of the pages list at `rows`: header, column titles, rows p0…, status, key help. */
function expectPagesFrame(lines: string[], cols: number, rows: number): void {
  const listRows = rows - 5;
  expect(lines).toHaveLength(rows);
  expect(lines[0]).toContain('pagetui');
  expect(lines[0]).toContain('Group g1');
  expect(lines[1]).toMatch(/^ NAME +PAGE ID +UPDATED$/);
  for (let i = 0; i < listRows; i++) expect(lines[2 + i]).toMatch(new RegExp(`^ Page p${i} +p${i} +2024-05-01 10:00 ?$`));
  expect(lines[rows - 3]).toMatch(/row 2 · 100 loaded/);
  expect(lines[rows - 2]).toMatch(/^Enter open/);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(cols);
}

describe('fg after a resize while suspended', () => {
  it.each([
    ['narrower and shorter', 70, 20],
    ['wider and taller', 140, 36],
  ] as const)('lays out for the new size (%s)', async (_name, cols, rows) => {
    const sh = new ShellPty('bash', ['--norc', '--noprofile', '-i'], {
      cols: 110,
      rows: 30,
      env: { PAGETUI_API_KEY: KEY, PS1: 'READY$ ' },
    });
    try {
      await sh.waitFor('READY$');
      sh.write(`${appCommand(['--base-url', server.url])}\r`);
      await sh.waitFor('Group g0');
      sh.write('j\r');
      await sh.waitFor('Page p0');
      sh.write('j');
      await waitUntil(sh, () => sh.isHighlighted(sh.rowOf('Page p1 ')) && sh.screen().includes('row 2 ·'));

      sh.write('\u001a'); // Ctrl-Z
      await sh.waitFor(/Stopped/);
      sh.resize(cols, rows);
      // The shell, in the foreground, has taken the new size.
      sh.write('stty size; echo SIZE-DONE\r');
      await sh.waitFor(new RegExp(`${rows} ${cols}\\s+SIZE-DONE`), 10_000, true);

      sh.write('fg\r');
      await waitUntil(sh, () => sh.bufferType() === 'alternate' && sh.rowOf('Enter open') >= 0 && sh.rowOf('Page p0 ') >= 0);
      await settle(sh);
      const afterFg = visible(sh);
      expectPagesFrame(sh.lines(), cols, rows);
      expect(sh.isHighlighted(2 + 1)).toBe(true);

      // The same frame a resize to this size draws.
      sh.resize(cols - 1, rows);
      await settle(sh);
      sh.resize(cols, rows);
      await settle(sh);
      expect(visible(sh)).toEqual(afterFg);

      sh.write('q');
      await waitUntil(sh, () => sh.bufferType() === 'normal');
      sh.write('exit\r');
      await sh.waitForExit();
    } finally {
      sh.kill();
    }
  });
});

/** What the eye sees: each row's text without trailing blanks, and whether it is highlighted. */
function visible(sh: ShellPty): string[] {
  return sh.lines().map((line, row) => `${sh.isHighlighted(row) ? '[hl]' : '    '}${line.trimEnd()}`);
}

/** Waits until nothing new has arrived for a moment. */
async function settle(sh: ShellPty, quietMs = 200): Promise<void> {
  let seen = -1;
  while (seen !== sh.raw.length) {
    seen = sh.raw.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
  await sh.waitFor(() => true);
}

async function waitUntil(sh: ShellPty, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out on ${check.toString()}; ${sh.bufferType()} screen:\n${sh.screen()}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
