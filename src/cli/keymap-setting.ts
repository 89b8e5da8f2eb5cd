/** The key table in effect for this run, from the config's `"keys"` and `"commands"` (ui/keymap). */
import { configPlaces } from '../auth/config-place.js';
import type { LoadedConfig } from '../auth/config.js';
import { buildKeymap, defaultKeymap, keyNamed, type Keymap } from '../ui/keymap/index.js';

export function loadKeymap(loaded: LoadedConfig): Keymap {
  const { keys, commands } = loaded.config;
  if (keys === undefined && commands === undefined) return defaultKeymap();
  const place = loaded.source ? configPlaces(loaded.source.path, loaded.source.text) : () => 'config.json';
  return buildKeymap({ keys, commands }, place);
}

/**
 * What the status bar keeps of the problems found at start (the config's and the keymap's),
 * however narrow it is: how many more there are and that the last-error key lists them all, or, for
 * one alone, that it says it whole.
 */
export function startupProblemsHint(count: number): string | undefined {
  if (count === 0) return undefined;
  const key = keyNamed('showError', 'list');
  return count === 1 ? `${key} says it in full` : `${count - 1} more: ${key} lists them`;
}
