/** `--help` texts of `pagetui groups` and `pagetui pages`, in the style of gh and npm. */
import { EXIT_CODES } from './exit-codes.js';

const FLAGS = `FLAGS
  --json                  Write NDJSON: one item per line, exactly as the server sent it
                          (the same as --format ndjson)
  --format FORMAT         ndjson, json (one array), csv (RFC 4180, formulas guarded) or tsv;
                          see docs/export-formats.md
  --limit N               Items per request, 1..100 (default 100: fewest round trips)
  --max N                 Stop after N items; no further request is made
  --demo                  Start the embedded demo server (with its fault groups) and use it
  --base-url URL          The service's base URL (https://…; http only on loopback)
  --profile NAME          Use a named profile from the config file
  --allow-insecure-http   Allow a plain-http base URL that is not on loopback
  --har FILE              Write every request to FILE as HAR 1.2 at exit (also after an
                          error or Ctrl-C); the key is redacted
  --timeout SECONDS       Longest wait for one response, headers and body (default 30; also
                          PAGETUI_TIMEOUT or "timeout" in config.json)
  --log FILE              Append a debug log to FILE (0600; also PAGETUI_LOG or "log" in
                          config.json): requests with the key redacted, retries, errors
  --utf8                  The terminal shows UTF-8 even though the locale is not UTF-8 (else
                          the table on a terminal is ASCII only, ? for the rest)
  -h, --help              Show this help`;

const ENVIRONMENT = `ENVIRONMENT
  PAGETUI_API_KEY     The API key (else the keychain, else the credentials file of \`pagetui login\`)
  PAGETUI_BASE_URL    Base URL when --base-url is not given
  PAGETUI_PROFILE     Profile when --profile is not given
  PAGETUI_TIMEOUT     Seconds, when --timeout is not given
  PAGETUI_UTF8=1      As --utf8
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   Proxies as curl reads them (https service: HTTPS_PROXY;
                      http: HTTP_PROXY); loopback is never proxied (pagetui --help)
  NODE_EXTRA_CA_CERTS A PEM file of CAs to trust as well (a service with a private CA)`;

const OUTPUT = `OUTPUT
  Items are written as each page arrives. Without --json: an aligned table that fits the
  terminal (80 columns when piped), cleaned of control characters; groups has ID, TITLE, STATUS,
  PAGES (the service's pageCount, as in the app; left out when the first page has none) and
  UPDATED, pages ID, NAME and UPDATED. With --json: NDJSON; control
  characters, U+007F–U+009F included, are escaped as \\u sequences. --format csv and tsv write
  the contract's fields as columns, a header first; a cell starting with = + - @ is prefixed with '
  so a spreadsheet shows it as text. --format json closes its array only once the listing is
  complete. Errors and warnings go to stderr as one line each (code, message, requestId);
  stdout holds only data. A 429 is waited out (the server's time, said on stderr), at most 5
  times in a row. Closing the pipe early (| head) ends the command quietly.`;

const exitCodes = (): string =>
  `EXIT CODES\n${EXIT_CODES.map((e) => `  ${e.code}  ${e.meaning}`).join('\n')}`;

/** Help texts keyed by command. */
export const LIST_HELP: { readonly groups: string; readonly pages: string } = {
  groups: `pagetui groups — list page groups (for scripts and pipes)

USAGE
  pagetui groups [--json | --format FORMAT] [--limit N] [--max N] [--demo | --base-url URL | --profile NAME]

${FLAGS}

${OUTPUT}

${ENVIRONMENT}

${exitCodes()}

EXAMPLES
  pagetui groups --demo
  pagetui groups --json | jq -r .pageGroupId
  pagetui groups --format csv > groups.csv
  PAGETUI_API_KEY=… pagetui groups --base-url https://pages.example.com --max 20
`,
  pages: `pagetui pages — list the pages of one page group (for scripts and pipes)

USAGE
  pagetui pages <page-group-id> [--json | --format FORMAT] [--limit N] [--max N] [--demo | --base-url URL | --profile NAME]

${FLAGS}

${OUTPUT}

${ENVIRONMENT}

${exitCodes()}

EXAMPLES
  pagetui pages grp-1 --demo --json --max 5
  pagetui pages grp-1 --json | jq -r .effectiveName
  pagetui pages grp-1 --json | head -3
`,
};
