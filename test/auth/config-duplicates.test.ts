/**
 * A member given twice in the config file: JSON.parse keeps the last one silently, so loading
 * says so, with the line of each and which one is used; messages about the entry name the line
 * of the one used.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configPlaces } from '../../src/auth/config-place.js';
import { loadConfig } from '../../src/auth/config.js';
import { configPath } from '../../src/auth/paths.js';
import { loadKeymap } from '../../src/cli/keymap-setting.js';
import { cleanupTemp, tempDir } from './helpers.js';

afterEach(cleanupTemp);

function envWith(text: string): Record<string, string | undefined> {
  const xdg = tempDir();
  mkdirSync(join(xdg, 'pagetui'));
  writeFileSync(join(xdg, 'pagetui', 'config.json'), text);
  return { XDG_CONFIG_HOME: xdg, HOME: tempDir() };
}

const TWICE = [
  '{',
  '  "keys": {',
  '    "moveDown": "x"',
  '  },',
  '  "theme": "dark",',
  '  "keys": {',
  '    "sort": "X",',
  '    "refresh": "f5",',
  '    "sort": "hyper-x",',
  '    "sort": "Z"',
  '  }',
  '}',
].join('\n');

describe('members given twice', () => {
  it('are each said with the lines of all and the one used', () => {
    const env = envWith(TWICE);
    const path = configPath(env);
    const loaded = loadConfig(env);
    expect(loaded.problems).toEqual([
      `${path} line 6: keys is given twice (lines 2 and 6); the last one, at line 6, is used and the other is ignored`,
      `${path} line 10: keys.sort is given 3 times (lines 7, 9 and 10); the last one, at line 10, is used and the others are ignored`,
    ]);
    expect(loaded.config.keys).toEqual({ sort: 'Z', refresh: 'f5' });
  });

  it('in a list or deeper down too, and nothing for a file without any', () => {
    const text = '{\n  "commands": [\n    { "key": "o",\n      "key": "p", "screen": "groups", "description": "d", "argv": ["x"] }\n  ],\n  "profiles": { "a": { "baseUrl": "https://a.example", "baseUrl": "https://b.example" } }\n}\n';
    const env = envWith(text);
    const path = configPath(env);
    expect(loadConfig(env).problems).toEqual([
      `${path} line 4: commands[0].key is given twice (lines 3 and 4); the last one, at line 4, is used and the other is ignored`,
      `${path} line 6: profiles.a.baseUrl is given twice (lines 6 and 6); the last one, at line 6, is used and the other is ignored`,
    ]);
    expect(loadConfig(envWith('{\n  "keys": { "sort": "X" },\n  "theme": "dark"\n}\n')).problems).toEqual([]);
  });

  it('a keymap problem names the line of the entry used', () => {
    const text = '{\n  "keys": {\n    "top": "g",\n    "top": "hyper-g"\n  }\n}\n';
    expect(configPlaces('/c.json', text)(['keys', 'top'])).toBe('/c.json:4');
    const env = envWith(text);
    expect(loadKeymap(loadConfig(env)).problems).toEqual([`"hyper-g" (for top) is not a key name; top keeps its default keys (g, home) (${configPath(env)}:4).`]);
  });
});
