/**
 * `pagetui completion bash|zsh|fish` prints the script; `pagetui completion --names profiles|views`
 * (what the scripts call on Tab) prints the config's names, one a line.
 */
import { configNames } from '../../../auth/config.js';
import { sanitize } from '../../../text/sanitize.js';
import { line, processIo, usageError, type CommandIo } from '../command-io.js';
import { EXIT_OK } from '../exit-codes.js';
import { bashScript } from './bash-script.js';
import { fishScript } from './fish-script.js';
import { zshScript } from './zsh-script.js';

const SCRIPTS: Readonly<Record<string, () => string>> = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** `pagetui completion …`; resolves with the exit code. */
export function runCompletion(argv: readonly string[], io: CommandIo = processIo()): Promise<number> {
  const [first, second, ...rest] = argv;
  if (first === '--names' && (second === 'profiles' || second === 'views') && rest.length === 0) {
    for (const name of configNames(io.env, second)) line(io.stdout, name);
    return Promise.resolve(EXIT_OK);
  }
  const script = first !== undefined && Object.hasOwn(SCRIPTS, first) ? SCRIPTS[first] : undefined;
  if (script === undefined || second !== undefined) {
    const what = first === undefined ? 'needs a shell' : `takes bash, zsh or fish, not ${JSON.stringify(sanitize(argv.join(' ')))}`;
    return Promise.resolve(usageError(io, `"completion" ${what}. Run "pagetui completion --help".`));
  }
  io.stdout.write(script());
  return Promise.resolve(EXIT_OK);
}
