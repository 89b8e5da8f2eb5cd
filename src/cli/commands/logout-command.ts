/** `pagetui logout`: removes the saved key for a base URL's origin; says whether there was one. */
import { withoutFallbacks } from '../../auth/keychain-errors.js';
import { logout } from '../../auth/login.js';
import { credentialsPath } from '../../auth/paths.js';
import { resolveAuthTarget } from './auth-target.js';
import { parseCommandFlags } from './command-flags.js';
import { EXIT, line, processIo, usageError, type CommandIo } from './command-io.js';

const LOGOUT_OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
} as const;

/** The lead-in of logout's note when the keychain could not be asked (src/auth/login.ts). */
const KEYCHAIN_UNCHECKED = 'Could not check the keychain:';

/** `pagetui logout [--base-url URL | --profile NAME]`: exit 0 whether or not a key was saved, 1 when it is still saved. */
export async function runLogout(argv: string[], io: CommandIo = processIo()): Promise<number> {
  const flags = parseCommandFlags(argv, LOGOUT_OPTIONS, 'logout');
  if (!flags.ok) return usageError(io, flags.message);
  // Nothing is sent, so a plain-http URL needs no --allow-insecure-http here.
  const target = resolveAuthTarget(io, flags.values, { allowInsecureHttp: true });
  if (typeof target === 'number') return target;
  const result = await logout(target.origin, io.env, io.keychain === undefined ? {} : { keychain: io.keychain });
  // "There was no saved key" would be a guess when the keychain could not be asked.
  const keychainUnchecked = result.notes.some((n) => n.startsWith(KEYCHAIN_UNCHECKED));
  const message =
    !result.keyLeft && result.removedFrom.length === 0 && keychainUnchecked
      ? `No saved key for ${target.origin} was found in ${credentialsPath(io.env)}; the keychain could not be checked.`
      : result.message;
  // A key left behind is a failure: whoever logs out before handing a machine over must not read "done".
  line(result.keyLeft ? io.stderr : io.stdout, result.keyLeft ? `pagetui: ${message}` : message);
  // Someone logging out needs no advice on where else to keep a key.
  for (const note of result.notes) line(io.stderr, `Note: ${withoutFallbacks(note)}`);
  return result.keyLeft ? EXIT.failure : EXIT.ok;
}
