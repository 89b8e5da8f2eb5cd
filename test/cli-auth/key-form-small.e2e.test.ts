/**
 * The key form on small terminals: at 40x12 and 80x24 the field, what became of the last key and
 * the whole `chmod 600 …` fix stay on screen, and no fragment of a longer line is left behind.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { forPty } from './bundle.js';
import { cleanupTemp, isolatedEnv, type Env } from './helpers.js';
import { WRONG_KEY, keyServerPerFile } from './key-server.js';

const keyServer = keyServerPerFile(cleanupTemp);

function openCredentials(): { env: Env; path: string } {
  const env = isolatedEnv();
  const dir = join(env.XDG_CONFIG_HOME ?? '', 'pagetui');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'credentials.json');
  writeFileSync(path, JSON.stringify({ keys: {} }));
  chmodSync(path, 0o644);
  return { env, path };
}

/** The screen's text with every space and line end taken out, so a wrapped command reads whole. */
const joined = (screen: string): string => screen.replace(/\s/g, '');

/** The form no longer says it is asking the keychain (its problem, if any, is then part of the form). */
async function keychainAsked(app: PtyApp): Promise<void> {
  await app.waitFor((s) => s.includes('Key:') && !joined(s).includes('askingthekeychain'));
}

for (const [cols, rows] of [
  [40, 12],
  [80, 24],
] as const) {
  describe(`the key form at ${cols}x${rows}`, () => {
    it('keeps the field, the reason and the whole chmod command, with no leftover fragments', async () => {
      const { env, path } = openCredentials();
      const app = new PtyApp(['--base-url', keyServer().url], { env: forPty(env), cols, rows });
      try {
        await keychainAsked(app);
        app.write('abc');
        await app.waitFor('•••');
        app.write('\r');
        await app.waitFor('Key rejected');
        await app.waitFor((s) => joined(s).includes('(401)') && s.includes('Key:'));
        const screen = app.screen();
        expect(joined(screen)).toContain(`chmod600${path}`);
        expect(screen).toContain('Key:');
        // Every line is one whole line of the form: none starts mid-word after a space.
        for (const line of screen.split('\n')) expect(line).not.toMatch(/^ {2,}\S/);
        if (rows >= 24) expect(screen).toContain('API key for');
        app.write('WRONG');
        await app.waitFor('•••••');
        app.write('\r');
        await app.waitFor((s) => s.includes('Key:') && !s.includes('•••••') && joined(s).includes('(401)'));
        expect(keyServer().requests.length).toBeGreaterThanOrEqual(2);
      } finally {
        app.kill();
      }
    });

    it('without the file, a rejected key leaves the field on screen', async () => {
      const app = new PtyApp(['--base-url', keyServer().url], { env: forPty(isolatedEnv()), cols, rows });
      try {
        await keychainAsked(app);
        app.write(WRONG_KEY);
        await app.waitFor('•'.repeat(8));
        app.write('\r');
        await app.waitFor((s) => joined(s).includes('Keyrejected(401)'));
        expect(app.screen()).toContain('Key:');
      } finally {
        app.kill();
      }
    });
  });
}
