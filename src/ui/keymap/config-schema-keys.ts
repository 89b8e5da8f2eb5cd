/**
 * The `"keys"` and `"commands"` parts of schema/config.schema.json, written from the key table
 * (keys/bindings.ts), the key-name reader and the placeholders, so an editor completes the action
 * names and flags what the app refuses. Each node keeps the plain keywords the app's own validator
 * reads (config-schema/validate.ts: type, minLength, items); the rules the keymap checks with its
 * own words (key names, where a key can act, placeholders) are in keywords that validator leaves
 * to editors and other validators ($ref, anyOf, allOf, if/then, not, prefixItems, contains,
 * propertyNames). Two actions on one key is the keymap's to find: a schema cannot see it.
 */
import { BINDINGS, type Binding, type KeyContext } from '../keys/bindings.js';
import { actionsOf } from './actions-of.js';
import { contextTitle } from '../keys/help.js';
import { KEY_NAME_EXAMPLES, KEY_NAME_PATTERN, usableKeyPattern } from './key-name-pattern.js';
import { keyNamesOf } from './key-names.js';
import { placeholdersOn, PLACEHOLDER_NAMES, type OwnCommandScreen } from './placeholders.js';

type Json = Readonly<Record<string, unknown>>;

/** The order `pagetui keys` lists contexts in: an action is placed under the first one it acts in. */
const CONTEXT_ORDER: readonly KeyContext[] = ['list', 'detail', 'help', 'filter', 'export', 'overwrite', 'jump', 'keyEntry', 'viewName', 'viewPicker', 'inspector', 'exchange', 'errorView', 'loginKey', 'confirm'];

const KEY_SYNTAX = 'a key name: one character ("j", "G", "/"; case counts), "space", a named key (enter, esc, tab, up, down, left, right, pgup, pgdn, home, end, backspace, delete, f1-f12), ctrl-<letter> (not ctrl-h, ctrl-i, ctrl-j or ctrl-m: the terminal sends those as backspace, tab and enter) or alt-<letter> (text fields only)';

/** What the app's validator checks of a `"keys"` value: a string or a list of strings, none empty. */
const PLAIN_KEYS: Json = { type: ['string', 'array'], minLength: 1, items: { type: 'string', minLength: 1 } };

const usableDefName = (pattern: string): string => `keysActingIn${pattern === usableKeyPattern(['list', 'filter']) ? 'Any' : pattern === usableKeyPattern(['list']) ? 'Screens' : 'TextFields'}`;

/** One key, or a list of keys at least one of which can act where the action acts. */
const keysDef = (usable: string): Json => ({
  anyOf: [
    { type: 'string', pattern: usable },
    { type: 'array', minItems: 1, items: { type: 'string', pattern: KEY_NAME_PATTERN }, contains: { type: 'string', pattern: usable } },
  ],
});

/** Each action once, with every context it acts in (as the keymap reads them), in `pagetui keys` order. */
function actions(): Binding[] {
  const rank = (b: Binding): number => Math.min(...b.contexts.map((c) => (CONTEXT_ORDER.includes(c) ? CONTEXT_ORDER.indexOf(c) : CONTEXT_ORDER.length)));
  return actionsOf(BINDINGS).map((b, index) => ({ b, index })).sort((x, y) => rank(x.b) - rank(y.b) || x.index - y.index).map(({ b }) => b);
}

/** The places where an action's default keys are fewer than its first binding's: '; in Filter bar (/): pgdn'. */
function fewerKeys(binding: Binding, quote: (key: string) => string): string {
  return BINDINGS.filter((b) => b.command === binding.command && b.keys !== binding.keys)
    .map((b) => `; in ${b.contexts.map((c) => contextTitle(c, BINDINGS)).join(', ')}: ${keyNamesOf(b.keys).map(quote).join(', ')}`)
    .join('');
}

function actionSchema(binding: Binding): Json {
  const defaults = keyNamesOf(binding.keys);
  const where = binding.contexts.map((c) => contextTitle(c, BINDINGS));
  return {
    description: `${binding.description} (default: ${defaults.join(', ')}${fewerKeys(binding, (k) => k)}). Acts in: ${where.join('; ')}.`,
    markdownDescription: `**${binding.description}** — default ${defaults.map((k) => `\`${k}\``).join(', ')}${fewerKeys(binding, (k) => `\`${k}\``)}\n\nActs in: ${where.join('; ')}.`,
    ...PLAIN_KEYS,
    $ref: `#/$defs/${usableDefName(usableKeyPattern(binding.contexts))}`,
  };
}

/** `"keys"`, and the `$defs` its actions refer to. */
export function keysSchema(): { keys: Json; defs: Json } {
  const all = actions();
  const defs: Record<string, Json> = {};
  for (const b of all) {
    const usable = usableKeyPattern(b.contexts);
    defs[usableDefName(usable)] = keysDef(usable);
  }
  return {
    defs,
    keys: {
      description: 'Keys for built-in actions (the names `pagetui keys` lists, by screen): one key or a list of keys each; they replace the action\'s default keys. Two actions given one key where both act is reported by pagetui, and both keep their defaults.',
      markdownDescription: 'Keys for built-in actions (the names `pagetui keys` lists, by screen): one key or a list of keys each; they replace the action\'s default keys.\n\nTwo actions given one key where both act is reported by pagetui (`pagetui config check`), and both keep their defaults: a schema cannot see that.',
      type: 'object',
      properties: Object.fromEntries(all.map((b) => [b.command, actionSchema(b)])),
      propertyNames: { enum: all.map((b) => b.command) },
      additionalProperties: PLAIN_KEYS,
      examples: [{ moveDown: ['j', 'down'], filter: 'f' }],
    },
  };
}

const SCREENS: readonly OwnCommandScreen[] = ['groups', 'pages', 'detail'];
const SCREEN_CONTEXT: Readonly<Record<OwnCommandScreen, KeyContext>> = { groups: 'list', pages: 'list', detail: 'detail' };
// A placeholder in single braces: `{{name}}` is the text `{name}` (docs/custom-commands.md).
const single = (inner: string): string => `(?<!\\{)\\{${inner}\\}|\\{${inner}\\}(?!\\})`;
const NAME = '[A-Za-z_][\\w.-]*';
const PLACEHOLDER = single(NAME);
const oneOfNames = (names: readonly string[]): string => single(`(?:${names.join('|')})`);
const placeholderList = PLACEHOLDER_NAMES.map((n) => `{${n}}`).join(', ');

/** Per screen: the key must act there, and argv may use only the placeholders with a value there. */
function screenRule(screen: OwnCommandScreen): Json {
  const absent = PLACEHOLDER_NAMES.filter((n) => !placeholdersOn(screen).includes(n));
  const argv = absent.length === 0 ? {} : { argv: { type: 'array', items: { type: 'string', not: { type: 'string', pattern: oneOfNames(absent) } } } };
  return {
    if: { properties: { screen: { const: screen } }, required: ['screen'] },
    then: { properties: { key: { type: 'string', pattern: usableKeyPattern([SCREEN_CONTEXT[screen]]) }, ...argv } },
  };
}

/** `"commands"`. */
export function commandsSchema(): Json {
  return {
    description: `Your own commands on the selected item, in help and the footer like built-in actions. argv is run as is, without a shell; the placeholders ${placeholderList} are filled in as single arguments (never in the program, argv[0]).`,
    markdownDescription: `Your own commands on the selected item, in help and the footer like built-in actions.\n\n\`argv\` is run as is, **without a shell**; the placeholders ${PLACEHOLDER_NAMES.map((n) => `\`{${n}}\``).join(', ')} are filled in as single arguments (never in the program, \`argv[0]\`). The API key is in the command's environment only with \`"withApiKey": true\`.`,
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['key', 'screen', 'description', 'argv'],
      properties: {
        key: { description: `The key that runs it: ${KEY_SYNTAX}. Not an alt- key: those act in text fields only.`, type: 'string', minLength: 1, examples: KEY_NAME_EXAMPLES.filter((k) => !k.startsWith('alt-')) },
        screen: { description: 'Where it acts: the group list, a page list, or a page\'s or group\'s details.', enum: SCREENS },
        description: { description: 'The words help and the footer show for it (not blank; up to 60 characters are shown).', type: 'string' },
        argv: { description: `The program and its arguments, no shell: ["less", "{pageId}"]. Placeholders: ${placeholderList}; on the groups screen there is no {pageId}.`, type: 'array', minItems: 1, items: { type: 'string' } },
        stdin: { description: '"json": the selected item\'s JSON on the command\'s standard input.', enum: ['json'] },
        background: { description: 'true: runs apart from the terminal, its exit status in the status bar; false (default): the app gives it the terminal until it ends.', type: 'boolean', default: false },
        withApiKey: { description: 'true: PAGETUI_API_KEY is in the command\'s environment. Without it the command never sees the key.', type: 'boolean', default: false },
      },
      allOf: [
        {
          properties: {
            key: { type: 'string', pattern: KEY_NAME_PATTERN },
            description: { type: 'string', pattern: '\\S' },
            argv: { type: 'array', minItems: 1, prefixItems: [{ type: 'string', minLength: 1, not: { type: 'string', pattern: PLACEHOLDER } }], items: { type: 'string', not: { type: 'string', pattern: single(`(?!(?:${PLACEHOLDER_NAMES.join('|')})\\})${NAME}`) } } },
          },
        },
        ...SCREENS.map(screenRule),
      ],
    },
  };
}
