/**
 * The config file `$XDG_CONFIG_HOME/pagetui/config.json` (issue 7):
 * `{"profiles":{"prod":{"baseUrl":"https://…"}},"default":"prod"}`. It never holds a key.
 * A malformed file never stops the app: it is ignored with one warning line.
 */
import { basename } from 'node:path';
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { writeFileAtomicSync } from '../fs/atomic-write.js';
import { byteSize } from '../text/bytes.js';
import { countText } from '../text/count.js';
import { jsonText } from '../text/json.js';
import { checkConfig, duplicateProblems, inFileOrder, locatedProblem } from '../config-schema/index.js';
import { configPath, type Env } from './paths.js';
import { addView, fileModeOf, readViews, saveViewToConfig, type SavedView } from './config-views.js';
import { setJsonMember } from '../config-schema/json-edit.js';
import { couldNotBeRead } from '../fs/read-failure-words.js';

export interface Profile {
  readonly baseUrl: string;
}

export interface PagetuiConfig {
  readonly profiles: Readonly<Record<string, Profile>>;
  /** Name of the default profile, if any. */
  readonly default?: string;
  /** The app's theme. */
  readonly theme?: 'auto' | 'dark' | 'light';
  /** `"mouse": true`: as `--mouse` on every start. */
  readonly mouse?: boolean;
  /** `"timeout": 60`: as `--timeout 60` (seconds) when neither the flag nor PAGETUI_TIMEOUT is set. */
  readonly timeout?: number;
  /** `"log": "FILE"`: as `--log FILE` when neither the flag nor PAGETUI_LOG is set. */
  readonly log?: string;
  /** `"cache": false`: as `--no-cache` on every start (docs/cache.md). */
  readonly cache?: boolean;
  /** `"screenReader"` and `"reduceMotion"` (docs/accessibility.md). */
  readonly screenReader?: boolean;
  readonly reduceMotion?: boolean;
  /** `"keys"`: action name → key or keys, as written (checked against the key table by ui/keymap). */
  readonly keys?: Readonly<Record<string, unknown>>;
  /** `"commands"`: the user's own commands, as written (checked by ui/keymap), each at its index; one the schema took out is `undefined`. */
  readonly commands?: readonly unknown[];
  /** `"views"`: saved views by name (config-views.ts, docs/views.md). */
  readonly views?: Readonly<Record<string, SavedView>>;
}

export interface LoadedConfig {
  readonly config: PagetuiConfig;
  /** One line: the file unusable (the config is then empty), or its first problem and how many more. */
  readonly warning?: string;
  /** Every problem, one line each (`pagetui config check`). */
  readonly problems: readonly string[];
  /** The file and its text, for messages naming the line of an entry (see config-place.ts). */
  readonly source?: { readonly path: string; readonly text: string };
}

const EMPTY: PagetuiConfig = { profiles: {} };

/** The longest wait for one response that `--timeout`, PAGETUI_TIMEOUT or `"timeout"` may set. */
export const MAX_TIMEOUT_SECONDS = 3600;

/** A timeout in seconds as the flag, the variable and the config file take it: 1 to MAX_TIMEOUT_SECONDS, whole. */
export const isTimeoutSeconds = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= MAX_TIMEOUT_SECONDS;

/** The file as read; `text` is without a byte-order mark, which `bom` says was there. */
type ReadRaw = { kind: 'absent' } | { kind: 'ok'; raw: Record<string, unknown>; text: string; bom: boolean } | { kind: 'bad'; problem: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Turns JSON.parse's message into "line L, column C" without echoing the file's content. */
function jsonProblem(text: string, e: unknown): string {
  const m = /position (\d+)/.exec(e instanceof Error ? e.message : '');
  if (!m) return 'it is not valid JSON';
  const pos = Number(m[1]);
  const before = text.slice(0, pos).split('\n');
  return `it is not valid JSON (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

/** A config file is a few hundred bytes; anything over this is not one, and is not read. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** Why a file of `size` bytes is not read, its size said as it is (rounded, it could read as the limit itself). */
function tooLargeText(size: number): string {
  const shown = byteSize(size);
  if (shown !== byteSize(MAX_CONFIG_BYTES)) return `it is ${shown}, over the ${byteSize(MAX_CONFIG_BYTES)} a config file may be (it was not read)`;
  return `it is ${countText(size)} bytes, over the ${countText(MAX_CONFIG_BYTES)} bytes (${shown}) a config file may be (it was not read)`;
}

/** The file's text (a UTF-8 byte-order mark dropped), or why it was not read; its size is checked first. */
function readText(path: string): { text: string; bom: boolean } | ReadRaw {
  let fd: number;
  try {
    // Opening a FIFO waits for a writer: anything but a regular file is refused before it is opened.
    if (!statSync(path).isFile()) return { kind: 'bad', problem: 'it is not a regular file (it was not read)' };
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'bad', problem: `it ${couldNotBeRead(code)}` };
  }
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_CONFIG_BYTES) return { kind: 'bad', problem: tooLargeText(size) };
    // Read at most one byte more than allowed, whatever the size said (a file growing, a device).
    const buffer = Buffer.allocUnsafe(MAX_CONFIG_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > MAX_CONFIG_BYTES) return { kind: 'bad', problem: 'it is larger than the 1 MiB a config file may be (it was not read)' };
    const text = buffer.toString('utf8', 0, length);
    const bom = text.charCodeAt(0) === 0xfeff;
    return { text: bom ? text.slice(1) : text, bom };
  } catch (e) {
    return { kind: 'bad', problem: `it ${couldNotBeRead((e as NodeJS.ErrnoException).code)}` };
  } finally {
    closeSync(fd);
  }
}

function readRaw(path: string): ReadRaw {
  const read = readText(path);
  if (!('text' in read)) return read;
  const { text, bom } = read;
  if (text.trim() === '') return { kind: 'absent' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { kind: 'bad', problem: jsonProblem(text, e) };
  }
  if (!isPlainObject(parsed)) return { kind: 'bad', problem: 'it must hold a JSON object' };
  return { kind: 'ok', raw: parsed, text, bom };
}

/** The typed config from a value the schema has checked (everything left in it fits), and problems past the schema. */
function typedConfig(value: Record<string, unknown>, path = '', text = ''): { config: PagetuiConfig; problems: string[] } {
  const profiles: Record<string, Profile> = {};
  for (const [name, p] of Object.entries((value.profiles ?? {}) as Record<string, Profile>)) profiles[name] = { baseUrl: p.baseUrl.trim() };
  const { default: name, theme, mouse, timeout, log, cache, screenReader, reduceMotion } = value as Omit<Partial<PagetuiConfig>, 'profiles'>;
  const problems: string[] = [];
  // Each view on its own: a bad one is left out, the others stay.
  const views: Record<string, SavedView> = {};
  for (const [viewName, view] of Object.entries(isPlainObject(value.views) ? value.views : {})) {
    const read = readViews({ [viewName]: view });
    if ('problem' in read) problems.push(locatedProblem(path, text, ['views', viewName], read.problem.replace(/^view "(?:[^"\\]|\\.)*":? /, ''), 'that view is not used'));
    else for (const [n, v] of Object.entries(read.views)) addView(views, n, v);
  }
  return {
    problems,
    config: {
      profiles,
      ...(name === undefined ? {} : { default: name }),
      ...(theme === undefined ? {} : { theme }),
      ...(mouse === true ? { mouse: true } : {}),
      ...(timeout === undefined ? {} : { timeout }),
      ...(log === undefined ? {} : { log }),
      ...(cache === false ? { cache: false } : {}),
      ...(screenReader === undefined ? {} : { screenReader }),
      ...(reduceMotion === undefined ? {} : { reduceMotion }),
      ...(isPlainObject(value.keys) ? { keys: value.keys } : {}),
      ...(Array.isArray(value.commands) ? { commands: value.commands as unknown[] } : {}),
      ...(value.views === undefined ? {} : { views }),
    },
  };
}

/**
 * A problem of the config as the app's status bar says it: its file named by its base name (the
 * whole path is in `pagetui config check`).
 */
export function shortConfigProblem(problem: string, path: string): string {
  const name = basename(path);
  return problem.startsWith(`${path} `) ? `${name} ${problem.slice(path.length + 1)}` : problem.replace(`Ignoring ${path}:`, `Ignoring ${name}:`);
}

/** One line for the status bar or stderr: the first problem, and how many more `pagetui config check` lists. */
function configNotice(problems: readonly string[]): string | undefined {
  const [first] = problems;
  if (first === undefined) return undefined;
  const more = problems.length - 1;
  return more === 0 ? first : `${first} (and ${more} more: run \`pagetui config check\`)`;
}

/**
 * Reads the config file. Absent or empty: an empty config, no warning. Malformed (bad JSON, not an
 * object, unreadable): an empty config and one warning line naming the file and the problem.
 * A value that does not fit the schema (schema/config.schema.json) is dropped, as if absent, with
 * one line in `problems` naming the file, the line, the key, what was expected and what happens
 * instead; the rest of the file is used.
 */
export function loadConfig(env: Env): LoadedConfig {
  const path = configPath(env);
  const read = readRaw(path);
  if (read.kind === 'absent') return { config: EMPTY, problems: [] };
  if (read.kind === 'bad') {
    const warning = `Ignoring ${path}: ${read.problem}.`;
    return { config: EMPTY, warning, problems: [warning] };
  }
  const checked = checkConfig(read.raw, read.text, path);
  const typed = typedConfig(checked.value, path, read.text);
  // A "cache" not understood is off, not the default (its problem says so: config-schema/problem-text.ts).
  if ('cache' in read.raw && typeof read.raw['cache'] !== 'boolean') typed.config = { ...typed.config, cache: false };
  const problems = [...duplicateProblems(read.text, path), ...inFileOrder([...checked.problems, ...typed.problems])];
  const warning = configNotice(problems);
  return { config: typed.config, problems, source: { path, text: read.text }, ...(warning === undefined ? {} : { warning }) };
}

/** `loaded` with `problems` found past the schema added (in the file's order) and `config` in place of its own. */
export function withProblems(loaded: LoadedConfig, config: PagetuiConfig, problems: readonly string[]): LoadedConfig {
  if (problems.length === 0) return loaded;
  const all = inFileOrder([...loaded.problems, ...problems]);
  const warning = configNotice(all);
  return { ...loaded, config, problems: all, ...(warning === undefined ? {} : { warning }) };
}

export interface SaveDefaultResult {
  /** True when the file was written. */
  readonly written: boolean;
  readonly path: string;
  /** Why nothing was written when that is worth telling (a malformed file is left untouched). */
  readonly warning?: string;
}

/**
 * Used by `login`: when no default profile exists, records `baseUrl` as profile `default` and makes
 * it the default, keeping every other byte of the file (config-schema/json-edit.ts) and its mode. Does nothing when a default profile exists,
 * and never touches a malformed file. Atomic write; the folder is created 0700 when absent.
 */
export function saveDefaultProfileIfAbsent(baseUrl: string, env: Env): SaveDefaultResult {
  const path = configPath(env);
  const read = readRaw(path);
  if (read.kind === 'bad') {
    return { written: false, path, warning: `Did not save the base URL to ${path}: ${read.problem}.` };
  }
  const raw = read.kind === 'ok' ? read.raw : {};
  if (raw.profiles !== undefined && !isPlainObject(raw.profiles)) {
    return { written: false, path, warning: `Did not save the base URL to ${path}: "profiles" is not an object.` };
  }
  const { config } = typedConfig(read.kind === 'ok' ? checkConfig(raw, read.text, path).value : {});
  if (config.default !== undefined && config.profiles[config.default]) return { written: false, path };
  // A profile already named "default" with another URL is left alone: pick a free name.
  let name = 'default';
  for (let i = 2; (config.profiles[name]?.baseUrl ?? baseUrl) !== baseUrl; i++) name = `default-${i}`;
  const profiles: Record<string, unknown> = isPlainObject(raw.profiles) ? raw.profiles : {};
  const existing = profiles[name];
  const profile = { ...(isPlainObject(existing) ? existing : {}), baseUrl };
  if (read.kind !== 'ok') {
    writeFileAtomicSync(path, `${jsonText({ profiles: { [name]: profile }, default: name }, 2)}\n`, 0o600);
    return { written: true, path };
  }
  // Only those two members change: every other byte of the file stays, and its mode (as `V` does).
  const withProfile = setJsonMember(`${read.bom ? '\ufeff' : ''}${read.text}`, ['profiles', name], profile);
  const edited = withProfile === undefined ? undefined : setJsonMember(withProfile, ['default'], name);
  if (edited === undefined) return { written: false, path, warning: `Did not save the base URL to ${path}: its "profiles" and "default" could not be changed alone.` };
  writeFileAtomicSync(path, edited, fileModeOf(path));
  return { written: true, path };
}

/**
 * The names of the config's profiles or saved views, for shell completion: those that fit the
 * schema, without any holding a control character (a name is one line of the completion's input).
 */
export function configNames(env: Env, of: 'profiles' | 'views'): string[] {
  const read = readRaw(configPath(env));
  if (read.kind !== 'ok') return [];
  const names = checkConfig(read.raw, read.text, '').value[of];
  return isPlainObject(names) ? Object.keys(names).filter((name) => !/[\u0000-\u001f\u007f-\u009f]/.test(name)) : [];
}

/** Saves view `name` into the config file, keeping the rest of it; returns the path. Throws an Error meant for the user. */
export const saveView = (name: string, view: SavedView, env: Env): string => saveViewToConfig(name, view, env, readRaw);
