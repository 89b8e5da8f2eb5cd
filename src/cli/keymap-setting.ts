/** The key table in effect for this run, from the config's `"keys"` and `"commands"` (ui/keymap). */
import { configPlaces } from '../auth/config-place.js';
import type { LoadedConfig } from '../auth/config.js';
import { buildKeymap, defaultKeymap, type Keymap } from '../ui/keymap/index.js';

export function loadKeymap(loaded: LoadedConfig): Keymap {
  const { keys, commands } = loaded.config;
  if (keys === undefined && commands === undefined) return defaultKeymap();
  const place = loaded.source ? configPlaces(loaded.source.path, loaded.source.text) : () => 'config.json';
  return buildKeymap({ keys, commands }, place);
}

/** The status bar's words for the keymap's problems at start: the first, and how many more (`pagetui doctor` lists them). */
export function keymapNotice(problems: readonly string[]): string | undefined {
  if (problems.length === 0) return undefined;
  const more = problems.length > 1 ? ` (${problems.length - 1} more: pagetui keys or pagetui doctor)` : '';
  return `${problems[0]}${more}`;
}
