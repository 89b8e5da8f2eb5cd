/** `--help` texts, in the style of gh and npm. */
const APP_HELP = `pagetui — browse Page Service page groups and pages in the terminal

USAGE
  pagetui [--base-url URL | --profile NAME | --demo] [flags]
  pagetui <command> [flags]

COMMANDS
  demo-server      Run the demo Page Service on loopback (pagetui demo-server --help)
  help [command]   Show help for pagetui or a command

FLAGS
  --base-url URL          The service's base URL (https://…; http only on loopback)
  --profile NAME          Use a named profile from the config file
  --demo                  Start the embedded demo server and browse it (no key needed)
  --allow-insecure-http   Allow a plain-http base URL that is not on loopback
  -h, --help              Show this help
  -v, --version           Show the version

ENVIRONMENT
  PAGETUI_API_KEY     The API key (sent as x-api-key; never logged or shown)
  PAGETUI_BASE_URL    Base URL when --base-url is not given
  PAGETUI_PROFILE     Profile when --profile is not given
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   Proxy settings, honoured for every request
  NO_COLOR            Turn colours off

KEYS (press ? in the app for all)
  j/k or arrows move · Enter open · d details · Esc back · r retry/refresh · G end · q quit

EXIT CODES
  0 done · 1 unexpected failure · 2 usage (bad flag, URL, or no terminal)

EXAMPLES
  pagetui --demo
  PAGETUI_API_KEY=… pagetui --base-url https://pages.example.com
`;

const DEMO_SERVER_HELP = `pagetui demo-server — run the demo Page Service on loopback

USAGE
  pagetui demo-server [--port N] [--seed N] [--latency MS] [--pages N] [--rate-limit N] [--faults]

FLAGS
  --port N          Port to listen on (default: a free port)
  --seed N          Seed for the generated data (default 1)
  --latency MS      Delay before every response
  --pages N         Pages in the largest group, grp-1 (default 10000)
  --rate-limit N    Requests per second per key before answering 429
  --faults          Add page groups that fail on purpose (validation, 429, 502)

It accepts any non-empty x-api-key except "invalid".

EXAMPLES
  pagetui demo-server --port 8080 --latency 100
  PAGETUI_API_KEY=demo-key pagetui --base-url http://127.0.0.1:8080
`;

const TOPICS: Record<string, string> = { 'demo-server': DEMO_SERVER_HELP };

/** The help text for a topic, or undefined when there is no such topic. */
export function helpText(topic?: string): string | undefined {
  if (topic === undefined) return APP_HELP;
  return TOPICS[topic];
}
