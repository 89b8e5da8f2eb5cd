/** Config files as editors and accidents leave them: a byte-order mark, a file far too large. */
import { mkdirSync, openSync, closeSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, saveDefaultProfileIfAbsent } from '../../src/auth/config.js';
import { configPath } from '../../src/auth/paths.js';
import { cleanupTemp, tempDir } from './helpers.js';

afterEach(cleanupTemp);

function envWithFile(write: (path: string) => void): Record<string, string> {
  const env = { XDG_CONFIG_HOME: tempDir(), HOME: tempDir() };
  mkdirSync(join(env.XDG_CONFIG_HOME, 'pagetui'));
  write(configPath(env));
  return env;
}

describe('config file', () => {
  it('accepts a UTF-8 byte-order mark (Notepad writes one)', () => {
    const env = envWithFile((p) => writeFileSync(p, `\uFEFF${JSON.stringify({ profiles: { prod: { baseUrl: 'https://prod.example' } }, default: 'prod' })}`));
    const loaded = loadConfig(env);
    expect(loaded.config).toEqual({ profiles: { prod: { baseUrl: 'https://prod.example' } }, default: 'prod' });
    expect(loaded.problems).toEqual([]);
  });

  it('refuses a file over 1 MB without reading it, naming the file', () => {
    // Sparse: 600 MB on paper, nothing on disk; reading it whole would take 600 MB of memory.
    const env = envWithFile((p) => {
      const fd = openSync(p, 'w');
      ftruncateSync(fd, 600 * 1024 * 1024);
      closeSync(fd);
    });
    const loaded = loadConfig(env);
    expect(loaded.config).toEqual({ profiles: {} });
    expect(loaded.warning).toBe(`Ignoring ${configPath(env)}: it is 600 MiB, over the 1 MiB a config file may be (it was not read).`);
  });

  it('a file of exactly 1 MB is still read', () => {
    const body = JSON.stringify({ profiles: { p: { baseUrl: 'https://p.example' } } });
    const env = envWithFile((p) => writeFileSync(p, body.padEnd(1024 * 1024, ' ')));
    const loaded = loadConfig(env);
    expect(loaded.config).toEqual({ profiles: { p: { baseUrl: 'https://p.example' } } });
    expect(loaded.problems).toEqual([]);
  });

  it('login leaves a too-large file alone and says why', () => {
    const env = envWithFile((p) => writeFileSync(p, ' '.repeat(1024 * 1024 + 1)));
    const r = saveDefaultProfileIfAbsent('https://x.example', env);
    expect(r).toMatchObject({ written: false });
    expect(r.warning).toContain('bytes (1 MiB) a config file may be');
  });
});
