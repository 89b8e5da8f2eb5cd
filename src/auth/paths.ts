import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** Environment as the auth functions read it (process.env by default at the call sites). */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * `$XDG_CONFIG_HOME/pagetui`, or `~/.config/pagetui`. A relative XDG_CONFIG_HOME is ignored, as the
 * XDG spec requires.
 */
export function configDir(env: Env): string {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'pagetui');
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  return join(home, '.config', 'pagetui');
}

/** `<configDir>/config.json`: profiles and the default profile (never a key). */
export const configPath = (env: Env): string => join(configDir(env), 'config.json');

/** `<configDir>/credentials.json`: keys stored with `login --insecure-storage`. */
export const credentialsPath = (env: Env): string => join(configDir(env), 'credentials.json');

/** The keychain account for a base URL: its origin (`https://host:port`), so one key per environment. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}
