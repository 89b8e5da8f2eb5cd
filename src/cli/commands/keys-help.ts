/** `pagetui keys --help`. */
export const KEYS_HELP = `pagetui keys — the app's actions and their keys, as in effect with your config

USAGE
  pagetui keys

Every action, grouped by the screen or prompt it acts in, with its keys written as "keys" in
config.json takes them, e.g. {"keys": {"moveDown": ["j", "down"], "quit": "ctrl-q"}}.
Commands of your own ("commands" in config.json) are listed as commands[N].
Any problem with "keys" or "commands" is said on stderr with its file and line.
Key names: one character ("j", "G", "/"), ctrl-<letter>, alt-<letter> (text fields only),
or enter, esc, tab, space, up, down, left, right, pgup, pgdn, home, end, backspace, delete, f1…f12.
See docs/keymap.md and docs/custom-commands.md.
`;
