/**
 * `pagetui 2>>log` collects nothing but what pagetui has to say: the terminal's modes (the cursor
 * among them) are put back on the terminal, never written to a redirected standard error.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';

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
  it('holds nothing after a session that ends with q, and the cursor is shown on the terminal', async () => {
    const log = join(dir, 'stderr.log');
    const app = new PtyApp(
      [],
      { env: { PAGETUI_API_KEY: server.apiKey } },
      { file: 'sh', args: ['-c', 'exec "$0" "$1" --base-url "$2" 2>"$3"', process.execPath, BUNDLE, server.url, log] },
    );
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(JSON.stringify(readFileSync(log, 'utf8'))).toBe('""');
      expect(app.raw.lastIndexOf('\u001B[?25h')).toBeGreaterThan(app.raw.lastIndexOf('\u001B[?25l'));
    } finally {
      app.kill();
    }
  });
});
