/**
 * The shipped schema against `pagetui config check`, config by config, with ajv (draft 2020-12,
 * strict): every config the app refuses for a structural reason the schema refuses too, every
 * config the app takes the schema takes, and what only the app can see (two actions on one key, a
 * query that does not parse, a default naming no profile, a member given twice, a joiner outside
 * an emoji in a view name) the schema lets through, as docs/config.md says.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runConfig } from '../../src/cli/commands/config-command.js';
import { cleanupTemp, tempDir } from '../auth/helpers.js';

afterEach(cleanupTemp);

interface AjvValidate {
  (data: unknown): boolean;
  errors?: unknown;
}
interface Ajv {
  addKeyword(name: string): void;
  compile(schema: unknown): AjvValidate;
}

/** ajv 8 with its draft 2020-12 dialect, as installed for ajv-formats (the top-level ajv is 6). */
function ajv2020(): Ajv {
  const fromFormats = createRequire(createRequire(import.meta.url).resolve('ajv-formats'));
  const Ajv2020 = (fromFormats('ajv/dist/2020') as { default: new (options: object) => Ajv }).default;
  // Union types are plain JSON Schema; the one tuple is argv's program (prefixItems), any length after it.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, strictTuples: false, logger: { log() {}, warn(message: string) { throw new Error(message); }, error() {} } });
  // VS Code's annotation: an editor shows it, a validator has nothing to check.
  ajv.addKeyword('markdownDescription');
  return ajv;
}

const schema: unknown = JSON.parse(readFileSync(join(import.meta.dirname, '../../schema/config.schema.json'), 'utf8'));
const schemaTakes = ajv2020().compile(schema);

async function appTakes(text: string): Promise<{ ok: boolean; said: string }> {
  const xdg = tempDir();
  mkdirSync(join(xdg, 'pagetui'));
  writeFileSync(join(xdg, 'pagetui', 'config.json'), text);
  const out = new PassThrough();
  let said = '';
  out.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
  const code = await runConfig(['check'], { stdin: new PassThrough(), stdout: out, stderr: new PassThrough(), env: { XDG_CONFIG_HOME: xdg, HOME: tempDir() } });
  return { ok: code === 0, said };
}

const cmd = (fields: Record<string, unknown>): unknown => ({ commands: [{ key: 'f7', screen: 'pages', description: 'Open', argv: ['less', '{pageId}'], ...fields }] });
const view = (fields: Record<string, unknown>, name = 'v'): unknown => ({ views: { [name]: { screen: 'groups', query: '', ...fields } } });

const GOOD: Record<string, unknown> = {
  'an empty config': {},
  'every setting': {
    $schema: './node_modules/pagetui/schema/config.schema.json',
    profiles: { prod: { baseUrl: 'https://pages.example' }, local: { baseUrl: 'http://127.0.0.1:8080/v0' } },
    default: 'prod', theme: 'light', mouse: true, timeout: 60, cache: false, screenReader: true, reduceMotion: true, log: '/tmp/pagetui.log',
  },
  'keys in every form': { keys: { moveDown: ['j', 'Down'], moveUp: ['k', 'UP'], filter: 'f', help: 'F1', details: 'D', halfPageDown: 'CTRL-D' } },
  'a list with one key that cannot act there, one that can': { keys: { details: ['alt-x', 'D'] } },
  'an emoji as a key': { keys: { details: '🔍' } },
  'commands on each screen': {
    commands: [
      { key: 'f7', screen: 'pages', description: 'Page in less', argv: ['less', '--', 'page-{pageId}.txt'], stdin: 'json' },
      { key: 'f8', screen: 'groups', description: 'Group', argv: ['echo', '{pageGroupId}', '{baseUrl}', '{name}'], background: true, withApiKey: false },
      { key: 'ctrl-o', screen: 'detail', description: 'Open it', argv: ['xdg-open', '{baseUrl}/pages/{id}'], withApiKey: true },
      { key: 'f9', screen: 'pages', description: 'Literal braces', argv: ['printf', '{}', '{1}', '{{pageId}}'] },
      { key: 'f10', screen: 'groups', description: 'Escapes and templates', argv: ['jq', '{id: .id}', '{{pageid}}', '{{pageId}}', '{{.Name}}', '{{ json . }}'] },
    ],
  },
  'views of both screens': { views: { drafts: { screen: 'groups', query: 'status:draft', sort: '-updated', status: 'draft' }, all: { screen: 'pages', query: 'hero', sort: 'name', status: 'all' } } },
  'a view name of 40 characters': view({}, 'x'.repeat(40)),
  'a view name of 40 emoji': view({}, '🚀'.repeat(40)),
  'a view name with an emoji sequence': view({}, 'team 👩‍👩‍👧 launch 👍🏽'),
};

const REFUSED_BY_BOTH: Record<string, unknown> = {
  'an unknown action': { keys: { moveDwon: 'j' } },
  'a key that is no key name': { keys: { moveDown: 'hyper-g' } },
  'two letters': { keys: { moveDown: 'ee' } },
  'f13': { keys: { moveDown: 'f13' } },
  'ctrl-h, which is backspace': { keys: { details: 'ctrl-h' } },
  'an empty key list': { keys: { moveDown: [] } },
  'an empty key': { keys: { moveDown: '' } },
  'a number as a key': { keys: { moveDown: 5 } },
  'one bad name in a list': { keys: { moveDown: ['j', 'hyper-g'] } },
  'an alt key for a screen action': { keys: { details: 'alt-x' } },
  'a letter for a text-field action only': { keys: { wordBack: 'b' } },
  '"keys" not an object': { keys: 'j' },
  'a command key that is no key name': cmd({ key: 'hyper-g' }),
  'a command on an alt key': cmd({ key: 'alt-o' }),
  'a command on a screen that does not exist': cmd({ screen: 'list' }),
  'a blank description': cmd({ description: '   ' }),
  'an empty argv': cmd({ argv: [] }),
  'an empty program': cmd({ argv: ['', 'x'] }),
  'a placeholder as the program': cmd({ argv: ['{name}'] }),
  'a placeholder inside the program': cmd({ argv: ['pre{slug}', 'x'] }),
  'an unknown placeholder': cmd({ argv: ['less', '{pageID}'] }),
  'an unknown placeholder of another spelling': cmd({ argv: ['less', '{page_id}'] }),
  'a placeholder in an escape left open': cmd({ argv: ['less', '{{pageid}'] }),
  '{pageId} on the groups screen': cmd({ screen: 'groups', argv: ['less', '{pageId}'] }),
  'stdin other than json': cmd({ stdin: 'text' }),
  'background not a boolean': cmd({ background: 'yes' }),
  'an unknown field': cmd({ shell: true }),
  'a command without a description': { commands: [{ key: 'f7', screen: 'pages', argv: ['true'] }] },
  '"commands" not a list': { commands: { key: 'f7' } },
  'an empty view name': view({}, ''),
  'a blank view name': view({}, '   '),
  'a view name of 41 characters': view({}, 'x'.repeat(41)),
  'a view name with a bidi override': view({}, 'a\u202eb'),
  'a view name with a direction mark': view({}, 'a\u200fb'),
  'a view name with a tab': view({}, 'a\tb'),
  'a view name with an escape': view({}, 'a\u001b[31mb'),
  'a status on a pages view': view({ screen: 'pages', status: 'draft' }),
  'an unknown sort': view({ sort: 'size' }),
  'a view for the detail screen': view({ screen: 'detail' }),
  'a view without a query': { views: { v: { screen: 'groups' } } },
  'a view with columns': view({ columns: ['name'] }),
  'a theme that is not one': { theme: 'blue' },
  'a timeout of 0': { timeout: 0 },
  'an unknown setting': { them: 'dark' },
  'an ftp base URL': { profiles: { p: { baseUrl: 'ftp://x.example' } } },
};

/** Refused by the app for what a schema cannot see; the schema takes them (docs/config.md). */
const APP_ONLY: Record<string, string> = {
  'two actions on one key': JSON.stringify({ keys: { moveDown: 'x', moveUp: 'x' } }),
  'a command on a built-in action\'s key': JSON.stringify(cmd({ key: 'q' })),
  'a query that does not parse': JSON.stringify(view({ query: 'updated>' })),
  'a default naming no profile': JSON.stringify({ default: 'nope' }),
  'a member given twice': '{ "theme": "dark", "theme": "light" }',
  'a joiner outside an emoji in a view name': JSON.stringify(view({}, 'a\u200db')),
  'a placeholder without its closing brace': JSON.stringify(cmd({ argv: ['less', 'p/{pageId'] })),
  'a placeholder with spaces in its braces': JSON.stringify(cmd({ argv: ['less', '{ pageId }'] })),
};

describe('the config schema and pagetui config check agree', () => {
  it.each(Object.entries(GOOD))('both take %s', async (_name, config) => {
    const app = await appTakes(JSON.stringify(config, null, 2));
    expect(app.said).toMatch(/no problems/);
    expect(schemaTakes(config), JSON.stringify(schemaTakes.errors)).toBe(true);
  });

  it.each(Object.entries(REFUSED_BY_BOTH))('both refuse %s', async (_name, config) => {
    expect((await appTakes(JSON.stringify(config, null, 2))).ok).toBe(false);
    expect(schemaTakes(config)).toBe(false);
  });

  it.each(Object.entries(APP_ONLY))('only the app refuses %s', async (_name, text) => {
    expect((await appTakes(text)).ok).toBe(false);
    expect(schemaTakes(JSON.parse(text))).toBe(true);
  });
});
