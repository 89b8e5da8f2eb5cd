/**
 * `pagetui doctor`'s Config line: what the file holds (profiles, keys, commands, views, settings),
 * or its problems counted as `pagetui config check` counts them (one function: config-problems.ts).
 */
import { existsSync } from 'node:fs';
import type { PagetuiConfig } from '../../../auth/config.js';
import { configPath, type Env } from '../../../auth/paths.js';
import { checkConfigFile } from '../../config-problems.js';
import { result, type CheckResult } from './check.js';

const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The settings other than the lists, as set: "theme dark", "timeout 60 s", "cache off". */
function settingsOf(config: PagetuiConfig): string[] {
  const said: string[] = [];
  if (config.theme !== undefined) said.push(`theme ${config.theme}`);
  if (config.mouse === true) said.push('mouse on');
  if (config.timeout !== undefined) said.push(`timeout ${config.timeout} s`);
  if (config.cache === false) said.push('cache off');
  if (config.screenReader !== undefined) said.push(`screenReader ${config.screenReader ? 'on' : 'off'}`);
  if (config.reduceMotion !== undefined) said.push(`reduceMotion ${config.reduceMotion ? 'on' : 'off'}`);
  if (config.log !== undefined) said.push('log');
  return said;
}

/** The commands that fit the schema (one it took out is `undefined` at its index). */
const commandCount = (config: PagetuiConfig): number => config.commands?.filter((c) => c !== undefined).length ?? 0;

/** What a config holds, in a few words: `2 profiles (default "prod"), 9 "keys" entries, 6 commands, 3 views; theme dark`. */
function configHolds(config: PagetuiConfig): string {
  const profiles = Object.keys(config.profiles).length;
  const lists = [
    profiles === 0 ? '' : `${counted(profiles, 'profile')}${config.default === undefined ? '' : ` (default ${JSON.stringify(config.default)})`}`,
    config.keys === undefined ? '' : counted(Object.keys(config.keys).length, '"keys" entry', '"keys" entries'),
    config.commands === undefined ? '' : counted(commandCount(config), 'command'),
    config.views === undefined ? '' : counted(Object.keys(config.views).length, 'view'),
  ].filter((part) => part !== '');
  const settings = settingsOf(config);
  if (lists.length === 0 && settings.length === 0) return 'empty: pagetui uses its defaults';
  return [lists.join(', '), settings.join(', ')].filter((part) => part !== '').join('; ');
}

/** Some of the config's problems in one line: how many, the first (in the file's order) and where to read them all. */
export function problemsSummary(problems: readonly string[]): string {
  const [first = ''] = problems;
  const more = problems.length === 1 ? '1 problem' : `${problems.length} problems, the first`;
  return `${more}: ${first.replace(/\.$/, '')} (pagetui config check lists ${problems.length === 1 ? 'it' : 'them all'})`;
}

export function configCheck(env: Env): CheckResult {
  const path = configPath(env);
  const { loaded, problems } = checkConfigFile(env);
  const { config } = loaded;
  const facts = {
    path,
    valid: problems.length === 0,
    problems: problems.length,
    profiles: Object.keys(config.profiles).length,
    defaultProfile: config.default ?? null,
    keys: Object.keys(config.keys ?? {}).length,
    commands: commandCount(config),
    views: Object.keys(config.views ?? {}).length,
  };
  if (problems.length > 0) return result('config', 'Config', 'warn', problemsSummary(problems), facts);
  if (!existsSync(path)) return result('config', 'Config', 'pass', `${path}: none (optional: profiles, keys, commands, views, theme…; pagetui config path)`, facts);
  return result('config', 'Config', 'pass', `${path}: ${configHolds(config)}`, facts);
}
