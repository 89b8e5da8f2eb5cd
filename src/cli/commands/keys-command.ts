/** `pagetui keys`: the actions and their keys in effect, by context; the config's problems on stderr. */
import { configPath } from '../../auth/paths.js';
import { keysListing } from '../../ui/keymap/index.js';
import { KEYS_HELP } from './keys-help.js';
import { checkConfigFile, problemsSaid } from '../config-problems.js';
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
  // Said as `pagetui config check` lists them: every one, in the file's order, then their count.
  const { keymap, problems } = checkConfigFile(env);
  for (const line of problemsSaid(problems, configPath(env))) err.write(`pagetui: ${line}\n`);
  out.write(`# Config: ${configPath(env)}\n\n${keysListing(keymap.bindings)}`);
  return 0;
}
