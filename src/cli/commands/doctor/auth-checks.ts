/**
 * The config file, the keychain and where the key for the base URL comes from (src/auth), worded
 * as `pagetui auth status` words them. The key itself is handed to the service check, never shown.
 */
import { maskApiKey, resolveApiKey, type ApiKeySource } from '../../../auth/api-key-source.js';
import { loadConfig } from '../../../auth/config.js';
import { debugLogPath } from '../../debug-log/debug-log.js';
import { withoutFallbacks } from '../../../auth/keychain-errors.js';
import { probeKeychain, type KeychainOptions } from '../../../auth/keychain.js';
import { credentialsPath, type Env } from '../../../auth/paths.js';
import { keySourceText, whyNot } from '../auth-status-command.js';
import { apiKeyHeaderProblem } from '../../../text/api-key-limits.js';
import { result, type CheckResult } from './check.js';
import { logWriteProblem } from './log-writable.js';
import { sanitize } from '../../../text/sanitize.js';

/** Where the app's debug log goes (PAGETUI_LOG, else "log" in the config), or that it is off. */
export function debugLogCheck(env: Env): CheckResult {
  const configured = loadConfig(env).config.log;
  const path = debugLogPath(undefined, env, configured);
  if (path === undefined) return result('debug-log', 'Debug log', 'pass', 'off (--log FILE, PAGETUI_LOG or "log" in config.json turn it on)', { path: null });
  const from = env.PAGETUI_LOG !== undefined ? 'PAGETUI_LOG' : '"log" in config.json';
  const problem = logWriteProblem(path);
  if (problem !== undefined) {
    return result('debug-log', 'Debug log', 'warn', `${sanitize(path)} (from ${from}) cannot be written: ${problem}; the app runs without it`, { path, from, writable: false });
  }
  return result('debug-log', 'Debug log', 'pass', `${path} (from ${from}; 0600, appended to by the app and by groups and pages; doctor writes none)`, { path, from });
}

export interface KeyFinding {
  readonly checks: CheckResult[];
  /** The key to send, when there is one. */
  readonly key?: string;
  readonly source?: ApiKeySource | 'demo';
  /** A key was found that no header can carry (too long, a line break): it is not sent. */
  readonly unsendable?: true;
}

/**
 * The key for `origin` (none looked up when `origin` is undefined: no base URL; the demo's own
 * with `demoKey`) and whether the keychain is reachable.
 */
export async function keyChecks(origin: string | undefined, env: Env, keychain: KeychainOptions, demoKey?: string): Promise<KeyFinding> {
  if (demoKey !== undefined) {
    const probe = await probeKeychain({ env, ...keychain });
    const kc = keychainLine(probe.ok ? undefined : probe.reason, false);
    return { checks: [kc, result('key', 'API key', 'pass', `${maskApiKey(demoKey)}, the demo server's own (--demo)`, { source: 'demo' })], key: demoKey, source: 'demo' };
  }
  if (origin === undefined) {
    const probe = await probeKeychain({ env, ...keychain });
    return { checks: [keychainLine(probe.ok ? undefined : probe.reason, false), result('key', 'API key', 'skip', 'not looked up: there is no base URL to look one up for', { source: null })] };
  }
  const found = await resolveApiKey(origin, env, { keychain });
  let unreachable: string | undefined;
  if (found.source !== 'keychain') {
    const probe = await probeKeychain({ env, ...keychain });
    if (!probe.ok) unreachable = probe.reason;
  }
  const notes = found.notes.filter((note) => note !== unreachable);
  const plain = found.source === 'env' || found.source === 'file';
  const kc = keychainLine(unreachable, plain);
  const text = keySourceText({ source: found.source, origin, ...(found.key === undefined ? {} : { maskedKey: maskApiKey(found.key) }) }, env);
  const facts = { source: found.source, credentialsFile: credentialsPath(env), skippedFile: notes.some((n) => n.includes(credentialsPath(env))) };
  if (found.key === undefined) {
    // A refused file comes first: its fix (chmod) is the one the user most likely needs.
    const summary =
      notes.length > 0
        ? `none usable for ${origin}: ${notes.join(' ')} Else run \`pagetui login\`, or set PAGETUI_API_KEY.`
        : `${text}, or \`pagetui login --insecure-storage\` for a 0600 file at ${credentialsPath(env)}.`;
    return { checks: [kc, result('key', 'API key', 'fail', summary, facts)], source: 'none' };
  }
  const why = notes.length === 0 ? '' : `; ${notes.join(' ')}`;
  // A key no header can carry is never sent: the key is at fault, not the service.
  const unsendable = apiKeyHeaderProblem(found.key);
  if (unsendable !== undefined) {
    const fix = found.source === 'env' ? 'set PAGETUI_API_KEY to the key alone' : 'run `pagetui login` to save the key alone';
    return { checks: [kc, result('key', 'API key', 'fail', `${text}: the key ${unsendable}, so nothing was sent; ${fix}`, { ...facts, sendable: false })], source: found.source, unsendable: true };
  }
  return { checks: [kc, result('key', 'API key', 'pass', `${text}${why}`, facts)], key: found.key, source: found.source };
}

function keychainLine(reason: string | undefined, keyElsewhere: boolean): CheckResult {
  if (reason === undefined) return result('keychain', 'Keychain', 'pass', 'reachable', { reachable: true });
  const said = whyNot(keyElsewhere ? withoutFallbacks(reason) : reason);
  return result('keychain', 'Keychain', 'warn', `not reachable: ${said}`, { reachable: false });
}
