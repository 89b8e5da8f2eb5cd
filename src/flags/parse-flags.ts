/**
 * Every command line of the app is read here: node:util parseArgs, strict, with one sentence for
 * the user when the flags are wrong. Imports nothing of the app's, so the commands in src/cli and
 * the demo server's alike use it.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The options a command takes, as parseArgs describes them. */
export type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>>;

/**
 * Parses `argv` against `options`. Positionals are allowed (each command says what it does with
 * them), so no message echoes one: a user may have typed the API key there. A negative number
 * after an option that takes a value is its value (`--limit -5`, which parseArgs calls ambiguous),
 * so the command can say what is wrong with the number. Flags that cannot be read throw what
 * `fail` makes of one sentence (without its full stop).
 */
export function parseFlags<const O extends Options>(argv: readonly string[], options: O, fail: (sentence: string) => Error): Parsed<O> {
  try {
    return parseArgs({ args: negativeValuesInline(argv, options), options, strict: true, allowPositionals: true });
  } catch (error) {
    throw fail(flagErrorSentence(error));
  }
}

function negativeValuesInline(argv: readonly string[], options: Options): string[] {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    if (arg === '--') return [...args, ...argv.slice(i)];
    if (arg.startsWith('--') && options[arg.slice(2)]?.type === 'string' && next !== undefined && /^-[0-9]/.test(next)) {
      args.push(`${arg}=${next}`);
      i++;
    } else args.push(arg);
  }
  return args;
}

/** An option name is repeated only when it looks like one; anything else might be a key. */
const looksLikeOption = (name: string): boolean => /^-{1,2}[a-z][a-z0-9-]{0,30}$/.test(name);

/** One sentence from parseArgs' error, without Node's hints for programmers. */
function flagErrorSentence(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']*)'/.exec(text);
  if (unknown) return looksLikeOption(unknown[1] ?? '') ? `Unknown option '${unknown[1]}'` : 'An option is not known';
  const option = /^Option '(--?[a-z][a-z0-9-]*)(?: <value>)?' (argument missing|does not take an argument)/.exec(text);
  if (option) return option[2] === 'argument missing' ? `${option[1]} needs a value` : `${option[1]} takes no value`;
  const line = text.split('\n')[0] ?? text;
  return (line.split('. ')[0] ?? line).replace(/\.$/, '');
}
