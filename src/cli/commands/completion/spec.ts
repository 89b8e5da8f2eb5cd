/**
 * What the shell completions know: the commands, each one's flags, and what follows a flag that
 * takes a value. test/cli/completion-spec.test.ts checks it against every command's --help, so a
 * flag added to a command and not here fails a test.
 */

/** What a flag's value is completed from. */
export type ValueKind = 'profile' | 'view' | 'file' | 'free' | readonly string[];

export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  readonly flags: readonly string[];
  /** Words that may follow the command (`config path`, `completion bash`). */
  readonly words?: readonly string[];
}

const TARGET = ['--base-url', '--profile', '--allow-insecure-http'];
const LISTING = ['--json', '--format', '--limit', '--max', '--demo', ...TARGET, '--har', '--timeout', '--log', '--utf8', '--help'];

/** The flags of `pagetui` itself (the browser). */
export const APP_FLAGS: readonly string[] = [
  ...TARGET,
  '--demo',
  '--har',
  '--theme',
  '--utf8',
  '--mouse',
  '--watch',
  '--timeout',
  '--log',
  '--view',
  '--no-cache',
  '--screen-reader',
  '--reduce-motion',
  '--help',
  '--version',
];

export const COMMANDS: readonly CommandSpec[] = [
  { name: 'groups', summary: 'List page groups', flags: LISTING },
  { name: 'pages', summary: 'List the pages of a page group', flags: LISTING },
  { name: 'open', summary: 'Start the browser in a page group', flags: APP_FLAGS.filter((f) => f !== '--version') },
  { name: 'login', summary: 'Store an API key', flags: ['--base-url', '--profile', '--with-key', '--insecure-storage', '--allow-insecure-http', '--help'] },
  { name: 'logout', summary: 'Remove the stored API key', flags: ['--base-url', '--profile', '--help'] },
  { name: 'auth', summary: 'Show where the API key comes from', flags: ['--base-url', '--profile', '--help'], words: ['status'] },
  { name: 'doctor', summary: 'Check this machine, terminal, key and service', flags: [...TARGET, '--demo', '--timeout', '--theme', '--screen-reader', '--reduce-motion', '--no-cache', '--json', '--help'] },
  {
    name: 'demo-server',
    summary: 'Run the demo Page Service on loopback',
    flags: ['--port', '--host', '--seed', '--latency', '--pages', '--groups', '--rate-limit', '--quota', '--window', '--quota-headers', '--churn', '--faults', '--no-compress', '--shape', '--help'],
  },
  { name: 'config', summary: "Print the config file's path, or check it", flags: ['--help'], words: ['path', 'check'] },
  { name: 'keys', summary: 'List the actions and their keys in effect', flags: ['--help'] },
  { name: 'cache', summary: 'Forget the rows kept from earlier sessions', flags: ['--help'], words: ['clear'] },
  { name: 'completion', summary: 'Print a completion script', flags: ['--help'], words: ['bash', 'zsh', 'fish'] },
  { name: 'help', summary: 'Show help for a command', flags: [] },
];

/** Flags that take a value, and where the value comes from; other flags take none. */
export const VALUE_FLAGS: Readonly<Record<string, ValueKind>> = {
  '--profile': 'profile',
  '--view': 'view',
  '--har': 'file',
  '--log': 'file',
  '--theme': ['auto', 'dark', 'light'],
  '--format': ['ndjson', 'json', 'csv', 'tsv'],
  '--quota-headers': ['draft', 'legacy', 'x', 'none'],
  '--shape': ['demo', 'custom', 'long', 'sparse', 'mixed'],
  '--base-url': 'free',
  '--watch': 'free',
  '--timeout': 'free',
  '--limit': 'free',
  '--max': 'free',
  '--port': 'free',
  '--host': 'free',
  '--seed': 'free',
  '--latency': 'free',
  '--pages': 'free',
  '--groups': 'free',
  '--rate-limit': 'free',
  '--quota': 'free',
  '--window': 'free',
  '--churn': 'free',
};

/** The flags whose values are given words (not names, files or free text). */
export const WORD_VALUE_FLAGS = Object.entries(VALUE_FLAGS).filter((e): e is [string, readonly string[]] => Array.isArray(e[1]));

export const flagsOfKind = (kind: ValueKind): string[] => Object.keys(VALUE_FLAGS).filter((flag) => VALUE_FLAGS[flag] === kind);

/** Every flag that takes a value: the scripts skip the word after one when they look for the command and its operands. */
export const valueTakingFlags = (): string[] => [...flagsOfKind('free'), ...flagsOfKind('file'), ...flagsOfKind('profile'), ...flagsOfKind('view'), ...WORD_VALUE_FLAGS.map(([flag]) => flag)];
