/** `pagetui keys`: the actions and their keys in effect, by context; the keymap's problems on stderr. */
import { loadConfig } from '../../auth/config.js';
import { configPath } from '../../auth/paths.js';
import { keysListing } from '../../ui/keymap/index.js';
import { KEYS_HELP } from './keys-help.js';
import { loadKeymap } from '../keymap-setting.js';
import { parseCommandFlags } from './command-flags.js';


export function runKeys(rest: readonly string[], env: NodeJS.ProcessEnv = process.env, out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): number {
  const parsed = parseCommandFlags(rest, { help: { type: 'boolean', short: 'h', default: false } }, 'keys');
  if (!parsed.ok) {
    err.write(`pagetui: ${parsed.message}\n`);
    return 2;
  }
  if (parsed.values.help) {
    out.write(KEYS_HELP);
    return 0;
  }
  const loaded = loadConfig(env);
  if (loaded.warning !== undefined) err.write(`pagetui: ${loaded.warning}\n`);
  const keymap = loadKeymap(loaded);
  for (const problem of keymap.problems) err.write(`pagetui: ${problem}\n`);
  out.write(`# Config: ${configPath(env)}\n\n${keysListing(keymap.bindings)}`);
  return 0;
}
