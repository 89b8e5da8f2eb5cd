/** `pagetui --help` with the keys in effect: the config's `"keys"` read as the app reads them. */
import { loadConfig } from '../auth/config.js';
import { defaultKeymap, quickKeys } from '../ui/keymap/index.js';
import { appHelp } from './help.js';
import { loadKeymap } from './keymap-setting.js';

export function appHelpText(env: NodeJS.ProcessEnv): string {
  let keymap = defaultKeymap();
  try {
    keymap = loadKeymap(loadConfig(env));
  } catch {
    // Help is shown whatever the config holds: with the default keys if it cannot be read.
  }
  return appHelp(quickKeys(keymap.bindings));
}
