/** `pagetui config --help`. */
import { EXIT_CONFIG } from './exit-codes.js';

export const CONFIG_HELP = `pagetui config — where the config file is, and whether it is right

USAGE
  pagetui config path     Print the config file's path (it may not exist yet)
  pagetui config check    Check the file against pagetui's JSON Schema; print each problem

Each problem names the file, the line, the key, what was expected and what pagetui does instead
(a bad value is ignored and its default used; the rest of the file still applies). check exits 0
when the file is fine or absent, ${EXIT_CONFIG} when it has problems.

The schema ships with pagetui (schema/config.schema.json); point "$schema" at it for an editor's
completion and checks. See docs/config.md.

EXAMPLES
  pagetui config path
  pagetui config check && echo fine
`;
