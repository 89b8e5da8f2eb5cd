/**
 * `pagetui auth status`: the base URL and where it came from, where the key comes from (last 4
 * characters only), and whether the keychain is reachable (and if not, why).
 */
import { withoutFallbacks } from '../../auth/keychain-errors.js';
import { authStatus, type AuthStatus } from '../../auth/login.js';
import { credentialsPath, type Env } from '../../auth/paths.js';
import { resolveAuthTarget } from './auth-target.js';
import { parseCommandFlags } from './command-flags.js';
import { EXIT, line, processIo, usageError, type CommandIo } from './command-io.js';

const STATUS_OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
} as const;

const AUTH_USAGE = 'usage: pagetui auth status [--base-url URL | --profile NAME]. Run "pagetui auth --help" for more.';

/** Where the key comes from, masked (`••••abcd from PAGETUI_API_KEY`), or where to put one. */
export function keySourceText(s: Pick<AuthStatus, 'source' | 'maskedKey' | 'origin'>, env: Env): string {
  switch (s.source) {
    case 'env':
      return `${s.maskedKey ?? '••••'} from PAGETUI_API_KEY`;
    case 'keychain':
      return `${s.maskedKey ?? '••••'} from the system keychain`;
    case 'file':
      return `${s.maskedKey ?? '••••'} from ${credentialsPath(env)} (plaintext)`;
    case 'none':
      return `none for ${s.origin}; run \`pagetui login\`, or set PAGETUI_API_KEY`;
  }
}

const keyLine = (s: AuthStatus, env: Env): string => `Key:      ${keySourceText(s, env)}`;

/** The keychain's reason without its own "No keychain is reachable:" lead-in, starting lower case. */
export function whyNot(reason: string | undefined): string {
  const r = (reason ?? 'no reason was given.').replace(/^No keychain is reachable: /, '');
  return r.charAt(0).toLowerCase() + r.slice(1);
}

/** Writes the status report to stdout; returns 0 when a key was found, 3 when none. */
async function runStatus(argv: string[], io: CommandIo): Promise<number> {
  const flags = parseCommandFlags(argv, STATUS_OPTIONS, 'auth status');
  if (!flags.ok) return usageError(io, flags.message);
  // Nothing is sent, so a plain-http URL needs no --allow-insecure-http here.
  const target = resolveAuthTarget(io, flags.values, { allowInsecureHttp: true });
  if (typeof target === 'number') return target;
  const s = await authStatus(target.baseUrlText, io.env, io.keychain === undefined ? {} : { keychain: io.keychain });
  line(io.stdout, `Base URL: ${target.baseUrlText} (from ${target.from})`);
  line(io.stdout, keyLine(s, io.env));
  // With the key already in PAGETUI_API_KEY or the plaintext file, advising either is noise.
  const plain = s.source === 'env' || s.source === 'file' ? withoutFallbacks : (r: string) => r;
  line(io.stdout, s.keychain.reachable ? 'Keychain: reachable' : `Keychain: not reachable — ${plain(whyNot(s.keychain.reason))}`);
  for (const note of s.notes) line(io.stdout, `Note:     ${plain(note)}`);
  return s.source === 'none' ? EXIT.auth : EXIT.ok;
}

/** `pagetui auth <subcommand>`: only `status`; anything else prints the usage line (exit 2). */
export async function runAuth(argv: string[], io: CommandIo = processIo()): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'status') return runStatus(rest, io);
  return usageError(io, AUTH_USAGE);
}
