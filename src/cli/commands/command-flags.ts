/**
 * Strict flag parsing for the auth commands (node:util parseArgs). Error lines never echo a
 * positional argument or an odd-looking option, since a user may have typed the key there.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export type FlagResult<V> = { ok: true; values: V } | { ok: false; message: string };

/** Keeps option names that look like flags; anything else might be a key. */
function safeOptionName(name: string): string {
  return /^-{1,2}[a-z][a-z0-9-]{0,30}$/.test(name) ? `'${name}'` : 'an option';
}

function describeParseError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']*)'/.exec(text);
  if (unknown) return `Unknown option ${safeOptionName(unknown[1] ?? '')}`;
  const option = /^Option '(--?[a-z][a-z0-9-]*)(?: <value>)?' (argument missing|does not take an argument)/.exec(text);
  if (option) return option[2] === 'argument missing' ? `${option[1]} needs a value` : `${option[1]} does not take a value`;
  return 'The flags could not be read';
}

/**
 * Parses `argv` against `options` (strict, no positionals). `command` names the command in
 * messages, e.g. `login` or `auth status`.
 */
export function parseCommandFlags<const O extends Options>(
  argv: readonly string[],
  options: O,
  command: string,
): FlagResult<ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>>['values']> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    return { ok: false, message: `${describeParseError(error)}. Run "pagetui ${command} --help" for usage.` };
  }
  if (parsed.positionals.length > 0) {
    const hint = command === 'login' ? ' (the key is typed at a prompt, or piped to stdin with --with-key)' : '';
    return { ok: false, message: `${command} takes no arguments${hint}. Run "pagetui ${command} --help" for usage.` };
  }
  return { ok: true, values: parsed.values };
}
