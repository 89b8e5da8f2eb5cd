/**
 * `pagetui config path` prints where the config file is (whether or not it exists);
 * `pagetui config check` checks it against schema/config.schema.json and prints each problem on
 * its own line: exit 0 when there is none, EXIT_CONFIG otherwise.
 */
import { lstatSync } from 'node:fs';
import { checkConfigFile } from '../config-problems.js';
import { configPath } from '../../auth/paths.js';
import { sanitize } from '../../text/sanitize.js';
import { asciiWanted } from '../../text/charset.js';
import { toAscii } from '../../text/glyphs.js';
import { line, processIo, usageError, type CommandIo } from './command-io.js';
import { EXIT_CONFIG, EXIT_OK } from './exit-codes.js';

/** `pagetui config <path|check>`; resolves with the exit code. */
export function runConfig(argv: readonly string[], io: CommandIo = processIo()): Promise<number> {
  const [action, ...rest] = argv;
  if (rest.length > 0) return Promise.resolve(usageError(io, `"config ${action}" takes no arguments. Run "pagetui config --help".`));
  const path = configPath(io.env);
  if (action === 'path') {
    line(io.stdout, path);
    return Promise.resolve(EXIT_OK);
  }
  if (action !== 'check') {
    const what = action === undefined ? 'needs path or check' : `takes path or check, not ${JSON.stringify(sanitize(action))}`;
    return Promise.resolve(usageError(io, `"config" ${what}. Run "pagetui config --help".`));
  }
  return Promise.resolve(check(io, path));
}

function check(io: CommandIo, path: string): number {
  const safePath = sanitize(path);
  // lstat, not exists: a symlink loop or a dangling link is a problem to say, not an absent file.
  if (lstatSync(path, { throwIfNoEntry: false }) === undefined) {
    line(io.stdout, `${safePath} does not exist: pagetui uses its defaults.`);
    return EXIT_OK;
  }
  const { loaded, problems: all } = checkConfigFile(io.env);
  // Whitespace only: read as {} (as gh and k9s read an empty config file), and said so.
  if (loaded.source === undefined && all.length === 0) {
    line(io.stdout, `${safePath} is empty: pagetui uses its defaults (an empty file is read as {}).`);
    return EXIT_OK;
  }
  if (all.length === 0) {
    line(io.stdout, `${safePath}: no problems.`);
    return EXIT_OK;
  }
  // A report for a person's terminal follows its locale, as the table of `pagetui pages` does.
  const ascii = (io.stdout as { isTTY?: boolean }).isTTY === true && asciiWanted(io.env);
  for (const problem of all) line(io.stdout, ascii ? toAscii(sanitize(problem)) : sanitize(problem));
  line(io.stderr, `pagetui: ${all.length} problem${all.length === 1 ? '' : 's'} in ${safePath}.`);
  return EXIT_CONFIG;
}
