/**
 * `"commands"` in the config: the user's own commands on the selected item (docs/custom-commands.md).
 * Each entry is read alone; a bad one is reported (with its place in the file) and left out, the
 * others stay.
 */
import type { KeySpec } from '../keys/bindings.js';
import { sanitizeString } from '../../text/sanitize.js';
import { parseKeyName, quotedKeyName } from './key-names.js';
import { usableIn } from './usable.js';
import { holdsPlaceholder, placeholderProblem, type OwnCommandScreen } from './placeholders.js';

export interface OwnCommand {
  /** Its place in `"commands"` (the binding's command is `custom:<index>`). */
  readonly index: number;
  /** The key as the config writes it. */
  readonly key: string;
  readonly keys: readonly KeySpec[];
  readonly screen: OwnCommandScreen;
  readonly description: string;
  readonly argv: readonly string[];
  /** The selected item's JSON on the command's stdin. */
  readonly stdinJson: boolean;
  /** Runs apart from the terminal; its exit status shows in the status bar. */
  readonly background: boolean;
  /** The API key goes into the command's environment as PAGETUI_API_KEY. */
  readonly withApiKey: boolean;
}

const SCREENS: readonly OwnCommandScreen[] = ['groups', 'pages', 'detail'];
const KNOWN_FIELDS = new Set(['key', 'screen', 'description', 'argv', 'stdin', 'background', 'withApiKey']);
/** Longer than any description a footer or help row could show. */
const MAX_DESCRIPTION = 60;

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One entry of `"commands"`: the command, or why it cannot be one. */
export function readOwnCommand(raw: unknown, index: number): OwnCommand | { readonly problem: string } {
  if (!isPlainObject(raw)) return { problem: 'must be an object with "key", "screen", "description" and "argv"' };
  const unknown = Object.keys(raw).find((k) => !KNOWN_FIELDS.has(k));
  if (unknown !== undefined) return { problem: `has an unknown field ${JSON.stringify(unknown)} (known: ${[...KNOWN_FIELDS].join(', ')})` };
  const { key, screen, description, argv } = raw;
  if (typeof key !== 'string') return { problem: 'needs "key": a key name such as "x" or "ctrl-o"' };
  const parsed = parseKeyName(key);
  if ('problem' in parsed) return { problem: `"key": ${quotedKeyName(key)} ${parsed.problem}` };
  if (typeof screen !== 'string' || !SCREENS.includes(screen as OwnCommandScreen)) return { problem: '"screen" must be "groups", "pages" or "detail"' };
  // The screens read Esc then a letter as two keys: Alt is read only in text fields.
  if (!parsed.keys.some((spec) => usableIn(spec, screen === 'detail' ? 'detail' : 'list'))) {
    return { problem: `"key": ${JSON.stringify(key)} cannot act on the ${screen} screen (alt- keys act only in text fields)` };
  }
  if (typeof description !== 'string' || description.trim() === '') return { problem: 'needs "description": the words help and the footer show' };
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a): a is string => typeof a === 'string')) {
    return { problem: '"argv" must be a list of strings, the program first (no shell reads it)' };
  }
  if (argv[0] === '') return { problem: '"argv" starts with an empty program name' };
  // A value from the server never chooses what runs: placeholders fill arguments only.
  const program = argv[0] ?? '';
  if (holdsPlaceholder(program)) return { problem: `"argv": the program (argv[0]) may not hold a placeholder (${JSON.stringify(program)}); pass values as arguments` };
  if (raw.stdin !== undefined && raw.stdin !== 'json') return { problem: '"stdin" can only be "json"' };
  for (const flag of ['background', 'withApiKey'] as const) {
    if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') return { problem: `"${flag}" must be true or false` };
  }
  const placeholders = placeholderProblem(argv, screen as OwnCommandScreen);
  if (placeholders !== undefined) return { problem: `"argv": ${placeholders}` };
  return {
    index,
    key,
    keys: parsed.keys,
    screen: screen as OwnCommandScreen,
    // From a file: shown in help and the footer only once sanitised.
    description: [...sanitizeString(description).trim()].slice(0, MAX_DESCRIPTION).join(''),
    argv,
    stdinJson: raw.stdin === 'json',
    background: raw.background === true,
    withApiKey: raw.withApiKey === true,
  };
}
