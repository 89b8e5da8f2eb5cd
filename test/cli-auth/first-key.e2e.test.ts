/**
 * The first API key, with none stored: the first-run prompt, Esc, `L` in every state, and the
 * key-check requests in the inspector. The built app in a real pty, against a server of this
 * file's own that accepts one key; no D-Bus, so nothing reaches a keychain.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { forPty } from './bundle.js';
import { cleanupTemp, isolatedEnv, type Env } from './helpers.js';
import { GOOD_KEY, WRONG_KEY, startKeyServer, type KeyServer } from './key-server.js';

let server: KeyServer;

beforeAll(async () => {
  server = await startKeyServer();
});
beforeEach(() => {
  server.requests.length = 0;
});
afterAll(async () => {
  await server.close();
  cleanupTemp();
});

const ptyEnv = (extra: Env = {}): Env => forPty(isolatedEnv(extra));

async function typeKey(app: PtyApp, key: string): Promise<void> {
  await app.waitFor('Key:');
  app.write(key);
  await app.waitFor('•'.repeat(8)); // the same 8 whatever the key's length
  expect(app.screen()).not.toContain('•'.repeat(9));
  app.write('\r');
}

const queries = (): string[] => server.requests.map((r) => `${r.rawUrl.replace(/^.*\?/, '')} ${r.status}`);

describe('the first-run prompt', () => {
  it('stays open on a rejected key and says so; the next key loads the list with one request', async () => {
    const app = new PtyApp(['--base-url', server.url], { env: ptyEnv(), cols: 120, rows: 40 });
    try {
      await typeKey(app, WRONG_KEY);
      await app.waitFor('Key rejected (401) — try again');
      expect(app.screen()).toContain('Key:');
      expect(app.screen()).not.toContain('previous key');
      expect(app.screen()).not.toContain('Loading…');
      expect(queries()).toEqual(['limit=1 401']);

      await typeKey(app, GOOD_KEY);
      await app.waitFor('Alpha Group');
      await app.waitFor('Key kept for this session only');
      expect(queries()).toEqual(['limit=1 401', 'limit=1 200', 'limit=100 200']);
      expect(app.raw).not.toContain(GOOD_KEY);
      expect(app.raw).not.toContain(WRONG_KEY);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('a key typed behind the Enter in the same read acts once the key is accepted, never as part of the key', async () => {
    const app = new PtyApp(['--base-url', server.url], { env: ptyEnv(), cols: 120, rows: 40 });
    try {
      await app.waitFor('Key:');
      app.write(`${GOOD_KEY}\r?`);
      await app.waitFor('Key kept for this session only');
      await app.waitFor((screen) => screen.includes('close help'));
      expect(queries()).toEqual(['limit=1 200', 'limit=100 200']);
      expect(app.raw).not.toContain(GOOD_KEY);
      app.write('qq');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('Esc leaves a list that says there is no key (never "Loading…"); r says it again; L then works', async () => {
    const app = new PtyApp(['--base-url', server.url], { env: ptyEnv(), cols: 80, rows: 24 });
    try {
      await app.waitFor('Key:');
      app.write('\u001b');
      await app.waitFor((s) => s.split('\n').filter((l) => l.includes('No API key — press L')).length >= 1 && !s.includes('Key:'));
      expect(app.screen()).not.toContain('Loading…');
      app.write('r');
      await app.waitFor('No API key — press L');
      expect(app.screen()).not.toContain('NO_API_KEY');
      expect(app.screen()).not.toContain('Loading…');
      expect(server.requests).toEqual([]);

      app.write('L');
      await typeKey(app, GOOD_KEY);
      await app.waitFor('Alpha Group');
      await app.waitFor('Key kept for this session only');
      expect(queries()).toEqual(['limit=1 200', 'limit=100 200']);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});

describe('L with a rejected key', () => {
  for (const [state, key, shown] of [
    ['the list failed with 401', WRONG_KEY, 'The API key was rejected'],
    ['the list loaded', GOOD_KEY, 'Alpha Group'],
  ] as const) {
    it(`says so when ${state}, each time`, async () => {
      const app = new PtyApp(['--base-url', server.url], { env: ptyEnv({ PAGETUI_API_KEY: key }), cols: 120, rows: 40 });
      try {
        await app.waitFor(shown);
        for (let attempt = 0; attempt < 2; attempt++) {
          app.write('L');
          await typeKey(app, `${WRONG_KEY}${attempt}`);
          await app.waitFor('Key rejected (401) — try again');
          app.write('\u001b');
          await app.waitFor((s) => !s.includes('Key:') && s.includes(shown));
        }
        app.write('q');
        expect((await app.waitForExit()).exitCode).toBe(0);
      } finally {
        app.kill();
      }
    });
  }
});

describe('the key check in the inspector', () => {
  it('lists the check request, its key masked', async () => {
    const app = new PtyApp(['--base-url', server.url], { env: ptyEnv(), cols: 120, rows: 40 });
    try {
      await typeKey(app, WRONG_KEY);
      await app.waitFor('Key rejected (401)');
      app.write('\u001b');
      await app.waitFor('No API key — press L');
      app.write('i');
      await app.waitFor(/page_groups\?limit=1.*401|401.*page_groups\?limit=1/);
      app.write('\r');
      await app.waitFor('x-api-key');
      expect(app.screen()).toContain('••••9999');
      expect(app.raw).not.toContain(WRONG_KEY);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
