/**
 * Flag parsing for the auth commands (src/flags): a result rather than an exception, and no
 * positional arguments, since a user may have typed the key there.
 */
import { parseFlags, type Options } from '../../flags/parse-flags.js';

type Values<O extends Options> = ReturnType<typeof parseFlags<O>>['values'];

export type FlagResult<V> = { ok: true; values: V } | { ok: false; message: string };

/**
 * Parses `argv` against `options` (strict, no positionals). `command` names the command in
 * messages, e.g. `login` or `auth status`.
 */
export function parseCommandFlags<const O extends Options>(argv: readonly string[], options: O, command: string): FlagResult<Values<O>> {
  let parsed;
  try {
    parsed = parseFlags(argv, options, (sentence) => new Error(`${sentence}. Run "pagetui ${command} --help" for usage.`));
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  if (parsed.positionals.length > 0) {
    const hint = command === 'login' ? ' (the key is typed at a prompt, or piped to stdin with --with-key)' : '';
    return { ok: false, message: `${command} takes no arguments${hint}. Run "pagetui ${command} --help" for usage.` };
  }
  return { ok: true, values: parsed.values };
}
