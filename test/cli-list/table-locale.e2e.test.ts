/**
 * The plain table of `pagetui pages` written to a terminal whose locale is not UTF-8: ASCII only,
 * as the app on the same terminal (docs/terminals.md, "Locale"), the columns still aligned; with
 * --utf8, PAGETUI_UTF8=1 or a UTF-8 locale it keeps UTF-8, and so does every piped output.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, cleanEnv, PtyApp } from '../helpers/pty-app.js';
import { processOutput } from '../helpers/process-output.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ shape: 'long', pages: 20 });
});
afterAll(async () => {
  await server.close();
});

const NON_ASCII = /[^\u0000-\u007f]/;
const LISTING = (extra: readonly string[] = []): string[] => ['pages', 'grp-1', '--base-url', server.url, '--max', '5', ...extra];
const baseEnv = (): Record<string, string | undefined> => ({ PAGETUI_API_KEY: server.apiKey, LANG: undefined, LC_ALL: undefined, LC_CTYPE: undefined });

async function inPty(env: Record<string, string | undefined>, extra: readonly string[] = []): Promise<{ raw: string; lines: string[] }> {
  const app = new PtyApp(LISTING(extra), { cols: 100, env: { ...baseEnv(), ...env } });
  try {
    const exit = await app.waitForExit(20_000);
    expect(exit.exitCode).toBe(0);
    await app.waitFor('grp-1-p5');
    return { raw: app.raw, lines: app.lines().filter((line) => line.trim() !== '') };
  } finally {
    app.kill();
  }
}

describe('pagetui pages in a terminal that is not UTF-8', () => {
  it('writes ASCII only under LANG=C, ? for the rest, columns aligned', async () => {
    const { raw, lines } = await inPty({ LANG: 'C', LC_ALL: 'C' });
    const first = NON_ASCII.exec(raw);
    expect(first ? raw.slice(Math.max(0, first.index - 40), first.index + 10) : '').toBe('');
    expect(lines.join('\n')).toContain('?');
    // Every row's UPDATED column starts where the header's does.
    const at = lines[0]?.indexOf('UPDATED') ?? -1;
    expect(at).toBeGreaterThan(0);
    for (const line of lines.slice(1, 6)) expect(line.slice(at)).toMatch(/^\d{4}-\d\d-\d\d/);
  });

  it('keeps UTF-8 with --utf8, PAGETUI_UTF8=1 or a UTF-8 locale', async () => {
    for (const [env, extra] of [
      [{ LANG: 'C', LC_ALL: 'C' }, ['--utf8']],
      [{ LC_ALL: 'C', PAGETUI_UTF8: '1' }, []],
      [{ LANG: 'C.UTF-8' }, []],
    ] as const) {
      const { raw } = await inPty(env, [...extra]);
      expect(raw).toMatch(NON_ASCII);
    }
  });

  it('keeps UTF-8 under LANG=C when piped, as a table and as CSV', async () => {
    for (const extra of [[], ['--format', 'csv']]) {
      const child = spawn(process.execPath, [BUNDLE, ...LISTING(extra)], {
        env: cleanEnv({ ...baseEnv(), LANG: 'C', LC_ALL: 'C' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const r = await processOutput(child);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(NON_ASCII);
    }
  });
});
