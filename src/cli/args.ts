import { parseFlags } from '../flags/parse-flags.js';
import { isApiError } from '../api/http/errors.js';
import { encodeIdSegment } from '../api/http/paths.js';
import { harPathProblem } from './har-path.js';
import { isThemeChoice, type ThemeChoice } from '../ui/index.js';

/** A command line the user got wrong: one clear sentence, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `--view` with no name after it: cli.ts says which views there are. */
export class MissingViewNameError extends UsageError {}

/** Whether `--view` is last, or followed by another option (parseArgs would call it ambiguous). */
function viewNameMissing(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  const at = argv.indexOf('--view');
  if (at < 0 || (end >= 0 && at > end)) return false;
  const next = argv[at + 1];
  return next === undefined || next === '--' || (next.startsWith('-') && next !== '-');
}

/** Commands that parse their own flags (each in src/cli/commands/). */
export const SUBCOMMANDS = ['demo-server', 'login', 'logout', 'auth', 'groups', 'pages', 'doctor', 'cache', 'keys', 'config', 'completion'] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

export interface AppArgs {
  readonly command: 'app';
  readonly baseUrl?: string;
  readonly profile?: string;
  readonly demo: boolean;
  readonly allowInsecureHttp: boolean;
  /** `--theme`: auto, dark or light. */
  readonly theme?: ThemeChoice;
  /** `--utf8`: the terminal shows UTF-8 whatever the locale says. */
  readonly utf8?: true;
  /** `--mouse`: the wheel and clicks act (off by default: it takes the terminal's text selection). */
  readonly mouse: boolean;
  /** `pagetui open <group-id> [<page-id>]`: where the app starts. */
  readonly open?: { readonly groupId: string; readonly pageId?: string };
  /** `--har FILE`: the run's requests written there as HAR 1.2 at exit. */
  readonly har?: string;
  /** `--watch SECONDS`: watch the list shown from the start. */
  readonly watchSeconds?: number;
  /** `--timeout SECONDS` as typed (checked with PAGETUI_TIMEOUT and the config in timeout-setting.ts). */
  readonly timeout?: string;
  /** `--no-cache`: neither show the last session's rows nor keep this one's (docs/cache.md). */
  readonly noCache?: true;
  /** `--screen-reader`: the cursor on the selection, rows as sentences, only changes written. */
  readonly screenReader?: true;
  /** `--reduce-motion`: no spinner, counts change at most every 5 s. */
  readonly reduceMotion?: true;
  /** `--view NAME`: start with a saved view applied (docs/views.md). */
  readonly view?: string;
  /** `--log FILE`: the debug log (see src/cli/debug-log/). */
  readonly log?: string;
}

export type ParsedArgs =
  | AppArgs
  | { readonly command: 'help'; readonly topic?: string }
  | { readonly command: 'version' }
  | { readonly command: 'sub'; readonly name: Subcommand; readonly rest: readonly string[] };

const APP_OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  demo: { type: 'boolean', default: false },
  'allow-insecure-http': { type: 'boolean', default: false },
  har: { type: 'string' },
  theme: { type: 'string' },
  utf8: { type: 'boolean', default: false },
  mouse: { type: 'boolean', default: false },
  watch: { type: 'string' },
  timeout: { type: 'string' },
  'no-cache': { type: 'boolean', default: false },
  'screen-reader': { type: 'boolean', default: false },
  'reduce-motion': { type: 'boolean', default: false },
  view: { type: 'string' },
  log: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const;

/** Parses argv (without node and script). Throws UsageError with a message meant for the user. */
export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  const [first, ...rest] = argv;
  const sub = SUBCOMMANDS.find((name) => name === first);
  if (sub) {
    if (rest.includes('--help') || rest.includes('-h')) return { command: 'help', topic: sub };
    return { command: 'sub', name: sub, rest };
  }
  if (first === 'help') return { command: 'help', topic: rest[0] };
  if (first === 'open' && (rest.includes('--help') || rest.includes('-h'))) return { command: 'help', topic: 'open' };

  if (viewNameMissing(argv)) throw new MissingViewNameError('--view needs the name of a saved view: pagetui open --view NAME');
  const { values, positionals } = parseFlags(argv, APP_OPTIONS, (sentence) => new UsageError(`${sentence}. Run "pagetui --help" for usage.`));
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  // `pagetui open --view NAME` starts on the group list with the view; with ids, in that group.
  const viewOnly = positionals[0] === 'open' && positionals.length === 1 && values.view !== undefined;
  const open = positionals[0] === 'open' && !viewOnly ? openTarget(positionals.slice(1)) : undefined;
  if (positionals.length > 0 && !open && !viewOnly) {
    throw new UsageError(`Unknown command "${positionals[0]}". Run "pagetui --help" for the list of commands.`);
  }
  if (values.demo && values['base-url'] !== undefined) {
    throw new UsageError('--demo and --base-url cannot be used together: --demo runs its own server.');
  }
  if (values.har !== undefined && values.har.trim() === '') throw new UsageError('--har needs a file name, e.g. --har run.har.');
  const harProblem = values.har === undefined ? undefined : harPathProblem(values.har);
  if (harProblem !== undefined) throw new UsageError(harProblem);
  const theme = values.theme?.toLowerCase();
  if (theme !== undefined && !isThemeChoice(theme)) {
    throw new UsageError(`--theme takes auto, dark or light, not "${values.theme}".`);
  }
  const watchSeconds = values.watch === undefined ? undefined : watchInterval(values.watch);
  return {
    command: 'app',
    ...(watchSeconds === undefined ? {} : { watchSeconds }),
    baseUrl: values['base-url'],
    profile: values.profile,
    demo: values.demo,
    allowInsecureHttp: values['allow-insecure-http'],
    ...(theme ? { theme } : {}),
    ...(values.utf8 ? { utf8: true as const } : {}),
    mouse: values.mouse,
    ...(open ? { open } : {}),
    ...(values.har === undefined ? {} : { har: values.har }),
    ...(values.timeout === undefined ? {} : { timeout: values.timeout }),
    ...(values['no-cache'] ? { noCache: true as const } : {}),
    ...(values['screen-reader'] ? { screenReader: true as const } : {}),
    ...(values['reduce-motion'] ? { reduceMotion: true as const } : {}),
    ...(values.view === undefined ? {} : { view: values.view }),
    ...(values.log === undefined ? {} : { log: values.log }),
  };
}

/** The ids after `open`, checked the way the API client checks them before any request. */
function openTarget(ids: readonly string[]): { groupId: string; pageId?: string } {
  const [groupId, pageId] = ids;
  if (groupId === undefined) throw new UsageError('"open" needs a page group id: pagetui open <group-id> [<page-id>].');
  if (ids.length > 2) throw new UsageError(`"open" takes a page group id and at most one page id, not ${ids.length} ids.`);
  checkId(groupId, 'page group id');
  if (pageId !== undefined) checkId(pageId, 'page id');
  return pageId === undefined ? { groupId } : { groupId, pageId };
}

function checkId(id: string, what: string): void {
  try {
    encodeIdSegment(id, what);
  } catch (error) {
    if (isApiError(error)) throw new UsageError(`${error.message.replace(/\.$/, '')}. Run "pagetui open --help" for usage.`);
    throw error;
  }
}

/** `--watch SECONDS`: a whole number of seconds, at least 2. */
function watchInterval(text: string): number {
  if (!/^[0-9]{1,6}$/.test(text) || Number(text) < 2) {
    throw new UsageError(`--watch must be a whole number of seconds, at least 2, not ${JSON.stringify(text)}.`);
  }
  return Number(text);
}
