/**
 * Start-up against a fast server: the first frame the app draws already holds the first rows (the
 * first page is awaited briefly before it), rather than an empty list replaced a moment later; a
 * slow server still gets a first frame before its data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';

const HEADER = 'pagetui  ';
const BEGIN_SYNC = '\u001B[?2026h';

let fast: DemoServer;
let slow: DemoServer;

beforeAll(async () => {
  fast = await startDemoServer();
  slow = await startDemoServer({ latencyMs: 1_500 });
});

afterAll(async () => {
  await fast.close();
  await slow.close();
});

/** The bytes of the first frame: from its header to the next update. */
function firstFrame(raw: string): string {
  const start = raw.indexOf(HEADER);
  const next = raw.indexOf(BEGIN_SYNC, start);
  return raw.slice(start, next === -1 ? undefined : next);
}

describe('the first frame', () => {
  it('shows the first page of a fast server', async () => {
    const app = new PtyApp(['--base-url', fast.url], { env: { PAGETUI_API_KEY: fast.apiKey } });
    try {
      await app.waitFor('Evergreen Landing Pages');
      await app.waitFor('q quit');
      expect(firstFrame(app.raw)).toContain('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('is drawn once: ink takes the text-only frame over without drawing any of it again', async () => {
    const app = new PtyApp(['--base-url', fast.url], { env: { PAGETUI_API_KEY: fast.apiKey } });
    try {
      await app.waitFor('q quit');
      // Ink is loaded and has rendered once it answers a key: the selection moves.
      app.write('j');
      await app.waitFor('row 2');
      const count = (text: string) => app.raw.split(text).length - 1;
      // Rows 1 and 2 are drawn again for the move; the rest of the frame never.
      expect(count('Holiday Sale 5')).toBe(1);
      expect(count(HEADER)).toBe(1);
      expect(count('Enter open')).toBe(1);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('comes before the data of a slow server', async () => {
    const app = new PtyApp(['--base-url', slow.url], { env: { PAGETUI_API_KEY: slow.apiKey } });
    try {
      await app.waitFor('q quit');
      expect(app.screen()).not.toContain('Evergreen Landing Pages');
      await app.waitFor('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
