/**
 * Which base URL to use, first found wins (api-contract.md): `--base-url`, `--profile NAME`'s
 * baseUrl, `PAGETUI_BASE_URL`, `PAGETUI_PROFILE`'s, the config file's default profile. The URL is
 * returned as a string; the caller validates it (parseBaseUrl in src/api).
 */
import { loadConfig, type PagetuiConfig } from './config.js';
import { configPath, type Env } from './paths.js';
import { quote } from './result.js';

export type BaseUrlSource = 'flag' | 'profile' | 'env' | 'env-profile' | 'config-default' | 'none';

export interface BaseUrlResolution {
  readonly baseUrl?: string;
  readonly source: BaseUrlSource;
  /** The profile the URL came from (sources profile, env-profile, config-default). */
  readonly profile?: string;
  /** A malformed config file, or a default naming a missing profile: show it, carry on. */
  readonly warning?: string;
  /** An unknown profile was asked for: show it and stop (no base URL). */
  readonly error?: string;
}

/** The one line to show when source is 'none'. */
export const NO_BASE_URL_MESSAGE =
  'No base URL: pass --base-url URL, choose a --profile, set PAGETUI_BASE_URL, or run `pagetui --demo` to try the demo server.';

const nonEmpty = (s: string | undefined): string | undefined => (s && s.trim() !== '' ? s.trim() : undefined);

function unknownProfile(name: string, config: PagetuiConfig, env: Env, via: string): string {
  const known = Object.keys(config.profiles);
  const list = known.length > 0 ? `known profiles: ${known.map(quote).join(', ')}` : 'no profiles are defined';
  return `Unknown profile ${quote(name)} (from ${via}); ${list} in ${configPath(env)}.`;
}

/**
 * Resolves the base URL; the config file is read whatever decides it, so that its problems are said
 * (in `warning`, unless `configSaid`: the caller says every one itself, a default naming no profile
 * among them).
 */
export function resolveBaseUrl(opts: { flag?: string; profile?: string; env: Env; configSaid?: boolean }): BaseUrlResolution {
  const { env } = opts;
  const loaded = loadConfig(env);
  const config = (): ReturnType<typeof loadConfig> => loaded;
  // The config's problems are said whatever decides the URL: a bad value is never silent.
  const said = opts.configSaid === true;
  const withWarning = <T extends object>(r: T, more?: string): T & { warning?: string } => {
    const w = said ? '' : [loaded.warning, more].filter((line) => line !== undefined).join(' ');
    return w === '' ? r : { ...r, warning: w };
  };

  const flag = nonEmpty(opts.flag);
  if (flag) return withWarning({ baseUrl: flag, source: 'flag' });

  const fromProfile = (name: string, source: 'profile' | 'env-profile', via: string): BaseUrlResolution => {
    const { config: c } = config();
    const p = c.profiles[name];
    if (!p) return withWarning({ source, profile: name, error: unknownProfile(name, c, env, via) });
    return withWarning({ baseUrl: p.baseUrl, source, profile: name });
  };

  const flagProfile = nonEmpty(opts.profile);
  if (flagProfile) return fromProfile(flagProfile, 'profile', '--profile');

  const envUrl = nonEmpty(env.PAGETUI_BASE_URL);
  if (envUrl) return withWarning({ baseUrl: envUrl, source: 'env' });

  const envProfile = nonEmpty(env.PAGETUI_PROFILE);
  if (envProfile) return fromProfile(envProfile, 'env-profile', 'PAGETUI_PROFILE');

  const { config: c } = config();
  if (c.default !== undefined) {
    const p = c.profiles[c.default];
    if (p) return withWarning({ baseUrl: p.baseUrl, source: 'config-default', profile: c.default });
    return withWarning({ source: 'none' }, `Ignoring the default profile ${quote(c.default)} in ${configPath(env)}: no profile has that name.`);
  }
  return withWarning({ source: 'none' });
}
