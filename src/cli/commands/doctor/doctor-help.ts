/** `pagetui doctor --help`. */
export const DOCTOR_HELP = `pagetui doctor — say why pagetui looks and behaves as it does here

USAGE
  pagetui doctor [--base-url URL | --profile NAME | --demo] [--allow-insecure-http]
                 [--timeout SECONDS] [--theme auto|dark|light] [--screen-reader]
                 [--reduce-motion] [--no-cache] [--json]

Checks, one line each, marked pass, warn, FAIL or skip: Node's version; the locale and character
set; TERM, its terminfo entry and the colour depth; the theme and how it was chosen (the terminal
is asked its background, as the app asks it, when stdin and stdout are a terminal); whether the
screen-reader mode and no motion are on, and what turned them on; which way y
copies; the config file; the keychain; where the key for the base URL comes from (last 4
characters only); the proxy in effect; and the service: reached or not, TLS, the key accepted and
the rate-limit fields, from exactly one request (page groups, one item). Every check has a
deadline, so it never hangs (the service's request waits 5 s, or the app's limit if shorter).

FLAGS
  --base-url URL          The service's base URL (default: --profile, PAGETUI_BASE_URL,
                          PAGETUI_PROFILE, then the config file's default profile)
  --profile NAME          Use the base URL of a profile from the config file
  --demo                  Start the embedded demo server and check against it
  --allow-insecure-http   Allow a plain-http base URL that is not on loopback
  --timeout SECONDS       How long the service's answer may take (default: 5, or less when
                          PAGETUI_TIMEOUT or the config file's "timeout" is shorter)
  --theme auto|dark|light Check the theme as the app would run with --theme
  --screen-reader         Check as the app would run with --screen-reader
  --reduce-motion         Check as the app would run with --reduce-motion
  --no-cache              Check as the app would run with --no-cache (the List cache line)
  --json                  One JSON object: {"version","ok","checks":[{"id","status","summary",
                          "details"}]} (never the key)
  -h, --help              Show this help

EXIT CODES
  0 every check passed (warnings and skips allowed) · 1 a check failed · 2 usage (bad flag)

EXAMPLES
  pagetui doctor
  pagetui doctor --profile prod --json | jq '.checks[] | select(.status != "pass")'
`;
