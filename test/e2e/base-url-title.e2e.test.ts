/** The title bar names the whole base URL, its path included, and keeps the path when it must cut. */
import { describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { forPty } from '../cli-auth/bundle.js';
import { cleanupTemp, isolatedEnv } from '../cli-auth/helpers.js';
import { GOOD_KEY, keyServerPerFile } from '../cli-auth/key-server.js';

const keyServer = keyServerPerFile(cleanupTemp);

describe('the title bar', () => {
  it('shows the base URL with its path', async () => {
    const app = new PtyApp(['--base-url', `${keyServer().url}/api/`], { env: forPty(isolatedEnv({ PAGETUI_API_KEY: GOOD_KEY })), cols: 100, rows: 24 });
    try {
      const first = (await app.waitFor(`${keyServer().url}/api`)).split('\n')[0] ?? '';
      expect(first).toContain(`pagetui  ${keyServer().url}/api`);
    } finally {
      app.kill();
    }
  });

  it('keeps the path at 40 columns, cutting the start of the host', async () => {
    const app = new PtyApp(['--base-url', `${keyServer().url}/some/long/prefix/v1`], { env: forPty(isolatedEnv({ PAGETUI_API_KEY: GOOD_KEY })), cols: 40, rows: 12 });
    try {
      await app.waitFor((s) => (s.split('\n')[0] ?? '').includes('/some/long/prefix/v1'));
    } finally {
      app.kill();
    }
  });
});
