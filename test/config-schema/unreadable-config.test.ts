/**
 * A config file pagetui may not read is said in words ("permission denied"), its code after them,
 * not as a bare errno: root reads any file, so the refusal is made here by `openSync` throwing
 * what the kernel says to another user (and, as such a user, by the file's mode).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/auth/config.js';
import { cleanupTemp, tempDir } from '../auth/helpers.js';
import { canRun, RUNS_AS_ROOT } from '../helpers/require.js';

const refused = vi.hoisted(() => ({ code: undefined as string | undefined }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = (...args: Parameters<typeof fs.openSync>): number => {
    if (refused.code !== undefined && String(args[0]).endsWith('config.json')) throw Object.assign(new Error(`${refused.code}: refused`), { code: refused.code });
    return fs.openSync(...args);
  };
  return { ...fs, default: { ...fs, openSync }, openSync };
});

afterEach(() => {
  refused.code = undefined;
  cleanupTemp();
});

function configFile(): Record<string, string> {
  const xdg = tempDir();
  mkdirSync(join(xdg, 'pagetui'));
  writeFileSync(join(xdg, 'pagetui', 'config.json'), '{"theme": "dark"}');
  return { XDG_CONFIG_HOME: xdg, HOME: tempDir() };
}

it.each([
  ['EACCES', 'permission denied (EACCES)'],
  ['EPERM', 'permission denied (EPERM)'],
  ['EIO', 'the disk reported an input/output error (EIO)'],
  ['EWHATEVER', '(EWHATEVER)'],
])('a config file refused with %s is said in words', (code, said) => {
  const env = configFile();
  refused.code = code;
  const { warning } = loadConfig(env);
  expect(warning).toContain(`it could not be read: ${said}`.replace(': (', ' ('));
});

it('as another user than root, a config file of mode 000 is said as permission denied', () => {
  if (!canRun('PAGETUI_REQUIRE_NOT_ROOT', RUNS_AS_ROOT)) return;
  const env = configFile();
  chmodSync(join(env.XDG_CONFIG_HOME!, 'pagetui', 'config.json'), 0o000);
  expect(loadConfig(env).warning).toContain('it could not be read: permission denied (EACCES)');
});
