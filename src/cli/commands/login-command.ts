/**
 * `pagetui login`: makes sure the key can be stored (keychain, else the file if the user agrees),
 * then gets the key (masked prompt, or stdin with --with-key), checks it with one request, saves it (keychain, or the plaintext file with --insecure-storage) and remembers the
 * base URL as the default profile when there is none. The key never reaches argv, a message or
 * the screen.
 */
import { letInkDraw } from '../ink-env.js';
import { loadConfig, saveDefaultProfileIfAbsent } from '../../auth/config.js';
import { applyKeymap, keyNamed } from '../../ui/keymap/index.js';
import { loadKeymap } from '../keymap-setting.js';
import { keychainProblem } from '../../auth/keychain.js';
import { readApiKeyFromStdin, saveApiKey } from '../../auth/login.js';
import { credentialsPath } from '../../auth/paths.js';
import type { AuthTarget } from './auth-target.js';
import { resolveAuthTarget } from './auth-target.js';
import { parseCommandFlags } from './command-flags.js';
import { EXIT, canPrompt, line, processIo, usageError, type CommandIo } from './command-io.js';
import { checkApiKey, type ApiKeyCheck } from './login-check.js';
import { fileStoreQuestion, refuseUnreadKey } from './login-keychain.js';

const LOGIN_OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  'with-key': { type: 'boolean', default: false },
  'insecure-storage': { type: 'boolean', default: false },
  'allow-insecure-http': { type: 'boolean', default: false },
} as const;

const PIPE_EXAMPLE = '`printenv MY_KEY | pagetui login --with-key`';

/** Where the key can come from here: an exit code (the reason written) when from nowhere. */
function checkKeyInput(io: CommandIo, withKey: boolean): number | undefined {
  if (withKey && io.stdin.isTTY === true) {
    return usageError(
      io,
      `--with-key reads the key from stdin, which is a terminal here: pipe it in (e.g. ${PIPE_EXAMPLE}), or run \`pagetui login\` to type it into a masked field.`,
    );
  }
  if (!withKey && !canPrompt(io)) {
    return usageError(io, `No terminal to type the key into: pipe the key to \`pagetui login --with-key\` instead (e.g. ${PIPE_EXAMPLE}).`);
  }
  return undefined;
}

/**
 * Without --insecure-storage, asks the keychain first: true to store in the keychain, false to use
 * the file the user agreed to, or an exit code (the reason written) — all before the key is read.
 */
async function chooseStore(io: CommandIo, withKey: boolean): Promise<boolean | number> {
  const problem = await keychainProblem({ env: io.env, ...io.keychain });
  if (problem === undefined) return true;
  if (withKey) {
    refuseUnreadKey(io, problem);
    // A flag is missing (--insecure-storage): a usage error, as the help's exit codes say.
    return EXIT.usage;
  }
  letInkDraw();
  const { confirmSaveAnyway } = await import('./login-prompts.js');
  if (await confirmSaveAnyway(io, problem, fileStoreQuestion(io))) return false;
  line(io.stderr, 'Login cancelled; nothing was saved. To use a key without saving it, set PAGETUI_API_KEY.');
  return EXIT.cancelled;
}

/**
 * The key from stdin or the prompt, or an exit code (the reason already written). `rejected`: why
 * the key typed before was refused, said under the prompt.
 */
async function obtainApiKey(io: CommandIo, withKey: boolean, origin: string, destination: string, rejected?: string): Promise<string | number> {
  if (withKey) {
    const r = await readApiKeyFromStdin(io.stdin);
    return r.ok ? r.value : usageError(io, r.reason);
  }
  letInkDraw();
  const { promptForKey } = await import('./login-prompts.js');
  const key = await promptForKey(io, origin, destination, rejected);
  if (key === undefined) {
    line(io.stderr, 'Login cancelled; nothing was saved.');
    return EXIT.cancelled;
  }
  return key;
}

const SESSION_PREFIX = /^Kept the key for this session only: /;

/** Saves the key and the default profile; reports where each went. */
async function save(io: CommandIo, target: AuthTarget, key: string, insecureStorage: boolean): Promise<number> {
  const saved = await saveApiKey(target.origin, key, {
    insecureStorage,
    env: io.env,
    ...(io.keychain === undefined ? {} : { keychain: io.keychain }),
  });
  if (saved.where === 'session') {
    line(io.stderr, `pagetui: The key works, but it was not saved. ${saved.message.replace(SESSION_PREFIX, '')}`);
    return EXIT.failure;
  }
  line(io.stdout, saved.message);
  if (saved.where === 'file') {
    line(io.stdout, 'The key is stored in plaintext: anyone who can read your files can use it. The keychain is safer when one is available.');
  }
  if ((io.env.PAGETUI_API_KEY ?? '').trim() !== '') {
    line(io.stderr, 'Note: PAGETUI_API_KEY is set in this environment and is used before the saved key.');
  }
  const profile = saveDefaultProfileIfAbsent(target.baseUrlText, io.env);
  if (profile.written) {
    line(io.stdout, `Saved ${target.baseUrlText} as the default base URL in ${profile.path}; plain \`pagetui\` now opens it.`);
  }
  if (profile.warning !== undefined) line(io.stderr, `pagetui: ${profile.warning}`);
  return EXIT.ok;
}

/**
 * Reads a key and checks it with one request. A rejected key typed at the prompt asks again (the
 * prompt says why; Esc cancels); one from stdin (--with-key) ends with the auth exit code.
 */
async function keyTheServerTook(
  io: CommandIo,
  target: AuthTarget,
  withKey: boolean,
  destination: string,
): Promise<{ key: string; check: Exclude<ApiKeyCheck, { kind: 'rejected' }> } | number> {
  let rejected: string | undefined;
  for (;;) {
    const key = await obtainApiKey(io, withKey, target.origin, destination, rejected);
    if (typeof key === 'number') return key;
    line(io.stderr, `Checking the key with ${target.baseUrlText} …`);
    const check = await checkApiKey(target.baseUrl, key);
    if (check.kind !== 'rejected') return { key, check };
    if (withKey) {
      line(io.stderr, `pagetui: ${check.message}; it was not saved. Check the key and run \`pagetui login\` again.`);
      return EXIT.auth;
    }
    rejected = `${check.message}; it was not saved. Try again, or press ${keyNamed('cancelLogin', 'loginKey')} to cancel.`;
  }
}

/** The prompts read the config's `"keys"` as the app does (its problems were said with the config's). */
function useKeymap(io: CommandIo): void {
  applyKeymap(loadKeymap(loadConfig(io.env)));
}

/** `pagetui login [--base-url URL | --profile NAME] [--with-key] [--insecure-storage] [--allow-insecure-http]`. */
export async function runLogin(argv: string[], io: CommandIo = processIo()): Promise<number> {
  const flags = parseCommandFlags(argv, LOGIN_OPTIONS, 'login');
  if (!flags.ok) return usageError(io, flags.message);
  const v = flags.values;
  const target = resolveAuthTarget(io, v, { allowInsecureHttp: v['allow-insecure-http'] === true });
  if (typeof target === 'number') return target;

  const withKey = v['with-key'] === true;
  const unusable = checkKeyInput(io, withKey);
  if (unusable !== undefined) return unusable;
  if (!withKey) useKeymap(io);
  let insecureStorage = v['insecure-storage'] === true;
  if (!insecureStorage) {
    const keychain = await chooseStore(io, withKey);
    if (typeof keychain === 'number') return keychain;
    insecureStorage = !keychain;
  }
  const destination = insecureStorage ? `${credentialsPath(io.env)} (a plaintext file)` : 'the system keychain';
  const checked = await keyTheServerTook(io, target, withKey, destination);
  if (typeof checked === 'number') return checked;
  const { key, check } = checked;
  if (check.kind === 'unusable') return usageError(io, `${check.message} It was not saved.`);
  if (check.kind === 'unverified') {
    const code = check.exitCode;
    if (withKey) {
      line(io.stderr, `pagetui: ${check.message} The key was not saved: with --with-key, a key that could not be checked is never saved.`);
      return code;
    }
    letInkDraw();
    const { confirmSaveAnyway } = await import('./login-prompts.js');
    if (!(await confirmSaveAnyway(io, check.message, 'Save the key anyway?'))) {
      line(io.stderr, 'The key was not saved.');
      return code;
    }
    line(io.stderr, 'Saving the key without checking it.');
  }
  return save(io, target, key, insecureStorage);
}
