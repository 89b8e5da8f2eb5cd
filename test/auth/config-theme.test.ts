import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/auth/config.js';
import { cleanupTemp, tempDir } from './helpers.js';

afterEach(cleanupTemp);

function envWith(config: unknown): Record<string, string | undefined> {
  const xdg = tempDir();
  mkdirSync(join(xdg, 'pagetui'));
  writeFileSync(join(xdg, 'pagetui', 'config.json'), JSON.stringify(config));
  return { XDG_CONFIG_HOME: xdg, HOME: tempDir() };
}

describe('the config file theme key', () => {
  it('is read when it is auto, dark or light', () => {
    for (const theme of ['auto', 'dark', 'light']) expect(loadConfig(envWith({ theme })).config.theme).toBe(theme);
  });

  it('is ignored, with the rest of the file kept and one line saying so, when it is anything else', () => {
    const profiles = { prod: { baseUrl: 'https://prod.example' } };
    for (const theme of ['sepia', 3, null, { dark: true }]) {
      const loaded = loadConfig(envWith({ profiles, default: 'prod', theme }));
      expect(loaded.config).toEqual({ profiles, default: 'prod' });
      expect(loaded.problems).toHaveLength(1);
      expect(loaded.problems[0]).toMatch(/config\.json line 1: theme: expected one of auto, dark, light; got .* — the default \(auto\) is used$/);
    }
  });
});
