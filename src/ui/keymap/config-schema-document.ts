/**
 * schema/config.schema.json (JSON Schema draft 2020-12) as the code knows it: `npm run schema`
 * (scripts/schema.mjs) writes it, and test/config-schema/schema-generated.test.ts fails while the
 * committed file differs. The app validates each file against it at load (config-schema/), and
 * editors complete and check the file with it (`"$schema"`). docs/config.md says what only the
 * app can find (two actions on one key, a view's query, a default naming no profile).
 */
import { MAX_VIEW_NAME, NEVER_IN_VIEW_NAME, SORTS, STATUSES } from '../../auth/config-views.js';
import { MAX_TIMEOUT_SECONDS } from '../../auth/config.js';
import { BASE_URL_PATTERN } from '../../config-schema/schema.js';
import { commandsSchema, keysSchema } from './config-schema-keys.js';

type Json = Readonly<Record<string, unknown>>;

/** `description` and `markdownDescription` alike (the markdown one is what VS Code shows). */
const described = (text: string, markdown = text): Json => ({ description: text.replace(/`/g, ''), markdownDescription: markdown });

const PROFILES: Json = {
  ...described('Named services. Pick one with --profile NAME or PAGETUI_PROFILE.', 'Named services. Pick one with `--profile NAME` or `PAGETUI_PROFILE`.'),
  type: 'object',
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    required: ['baseUrl'],
    properties: {
      baseUrl: {
        ...described('The service\'s base URL (https://…; http only on loopback), without user:password@, ?query or #fragment.'),
        type: 'string',
        pattern: BASE_URL_PATTERN,
      },
    },
  },
};

const VIEWS: Json = {
  ...described(
    `Saved views by name: a query with its sort and status filter, for one screen (pagetui open --view NAME; V saves one, v picks one). A name is up to ${MAX_VIEW_NAME} characters, not blank, without control characters, direction marks or other invisible characters. Whether the query parses is checked by pagetui (pagetui config check).`,
    `Saved views by name: a query with its sort and status filter, for one screen (\`pagetui open --view NAME\`; \`V\` saves one, \`v\` picks one).\n\nA name is up to ${MAX_VIEW_NAME} characters, not blank, without control characters, direction marks or other invisible characters. Whether the query parses is checked by pagetui (\`pagetui config check\`).`,
  ),
  type: 'object',
  propertyNames: { type: 'string', maxLength: MAX_VIEW_NAME, allOf: [{ type: 'string', pattern: '\\S' }, { type: 'string', pattern: `^[^${NEVER_IN_VIEW_NAME}]*$` }] },
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    required: ['screen', 'query'],
    properties: {
      screen: { ...described('The list the view is for: the group list or a group\'s pages.'), enum: ['groups', 'pages'] },
      query: { ...described('The filter, in the / prompt\'s query language ("" for none): words, field:value, -term, updated>7d, a|b.', 'The filter, in the `/` prompt\'s query language (`""` for none): words, `field:value`, `-term`, `updated>7d`, `a|b`.'), type: 'string' },
      sort: { ...described('The order: the server\'s, by name or by time updated; a leading - turns it around. The same choices on both screens.'), enum: SORTS },
      status: { ...described('The status filter (the keys 1-5): a groups view only; a pages view may say only "all".'), enum: STATUSES },
    },
    if: { properties: { screen: { const: 'pages' } }, required: ['screen'] },
    then: { properties: { status: { type: 'string', const: 'all' } } },
  },
  examples: [{ drafts: { screen: 'groups', query: 'status:draft', sort: '-updated', status: 'draft' } }],
};

/** The whole schema as an object. */
function configSchemaDocument(): Json {
  const { keys, defs } = keysSchema();
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'pagetui config.json',
    ...described(
      'pagetui\'s config file ($XDG_CONFIG_HOME/pagetui/config.json, or ~/.config/pagetui/config.json; pagetui config path prints it, pagetui config check checks it). It never holds an API key.',
      'pagetui\'s config file (`$XDG_CONFIG_HOME/pagetui/config.json`, or `~/.config/pagetui/config.json`; `pagetui config path` prints it, `pagetui config check` checks it). It never holds an API key.',
    ),
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { ...described('This schema, for editors: "./node_modules/pagetui/schema/config.schema.json" or its URL.'), type: 'string' },
      profiles: PROFILES,
      default: { ...described('The profile used when neither --base-url, --profile, PAGETUI_BASE_URL nor PAGETUI_PROFILE says.'), type: 'string' },
      theme: { ...described('Colours for a dark or light background; --theme and PAGETUI_THEME win.'), enum: ['auto', 'dark', 'light'], default: 'auto' },
      mouse: { ...described('As --mouse on every start: the wheel scrolls, a click selects.'), type: 'boolean', default: false },
      timeout: {
        ...described('Longest wait for one response, in seconds, when neither --timeout nor PAGETUI_TIMEOUT is set.'),
        type: 'integer',
        minimum: 1,
        maximum: MAX_TIMEOUT_SECONDS,
        default: 30,
      },
      keys,
      views: VIEWS,
      commands: commandsSchema(),
      cache: { ...described('false: no start-up cache is read or written.'), type: 'boolean', default: true },
      screenReader: { ...described('Screen-reader mode: plain lines, no motion, the selection said in words.'), type: 'boolean', default: false },
      reduceMotion: { ...described('No spinner or other animation.'), type: 'boolean', default: false },
      log: { ...described('A debug log file (as --log FILE), written 0600; PAGETUI_LOG and --log win.'), type: 'string', minLength: 1 },
    },
    $defs: defs,
  };
}

/** The file's text: two-space JSON and a final newline. */
export const configSchemaText = (): string => `${JSON.stringify(configSchemaDocument(), null, 2)}\n`;
