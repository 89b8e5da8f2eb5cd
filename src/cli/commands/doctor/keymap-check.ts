/**
 * `pagetui doctor`'s keymap line: the config's `"keys"` and `"commands"`, or their problems counted,
 * the first said as `pagetui config check` says it (config-problems.ts).
 */
import { loadConfig } from '../../../auth/config.js';
import type { Env } from '../../../auth/paths.js';
import { keymapProblems } from '../../config-problems.js';
import { loadKeymap } from '../../keymap-setting.js';
import { result, type CheckResult } from './check.js';
import { problemsSummary } from './config-check.js';

export function keymapCheck(env: Env): CheckResult {
  const loaded = loadConfig(env);
  const keymap = loadKeymap(loaded);
  const problems = keymapProblems(loaded, keymap.problems);
  const remapped = Object.keys(loaded.config.keys ?? {}).length;
  const own = keymap.ownCommands.length;
  const facts = { entries: remapped, commands: own, problems: problems.length };
  if (problems.length > 0) return result('keymap', 'Keymap', 'warn', problemsSummary(problems), facts);
  if (remapped === 0 && own === 0) return result('keymap', 'Keymap', 'pass', 'the default keys (no "keys" or "commands" in the config)', facts);
  return result('keymap', 'Keymap', 'pass', `${remapped} "keys" entr${remapped === 1 ? 'y' : 'ies'}, ${own} command${own === 1 ? '' : 's'} of your own; pagetui keys lists them all`, facts);
}
