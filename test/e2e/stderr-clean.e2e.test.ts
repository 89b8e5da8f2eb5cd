/**
 * `pagetui 2>>log` collects nothing but what pagetui has to say: the terminal's modes (the cursor
 * among them) are put back on the terminal, never written to a redirected standard error.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';

/** Preloaded in front of the app: on SIGUSR2 it throws from outside, as a bug would (test/faults/fixtures). */
const CRASH_FIXTURE = fileURLToPath(new URL('../faults/fixtures/crash-on-signal.cjs', import.meta.url));

let server: DemoServer;
const dir = mkdtempSync(join(tmpdir(), 'pagetui-stderr-'));
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('standard error redirected to a file', () => {
  for (const [how, end, exitCode] of [
    ['q', (app: PtyApp) => app.write('q'), 0],
    ['Ctrl-C', (app: PtyApp) => app.write('\u0003'), 0],
    ['SIGTERM', (app: PtyApp) => process.kill(app.proc.pid, 'SIGTERM'), 143],
  ] as const) {
    it(`holds nothing after a session that ends with ${how}, and the cursor is shown on the terminal`, async () => {
      const log = join(dir, `stderr-${how}.log`);
      const app = new PtyApp(
        [],
        { env: { PAGETUI_API_KEY: server.apiKey } },
        { file: 'sh', args: ['-c', 'exec "$0" "$1" --base-url "$2" 2>"$3"', process.execPath, BUNDLE, server.url, log] },
      );
      try {
        await app.waitFor('Evergreen Landing Pages');
        end(app);
        expect((await app.waitForExit()).exitCode).toBe(exitCode);
        expect(JSON.stringify(readFileSync(log, 'utf8'))).toBe('""');
        expect(app.raw.lastIndexOf('\u001B[?25h')).toBeGreaterThan(app.raw.lastIndexOf('\u001B[?25l'));
      } finally {
        app.kill();
      }
    });
  }

  it('holds only the one line of text that says so after a crash', async () => {
    const log = join(dir, 'stderr-crash.log');
    const app = new PtyApp(
      [],
      { env: { PAGETUI_API_KEY: server.apiKey, FAULT_CRASH: 'throw' } },
      { file: 'sh', args: ['-c', 'exec "$0" --require "$1" "$2" --base-url "$3" 2>"$4"', process.execPath, CRASH_FIXTURE, BUNDLE, server.url, log] },
    );
    try {
      await app.waitFor('Evergreen Landing Pages');
      process.kill(app.proc.pid, 'SIGUSR2');
      expect((await app.waitForExit()).exitCode).toBe(1);
      const text = readFileSync(log, 'utf8');
      expect(JSON.stringify(text)).toBe(JSON.stringify('pagetui: unexpected failure: injected crash for the fault suite\n'));
    } finally {
      app.kill();
    }
  });
});
