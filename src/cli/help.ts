/** `--help` texts, in the style of gh and npm. */
import { AUTH_HELP } from './commands/auth-help.js';
import { EXIT_CODES } from './commands/exit-codes.js';
import { LIST_HELP } from './commands/list-help.js';
import { DOCTOR_HELP } from './commands/doctor/doctor-help.js';
import { CACHE_HELP } from './commands/cache-command.js';
import { KEYS_HELP } from './commands/keys-help.js';
import { CONFIG_HELP } from './commands/config-help.js';
import { COMPLETION_HELP } from './commands/completion/completion-help.js';

/** The keys `pagetui --help` names: those in effect (ui/keymap/quick-keys.ts, read by cli/help-keys.ts). */
export interface HelpKeys {
  readonly helpKey: string;
  readonly line: string;
}

/** `pagetui --help`, naming `keys`. */
export const appHelp = (keys: HelpKeys): string => `pagetui — browse Page Service page groups and pages in the terminal

USAGE
  pagetui [--base-url URL | --profile NAME | --demo] [flags]
  pagetui open <group-id> [<page-id>] [flags]
  pagetui <command> [flags]

COMMANDS
  groups           List page groups (plain table, or NDJSON with --json)
  pages <id>       List the pages of a page group (plain table, or NDJSON with --json)
  open <id> [<p>]  Start the browser in a page group, on one of its pages
  login            Store an API key in the OS keychain (or, if asked, a 0600 file)
  logout           Remove the stored API key
  auth status      Show where the API key comes from
  doctor           Check this machine, terminal, key and service, one line each
  cache clear      Forget the rows kept from earlier sessions (the list cache)
  keys             List the app's actions and their keys (with your "keys" and "commands")
  demo-server      Run the demo Page Service on loopback
  config path|check  Print the config file's path; check it against its schema
  completion SHELL Print a completion script for bash, zsh or fish
  help [command]   Show help for pagetui or a command (also: pagetui <command> --help)

FLAGS
  --base-url URL          The service's base URL (https://…; http only on loopback)
  --profile NAME          Use a named profile from the config file
  --demo                  Start the embedded demo server and browse it (no key needed)
  --allow-insecure-http   Allow a plain-http base URL that is not on loopback
  --har FILE              Write the run's requests to FILE as HAR 1.2 when it ends (key redacted)
  --theme auto|dark|light Colours for a dark or light background (default auto)
  --utf8                  The terminal shows UTF-8 even though the locale is not UTF-8
  --mouse                 Wheel scrolls, click selects, double click opens (also "mouse": true
                          in the config file; off by default: it takes the terminal's own text
                          selection — Shift+drag still selects in most terminals)
  --watch SECONDS         Watch the list shown: read it again every SECONDS (at least 2; w
                          toggles, 10 s by default) and mark the rows that appeared, changed
                          or went
  --timeout SECONDS       Longest wait for one response, headers and body (default 30; also
                          PAGETUI_TIMEOUT or "timeout" in config.json); connecting may take a
                          third of it, the headers half, a silence in the body all of it
  --no-cache              Do not show the last session's rows at start, nor keep this one's
                          (also "cache": false in config.json or PAGETUI_CACHE=off)
  --screen-reader         For a screen reader: the cursor rests on the selected row, rows read
                          as sentences, only changes are written (also PAGETUI_SCREEN_READER=1,
                          INK_SCREEN_READER=true, "screenReader": true; docs/accessibility.md)
  --reduce-motion         No spinner; countdowns and counts change at most every 5 s (also
                          "reduceMotion": true in config.json)
  --log FILE              Append a debug log to FILE (0600): requests (key redacted), retries,
                          pacing, errors, the terminal detected (also PAGETUI_LOG, "log" in
                          config.json; docs/debug-log.md)
  -h, --help              Show this help
  -v, --version           Show the version

ENVIRONMENT
  PAGETUI_API_KEY     The API key (sent as x-api-key; never logged or shown)
  PAGETUI_BASE_URL    Base URL when --base-url is not given
  PAGETUI_PROFILE     Profile when --profile is not given
  HTTPS_PROXY         Proxy for an https service, as curl reads it (https_proxy first); host:port
                      means http://host:port; user:pass@ for a proxy that asks for a login
  HTTP_PROXY          Proxy for a plain-http service only (http_proxy first)
  NO_PROXY            Hosts not proxied, as curl: example.com (and its subdomains), .corp,
                      10.0.0.0/8, host:port, or * (no_proxy first). A loopback service (localhost,
                      127.x, ::1, --demo) is never proxied
  NODE_EXTRA_CA_CERTS A PEM file of CAs to trust as well (a service with a private CA)
  NO_COLOR            Turn colours off (wins over --theme)
  PAGETUI_THEME       auto, dark or light, when --theme is not given (or "theme" in config.json)
  PAGETUI_UTF8=1      As --utf8
  PAGETUI_TIMEOUT     Seconds, when --timeout is not given
  PAGETUI_SCREEN_READER=1  As --screen-reader (=0 keeps it off, whatever else says)
  PAGETUI_LOG         The debug log's file, when --log is not given
  PAGETUI_CACHE       off (0, false, no) or on (1, true, yes): the start-up cache, when --no-cache
                      is not given (or "cache" in config.json)

TERMINALS
  Theme auto   asks the terminal its background (OSC 11), else COLORFGBG (…;15 light), else dark
  Colours      from COLORTERM (truecolor) and the colours of TERM's terminfo entry (xterm, screen,
               tmux: 8; *-256color: 256); with no entry, TERM's name: *-256color 256,
               xterm/screen/tmux 16, else 8; vt100/vt220/*-mono none (selection by reverse video
               and a > marker). pagetui doctor says which applies here
  Locale       not UTF-8 (LC_ALL, else LC_CTYPE, else LANG; C/POSIX): ASCII only, and server text
               outside ASCII shown as ?

KEYS (press ${keys.helpKey} in the app for all)
  ${keys.line}

EXIT CODES
${EXIT_CODES.map(({ code, meaning }) => `  ${code}  ${meaning}`).join('\n')}

EXAMPLES
  pagetui --demo
  pagetui login --base-url https://pages.example.com && pagetui
  PAGETUI_API_KEY=… pagetui --base-url https://pages.example.com
  pagetui pages grp-1 --demo --json --max 5
  pagetui doctor                      # why it looks or behaves as it does here
`;

const DEMO_SERVER_HELP = `pagetui demo-server — run the demo Page Service on loopback

USAGE
  pagetui demo-server [--port N] [--seed N] [--latency MS] [--pages N] [--rate-limit N] [--faults]
                      [--quota N --window S --quota-headers FORM] [--churn N] [--no-compress]
                      [--shape demo|custom|long|sparse|mixed]

FLAGS
  --port N          Port to listen on (default: a free port)
  --seed N          Seed for the generated data (default 1)
  --latency MS      Delay before every response
  --pages N         Pages in the largest group, grp-1 (default 10000)
  --rate-limit N    Requests per second per key before answering 429
  --quota N         Requests per key per window (a fixed window) before answering 429
  --window S        The quota's window in seconds (default 60)
  --quota-headers FORM  How the quota is announced on every answer: draft (RateLimit-Policy and
                    RateLimit, the default), legacy (RateLimit-*), x (X-RateLimit-*) or none
  --churn N         grp-1 changes every 3 s: N pages renamed, one new page, one gone
  --faults          Add page groups that fail on purpose (validation, 429, 502)
  --no-compress     Never compress; by default responses are gzip- or br-encoded when the
                    request's Accept-Encoding allows it
  --shape NAME      What the pages look like: demo (default), custom (every page its own
                    names), long (150-250 characters, many scripts, wide), sparse (optional
                    fields left out) or mixed; see docs/data-shapes.md

It accepts any non-empty x-api-key except "invalid".

EXAMPLES
  pagetui demo-server --port 8080 --latency 100
  PAGETUI_API_KEY=demo-key pagetui --base-url http://127.0.0.1:8080
`;

const OPEN_HELP = `pagetui open — start the browser in a page group (and on one of its pages)

USAGE
  pagetui open <group-id> [<page-id>] [--base-url URL | --profile NAME | --demo] [--view NAME] [flags]
  pagetui open --view NAME [flags]

The group opens as Enter would open it; an id the service does not know is said in the status
bar and the group list stays. With a page id, the group's pages load until that page arrives
(Esc stops) and it is selected. Inside the app, : does the same.

  --view NAME   Start with a saved view (its query, sort and status; V saves one in the app,
                docs/views.md). A groups view needs no id: pagetui open --view NAME.

EXAMPLES
  pagetui open grp-1 --demo
  pagetui open grp-1 grp-1-p9990 --demo
  pagetui open --view drafts
`;

const HELP_HELP = `pagetui help — show help

USAGE
  pagetui help [command]

Without a command: the app's help (every key, as the config sets them). With one: that
command's help, as \`pagetui <command> --help\` shows it.

EXAMPLES
  pagetui help
  pagetui help groups
`;

const TOPICS: Record<string, string> = {
  help: HELP_HELP,
  '--help': HELP_HELP,
  '-h': HELP_HELP,
  open: OPEN_HELP,
  'demo-server': DEMO_SERVER_HELP,
  groups: LIST_HELP.groups,
  pages: LIST_HELP.pages,
  login: AUTH_HELP.login,
  logout: AUTH_HELP.logout,
  auth: AUTH_HELP.auth,
  doctor: DOCTOR_HELP,
  cache: CACHE_HELP,
  keys: KEYS_HELP,
  config: CONFIG_HELP,
  completion: COMPLETION_HELP,
};

/** The help text for a command's topic, or undefined when there is no such topic. */
export function helpText(topic: string): string | undefined {
  return TOPICS[topic];
}
