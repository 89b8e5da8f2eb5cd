/**
 * `pagetui completion bash|zsh|fish` prints the script; `pagetui completion --names KIND` (what the
 * scripts call on Tab) prints the config's names, one a line: `profiles`, `views` (those `open
 * --view` takes without a group id) or `views-in-group` (those it takes with one).
 */
import { configNames } from '../../../auth/config.js';
import { viewNamesOpenTakes } from '../../start-view.js';
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
  const names = first === '--names' && rest.length === 0 ? namesOf(second, io.env) : undefined;
  if (names !== undefined) {
    for (const name of names) line(io.stdout, name);
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

function namesOf(kind: string | undefined, env: CommandIo['env']): string[] | undefined {
  if (kind === 'profiles') return configNames(env, 'profiles');
  if (kind === 'views' || kind === 'views-in-group') return viewNamesOpenTakes(env, kind === 'views-in-group');
  return undefined;
}
