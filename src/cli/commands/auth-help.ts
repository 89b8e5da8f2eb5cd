/** `--help` texts of `pagetui login`, `logout` and `auth`, in the style of gh. */

const BASE_URL_FLAGS = `  --base-url URL          The service's base URL (default: --profile, PAGETUI_BASE_URL,
                          PAGETUI_PROFILE, then the config file's default profile)
  --profile NAME          Use the base URL of a profile from the config file`;

const LOGIN = `pagetui login — check an API key and save it for a Page Service

USAGE
  pagetui login [--base-url URL | --profile NAME] [--with-key] [--insecure-storage]

Asks for the key in a masked field (nothing you type is shown), checks it with one request
(GET /v0/page_groups?limit=1) and saves it in the system keychain under service "pagetui",
account = the base URL's origin, so each environment has its own key. A rejected key is not saved.
If the key cannot be checked (network failure), you are asked whether to save it anyway.
When no default profile exists, the base URL is saved as one, so plain \`pagetui\` opens it next
time. There is deliberately no flag that takes the key itself: flags end up in shell history.

FLAGS
${BASE_URL_FLAGS}
  --with-key              Read the key from stdin instead of asking (for scripts); a key that
                          cannot be checked is then not saved
  --insecure-storage      Save the key in a PLAINTEXT file instead of the keychain (for machines
                          without one): $XDG_CONFIG_HOME/pagetui/credentials.json, mode 0600
  --allow-insecure-http   Allow a plain-http base URL that is not on loopback
  -h, --help              Show this help

ENVIRONMENT
  PAGETUI_BASE_URL, PAGETUI_PROFILE   The base URL when --base-url / --profile are not given
  PAGETUI_API_KEY     Used before any saved key (never saved); no login needed when it is set
  XDG_CONFIG_HOME     Where config.json and credentials.json live (default ~/.config)

EXIT CODES
  0 saved · 1 the key works but could not be saved (no keychain: see the message)
  2 usage (bad flag, no base URL, no terminal and no --with-key, or --with-key where no keychain
    can be reached and no --insecure-storage) · 3 the key was rejected
  4 rate limited · 5 API error (e.g. 404, 5xx): the key could not be checked and was not saved
  6 the service could not be reached: the key was not saved · 130 cancelled

EXAMPLES
  pagetui login --base-url https://pages.example.com
  printenv PAGES_KEY | pagetui login --with-key --base-url https://pages.example.com
  pagetui login --insecure-storage        # over SSH, on a server without a keychain
`;

const LOGOUT = `pagetui logout — remove the saved API key for a Page Service

USAGE
  pagetui logout [--base-url URL | --profile NAME]

Removes the key for the base URL's origin from the system keychain and from the plaintext
credentials file, and says whether there was one. PAGETUI_API_KEY is not touched; you are reminded
when it is still set.

FLAGS
${BASE_URL_FLAGS}
  -h, --help              Show this help

ENVIRONMENT
  PAGETUI_BASE_URL, PAGETUI_PROFILE, XDG_CONFIG_HOME   As for pagetui login

EXIT CODES
  0 done (whether or not a key was saved) · 1 the key is still saved: the credentials file could
  not be rewritten (e.g. a full disk; the message says what to do) · 2 usage (bad flag, no base URL)

EXAMPLES
  pagetui logout
  pagetui logout --base-url https://staging.pages.example.com
`;

const AUTH = `pagetui auth — show how pagetui authenticates

USAGE
  pagetui auth status [--base-url URL | --profile NAME]

Shows the base URL and where it came from, where the key comes from (PAGETUI_API_KEY, the system
keychain, the plaintext credentials file, or none) with its last 4 characters only, and whether
the keychain is reachable (and if not, why). Nothing is sent to the service.

FLAGS
${BASE_URL_FLAGS}
  -h, --help              Show this help

ENVIRONMENT
  PAGETUI_API_KEY, PAGETUI_BASE_URL, PAGETUI_PROFILE, XDG_CONFIG_HOME

EXIT CODES
  0 a key was found · 2 usage (bad flag, no base URL, unknown subcommand) · 3 no key

EXAMPLES
  pagetui auth status
  pagetui auth status --profile prod
`;

/** Help texts for `pagetui login`, `pagetui logout` and `pagetui auth`. */
export const AUTH_HELP: { readonly login: string; readonly logout: string; readonly auth: string } = {
  login: LOGIN,
  logout: LOGOUT,
  auth: AUTH,
};
