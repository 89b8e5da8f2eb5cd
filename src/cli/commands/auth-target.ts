/**
 * Which service an auth command is about: `--base-url` > `--profile` > PAGETUI_BASE_URL >
 * PAGETUI_PROFILE > the config's default profile, then checked with parseBaseUrl.
 */
import { isApiError, parseBaseUrl } from '../../api/index.js';
import { NO_BASE_URL_MESSAGE, resolveBaseUrl, type BaseUrlResolution } from '../../auth/base-url-source.js';
import { configPath } from '../../auth/paths.js';
import { quote } from '../../auth/result.js';
import { checkConfigFile, problemsSaid } from '../config-problems.js';
import { line, usageError, type CommandIo } from './command-io.js';

export interface AuthTarget {
  /** Checked, without a trailing slash in the path. */
  readonly baseUrl: URL;
  /** The base URL as text: origin plus path prefix (no trailing slash). */
  readonly baseUrlText: string;
  /** The keychain account and credentials-file entry. */
  readonly origin: string;
  /** Where the base URL came from, for messages (e.g. `--base-url`, `profile "prod"`). */
  readonly from: string;
}

function describeSource(r: BaseUrlResolution): string {
  const profile = quote(r.profile ?? '');
  switch (r.source) {
    case 'flag':
      return '--base-url';
    case 'profile':
      return `profile ${profile}`;
    case 'env':
      return 'PAGETUI_BASE_URL';
    case 'env-profile':
      return `profile ${profile} from PAGETUI_PROFILE`;
    case 'config-default':
      return `the default profile ${profile}`;
    case 'none':
      return 'nowhere';
  }
}

/** `https://host` or `https://host/prefix`. */
const baseUrlText = (url: URL): string => (url.pathname === '/' ? url.origin : `${url.origin}${url.pathname}`);

/** The target, or the one sentence why there is none. */
export type AuthTargetResult = { readonly ok: true; readonly target: AuthTarget } | { readonly ok: false; readonly problem: string };

/** Resolves and checks the base URL, writing nothing (the callers say the config's problems their own way). */
export function findAuthTarget(
  env: CommandIo['env'],
  flags: { readonly 'base-url'?: string; readonly profile?: string },
  opts: { readonly allowInsecureHttp: boolean },
): AuthTargetResult {
  const r = resolveBaseUrl({ flag: flags['base-url'], profile: flags.profile, env, configSaid: true });
  if (r.error !== undefined) return { ok: false, problem: r.error };
  if (r.baseUrl === undefined) return { ok: false, problem: NO_BASE_URL_MESSAGE };
  let url: URL;
  try {
    url = parseBaseUrl(r.baseUrl, { allowInsecureHttp: opts.allowInsecureHttp });
  } catch (error) {
    if (isApiError(error)) return { ok: false, problem: error.message };
    throw error;
  }
  return { ok: true, target: { baseUrl: url, baseUrlText: baseUrlText(url), origin: url.origin, from: describeSource(r) } };
}

/**
 * Resolves and checks the base URL. The config's problems are said first, as `pagetui groups` says
 * them (each as `config check` lists it, then their count), whatever decides the base URL; on a
 * problem with the target writes one line to stderr and returns the usage exit code.
 */
export function resolveAuthTarget(
  io: CommandIo,
  flags: { readonly 'base-url'?: string; readonly profile?: string },
  opts: { readonly allowInsecureHttp: boolean },
): AuthTarget | number {
  for (const said of problemsSaid(checkConfigFile(io.env).problems, configPath(io.env))) line(io.stderr, `pagetui: warning: ${said}`);
  const r = findAuthTarget(io.env, flags, opts);
  if (!r.ok) return usageError(io, r.problem);
  return r.target;
}
