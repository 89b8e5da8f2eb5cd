/**
 * Every problem of the config file, as `pagetui config check` lists them and `pagetui doctor`
 * counts them: the schema's, the views' (a query that does not parse), a default naming no
 * profile, then the keymap's (unknown actions, key names, two actions on one key).
 */
import type { LoadedConfig } from '../auth/config.js';
import type { Env } from '../auth/paths.js';
import { inFileOrder, locatedProblem } from '../config-schema/index.js';
import { loadKeymap } from './keymap-setting.js';
import { loadConfigWithViews } from './start-view.js';

export interface CheckedConfigFile {
  readonly loaded: LoadedConfig;
  /** One line each: the file's in its order, then the keymap's. */
  readonly problems: readonly string[];
}

export function checkConfigFile(env: Env): CheckedConfigFile {
  const loaded = loadConfigWithViews(env);
  const { config, source } = loaded;
  const located = [...loaded.problems];
  if (config.default !== undefined && config.profiles[config.default] === undefined && source) {
    located.push(locatedProblem(source.path, source.text, ['default'], `no profile is named ${JSON.stringify(config.default)}`, 'no profile is used by default'));
  }
  return { loaded, problems: [...inFileOrder(located), ...loadKeymap(loaded).problems] };
}
