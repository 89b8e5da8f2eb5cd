/** Node's version against `engines`, and the locale's character set (src/text/charset.ts). */
import type { Env } from '../../../auth/paths.js';
import { asciiWanted, localeIsUtf8 } from '../../../text/charset.js';
import { result, type CheckResult } from './check.js';

/** package.json's `engines.node` (a test keeps the two the same); src/bin.ts refuses older. */
export const NODE_ENGINES = '>=20.18';

function meetsEngines(version: string): boolean {
  const [want = 0, wantMinor = 0] = NODE_ENGINES.slice(2).split('.').map(Number);
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > want || (major === want && minor >= wantMinor);
}

export function nodeCheck(version = process.versions.node): CheckResult {
  const ok = meetsEngines(version);
  const summary = ok ? `${version} (needs ${NODE_ENGINES})` : `${version} is too old: pagetui needs Node ${NODE_ENGINES}`;
  return result('node', 'Node', ok ? 'pass' : 'fail', summary, { version, engines: NODE_ENGINES, meetsEngines: ok });
}

const LOCALE_VARIABLES = ['LC_ALL', 'LC_CTYPE', 'LANG'] as const;

export function localeCheck(env: Env): CheckResult {
  const from = LOCALE_VARIABLES.find((name) => (env[name] ?? '') !== '');
  const locale = from === undefined ? undefined : env[from];
  const named = from === undefined ? 'no locale set (LC_ALL, LC_CTYPE, LANG)' : `${from}=${locale ?? ''}`;
  const utf8 = localeIsUtf8(env);
  const ascii = asciiWanted(env);
  const facts = { variable: from ?? null, locale: locale ?? null, utf8Locale: utf8, charset: ascii ? 'ascii' : 'utf-8' };
  if (utf8) return result('locale', 'Locale', 'pass', `${named}: UTF-8`, facts);
  if (!ascii) return result('locale', 'Locale', 'pass', `${named}, but PAGETUI_UTF8=1: UTF-8`, facts);
  return result(
    'locale',
    'Locale',
    'warn',
    `${named}: not UTF-8, so the app writes ASCII only and shows other characters as ?; set a UTF-8 locale (e.g. LANG=C.UTF-8), or --utf8 / PAGETUI_UTF8=1 if the terminal shows UTF-8 anyway`,
    facts,
  );
}
