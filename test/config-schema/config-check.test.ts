import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/auth/config.js';
import { configPath } from '../../src/auth/paths.js';
import { runConfig } from '../../src/cli/commands/config-command.js';
import { runGroups } from '../../src/cli/commands/list-commands.js';
import { runKeys } from '../../src/cli/commands/keys-command.js';
import { keymapCheck } from '../../src/cli/commands/doctor/keymap-check.js';
import { EXIT_CONFIG } from '../../src/cli/commands/exit-codes.js';
import { cleanupTemp, tempDir } from '../auth/helpers.js';
import { CONFIG_WITH_EVERY_PROBLEM } from '../fixtures/config-with-every-problem.js';

afterEach(cleanupTemp);

function envWithText(text?: string): Record<string, string | undefined> {
  const xdg = tempDir();
  const env = { XDG_CONFIG_HOME: xdg, HOME: tempDir() };
  if (text !== undefined) {
    mkdirSync(join(xdg, 'pagetui'));
    writeFileSync(join(xdg, 'pagetui', 'config.json'), text);
  }
  return env;
}

const BAD = `{
  "profiles": {
    "prod": { "baseUrl": "https://prod.example" },
    "typo": { "baseURL": "https://typo.example" }
  },
  "default": "prod",
  "theme": "blue",
  "mouse": "yes",
  "them": "dark",
  "timeout": 0
}
`;

function collect(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { stream, text: () => text };
}

async function runConfigCommand(argv: string[], env: Record<string, string | undefined>) {
  const out = collect();
  const err = collect();
  const code = await runConfig(argv, { stdin: new PassThrough(), stdout: out.stream, stderr: err.stream, env });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** `pagetui config check` over a config of `text`, which must find problems (exit 8). */
async function checkWithText(text: string) {
  const env = envWithText(text);
  const r = await runConfigCommand(['check'], env);
  expect(r.code).toBe(EXIT_CONFIG);
  return { env, path: configPath(env), r };
}

describe('one rule for bad values', () => {
  it('drops each bad value alone, keeps the rest, and says file, line, key, what was expected and what happens instead', () => {
    const env = envWithText(BAD);
    const path = configPath(env);
    const { config, problems, warning } = loadConfig(env);
    // A bad "mouse" once threw the whole file away (profiles too); a bad "theme" was dropped silently.
    expect(config).toEqual({ profiles: { prod: { baseUrl: 'https://prod.example' } }, default: 'prod' });
    expect(problems).toEqual([
      `${path} line 4: profiles.typo.baseURL: unknown key (did you mean "baseUrl"?) — it is ignored`,
      `${path} line 4: profiles.typo.baseUrl: expected an http:// or https:// URL without user:password@, ?query or #fragment; it is missing — profiles.typo is ignored`,
      `${path} line 7: theme: expected one of auto, dark, light; got "blue" — the default (auto) is used`,
      `${path} line 8: mouse: expected true or false; got "yes" — the default (false) is used`,
      `${path} line 9: them: unknown key (did you mean "theme"?) — it is ignored`,
      `${path} line 10: timeout: expected a whole number from 1 to 3600; got 0 — the default (30) is used`,
    ]);
    expect(warning).toBe(`${problems[0]} (and 5 more: run \`pagetui config check\`)`);
  });

  it('a "cache" it does not understand turns the cache off, as a PAGETUI_CACHE not understood does: a setting meant as off never leaves rows on disk', () => {
    const env = envWithText('{\n  "cache": "no"\n}\n');
    const { config, problems } = loadConfig(env);
    expect(config.cache).toBe(false);
    expect(problems).toEqual([`${configPath(env)} line 2: cache: expected true or false; got "no" — the cache is off`]);
  });

  it('takes the keys others read (keys, views, commands, cache, screenReader, reduceMotion, log) and a "$schema"', () => {
    const config = {
      $schema: './node_modules/pagetui/schema/config.schema.json',
      keys: { moveDown: ['j', 'down'], quit: 'q' },
      views: { drafts: { screen: 'groups', query: 'status:draft', sort: 'updated', status: 'draft' } },
      commands: [{ key: 'o', screen: 'pages', description: 'open', argv: ['xdg-open', '{pageId}'], stdin: 'json', background: true, withApiKey: false }],
      cache: false,
      screenReader: true,
      reduceMotion: true,
      log: '/tmp/pagetui.log',
    };
    const loaded = loadConfig(envWithText(JSON.stringify(config, null, 2)));
    expect(loaded.problems).toEqual([]);
    expect(loaded.config.log).toBe('/tmp/pagetui.log');
  });

  it('a bad view is left out and the other views stay', () => {
    const config = { views: { ok: { screen: 'groups', query: 'x' }, 'bell\u0007': { screen: 'groups', query: '' }, late: { screen: 'pages', query: '', status: 'draft' } } };
    const loaded = loadConfig(envWithText(JSON.stringify(config, null, 2)));
    expect(Object.keys(loaded.config.views ?? {})).toEqual(['ok']);
    expect(loaded.problems).toHaveLength(2);
  });

  it('says where a bad item of a list or a bad entry of a map is, and drops only it', () => {
    const text = JSON.stringify(
      {
        views: { ok: { screen: 'groups', query: '' }, odd: { screen: 'detail', query: 'x' } },
        commands: [{ key: 'o', screen: 'pages', description: 'd', argv: ['echo'] }, { key: 'p', screen: 'pages', description: 'd', argv: 'echo {pageId}' }],
        keys: { quit: 7 },
      },
      null,
      2,
    );
    const { problems } = loadConfig(envWithText(text));
    expect(problems.map((p) => p.replace(/^.* line (\d+): /, 'line $1: '))).toEqual([
      'line 8: views.odd.screen: expected one of groups, pages; got "detail" — views.odd is ignored',
      'line 25: commands[1].argv: expected a non-empty list of strings; got "echo {pageId}" — commands[1] is ignored',
      'line 29: keys.quit: expected a non-empty string or a list of non-empty strings; got 7 — it is ignored',
    ]);
  });

  it('escapes control characters of a bad value and cuts a long one', () => {
    const { problems } = loadConfig(envWithText(JSON.stringify({ theme: `\u001b[31m\u009b${'x'.repeat(200)}` })));
    expect(problems[0]).toMatch(/got "\\u001b\[31m\\u009bx+… — the default/);
    expect(problems[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('a malformed file is still ignored whole with one warning', () => {
    const { config, problems } = loadConfig(envWithText('{"theme": "dark",'));
    expect(config).toEqual({ profiles: {} });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Ignoring .*config\.json: it is not valid JSON/);
  });
});

describe('pagetui config path | check', () => {
  it('path prints the file, existing or not', async () => {
    const env = envWithText();
    expect(await runConfigCommand(['path'], env)).toEqual({ code: 0, stdout: `${configPath(env)}\n`, stderr: '' });
  });

  it('check: each problem on a line, a count on stderr, exit EXIT_CONFIG', async () => {
    const env = envWithText(BAD);
    const r = await runConfigCommand(['check'], env);
    expect(r.code).toBe(EXIT_CONFIG);
    expect(r.stdout.trim().split('\n')).toEqual(loadConfig(env).problems);
    expect(r.stderr).toBe(`pagetui: 6 problems in ${configPath(env)}.\n`);
  });

  it('check: a clean file and an absent one exit 0', async () => {
    const clean = envWithText('{"theme":"dark"}');
    expect(await runConfigCommand(['check'], clean)).toMatchObject({ code: 0, stdout: `${configPath(clean)}: no problems.\n` });
    expect((await runConfigCommand(['check'], envWithText())).code).toBe(0);
  });

  it('check: the keymap\'s and the commands\' problems too (an unknown action, a clash, an unknown placeholder)', async () => {
    const env = envWithText('{"keys":{"copyId":"j","moveDwon":"x"},"commands":[{"key":"o","screen":"groups","description":"d","argv":["echo","{bogus}"]}]}');
    const r = await runConfigCommand(['check'], env);
    expect(r.code).toBe(EXIT_CONFIG);
    expect(r.stdout).toContain('moveDwon');
    expect(r.stdout).toContain('{bogus}');
    expect(r.stdout).toMatch(/copyId/);
  });

  it('check: a prompt action given a letter (submit) is said with its line, as alt- on a list action is', async () => {
    const { path, r } = await checkWithText('{\n  "keys": {\n    "submit": "x",\n    "nextMatch": "alt-n"\n  }\n}\n');
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      `${path} line 3: "x" cannot act where submit acts (letters are text in a text field, alt- keys act only there); submit keeps its default keys (enter)`,
      `${path} line 4: "alt-n" cannot act where nextMatch acts (letters are text in a text field, alt- keys act only there); nextMatch keeps its default keys (n)`,
    ]);
  });

  it('check: a default naming no profile is a problem too', async () => {
    const r = await runConfigCommand(['check'], envWithText('{"default":"gone"}'));
    expect(r.code).toBe(EXIT_CONFIG);
    expect(r.stdout).toContain('default: no profile is named "gone"');
  });

  it('anything else is a usage error', async () => {
    for (const argv of [[], ['edit'], ['path', 'x']]) expect((await runConfigCommand(argv, envWithText())).code).toBe(2);
  });
});

describe('config warnings are never silent', () => {
  it('pagetui groups --base-url says them (the flag decides the URL, the file is still read)', async () => {
    // A key in the environment: no keychain child; port 9 on loopback refuses the one request.
    const env = { ...envWithText('{"theme":"blue"}'), PAGETUI_API_KEY: 'k-1234567890' };
    const err = collect();
    const code = await runGroups(['--base-url', 'http://127.0.0.1:9'], { stdout: new PassThrough(), stderr: err.stream, env });
    expect(code).toBe(6);
    expect(err.text()).toMatch(/warning: .*config\.json line 1: theme: expected one of auto, dark, light; got "blue" — the default \(auto\) is used/);
  });
});

describe('config warnings with PAGETUI_BASE_URL', () => {
  it('pagetui groups says them when the variable decides the URL', async () => {
    const env = { ...envWithText('{"theme":"blue"}'), PAGETUI_API_KEY: 'k-1234567890', PAGETUI_BASE_URL: 'http://127.0.0.1:9' };
    const err = collect();
    const code = await runGroups([], { stdout: new PassThrough(), stderr: err.stream, env });
    expect(code).toBe(6);
    expect(err.text()).toMatch(/warning: .*config\.json line 1: theme: expected one of auto, dark, light/);
  });
});

describe('the schema file', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schema/config.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const UNDERSTOOD = new Set(['$schema', 'title', 'description', 'type', 'enum', 'properties', 'additionalProperties', 'required', 'items', 'minItems', 'minimum', 'maximum', 'minLength', 'pattern', 'default']);
  // Annotations for editors, and the rules the keymap and view readers check in their own words
  // (key names, where a key acts, placeholders, view names): schema-corpus.test.ts holds them to it.
  const ANNOTATIONS = new Set(['markdownDescription', 'examples']);
  const LEFT_TO_THE_READERS = new Set(['$ref', '$defs', 'allOf', 'if', 'then', 'propertyNames']);

  it('is draft 2020-12 and uses only keywords the validator understands, annotations, and rules its readers check', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const walk = (node: Record<string, unknown>, at: string): void => {
      for (const [keyword, value] of Object.entries(node)) {
        expect(UNDERSTOOD.has(keyword) || ANNOTATIONS.has(keyword) || LEFT_TO_THE_READERS.has(keyword), `${at}: ${keyword}`).toBe(true);
        if (keyword === 'properties') for (const [name, sub] of Object.entries(value as object)) walk(sub as Record<string, unknown>, `${at}.${name}`);
        if ((keyword === 'items' || keyword === 'additionalProperties') && typeof value === 'object') walk(value as Record<string, unknown>, `${at}/${keyword}`);
      }
    };
    walk(schema, '#');
  });

  it('ships in the package', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('schema/config.schema.json');
  });
});

describe('problems past the schema, in the same wording', () => {
  it('views and default name their line, and a view whose query does not parse is a problem too', async () => {
    const text = [
      '{',
      '  "default": "nothere",',
      '  "views": {',
      '    "": { "screen": "groups", "query": "" },',
      '    "bad2": { "screen": "groups", "query": "((" },',
      '    "good": { "screen": "groups", "query": "status:draft" }',
      '  },',
      '  "theme": "purple"',
      '}',
      '',
    ].join('\n');
    const { path, r } = await checkWithText(text);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      `${path} line 2: default: no profile is named "nothere" — no profile is used by default`,
      `${path} line 4: views[""]: a view needs a name — that view is not used`,
      expect.stringMatching(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} line 5: views\\.bad2\\.query: does not parse, col \\d+: .* — that view is not used$`)),
      `${path} line 8: theme: expected one of auto, dark, light; got "purple" — the default (auto) is used`,
    ]);
  });
});

describe('a command the schema drops', () => {
  const text = [
    '{',
    '  "commands": [',
    '    {"key": "f3", "screen": "nowhere", "description": "bad screen", "argv": ["true"]},',
    '    {"key": "f6", "screen": "pages", "description": "unknown ph", "argv": ["echo", "{pageid}"]},',
    '    {"key": "f7", "screen": "pages", "description": "good one", "argv": ["true"]}',
    '  ]',
    '}',
    '',
  ].join('\n');

  it('leaves every later command its own index and line, in config check and in pagetui keys', async () => {
    const { env, path, r } = await checkWithText(text);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/ line 3: commands\[0\]\.screen: .* — commands\[0\] is ignored$/);
    expect(lines[1]).toMatch(/^.* line 4: commands\[1\] "argv": \{pageid\} is not a placeholder\b.*; it is left out$/);
    expect(lines[1]).toContain(`${path} line 4: `);
    const keys = collect();
    runKeys([], env as NodeJS.ProcessEnv, keys.stream, collect().stream);
    expect(keys.text()).toMatch(/commands\[2\]\s+f7\s+good one/);
    expect(keys.text()).not.toMatch(/commands\[[01]\]\s/);
  });
});

describe('the keymap\'s problems among the others', () => {
  it('are listed in the file\'s order, each starting with the file and its line as the schema\'s do', async () => {
    const text = [
      '{',
      '  "keys": {',
      '    "moveDwon": "J",',
      '    "sort": "q",',
      '    "details": "x",',
      '    "copyJson": "x"',
      '  },',
      '  "theme": "purple",',
      '  "commands": [',
      '    {"key": "f6", "screen": "pages", "description": "unknown ph", "argv": ["echo", "{pageid}"]}',
      '  ]',
      '}',
      '',
    ].join('\n');
    const { path, r } = await checkWithText(text);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((line) => /^(.*) line (\d+): /.exec(line)?.slice(1, 3))).toEqual([
      [path, '3'],
      [path, '4'],
      [path, '5'],
      [path, '8'],
      [path, '10'],
    ]);
    expect(lines[2]).toMatch(/^.* line 5: "x" is bound to both details and copyJson in context .* \(also line 6\)$/);
    expect(lines[0]).toBe(`${path} line 3: "moveDwon" is not an action (\`pagetui keys\` lists them); the entry is ignored`);
    expect(lines[1]).toMatch(/^.* line 4: "q" is bound to both sort and quit in context list; sort keeps its default keys and quit keeps its default keys$/);
  });
});

describe('pagetui keys says the config\'s problems as config check lists them', () => {
  it('every problem, in the file\'s order, each starting with the file and its line, and their count', async () => {
    const text = [
      '{',
      '  "keys": {',
      '    "moveDwon": "j",',
      '    "top": "hyper-g",',
      '    "moveDown": ["J", "down"],',
      '    "copyId": "J"',
      '  },',
      '  "views": { "bad": { "screen": "groups", "query": "name:(" } },',
      '  "timeout": "abc",',
      '  "default": "nosuch",',
      '  "watchInterval": -3',
      '}',
      '',
    ].join('\n');
    const { env, path, r } = await checkWithText(text);
    const checked = r.stdout.trimEnd().split('\n');
    expect(checked).toHaveLength(7);
    const out = collect();
    const err = collect();
    expect(runKeys([], env as NodeJS.ProcessEnv, out.stream, err.stream)).toBe(0);
    expect(err.text()).toBe([...checked.map((line) => `pagetui: ${line}`), `pagetui: 7 problems in ${path}.`, ''].join('\n'));
    expect(out.text()).toMatch(/^ {2}moveDown +j, down +move down$/m);
  });
});

describe('a mistyped placeholder', () => {
  it('is a problem of config check with its file, line and key path, and the command is left out of pagetui keys', async () => {
    const text = [
      '{',
      '  "commands": [',
      '    {"key": "f5", "screen": "pages", "description": "unclosed", "argv": ["echo", "{pageId"]},',
      '    {"key": "f6", "screen": "pages", "description": "case", "argv": ["echo", "{pageid}"]},',
      '    {"key": "f7", "screen": "pages", "description": "unknown", "argv": ["echo", "{nosuch}"]},',
      '    {"key": "f8", "screen": "pages", "description": "literal", "argv": ["jq", "{id: .id}", "{{pageId}}"]}',
      '  ]',
      '}',
      '',
    ].join('\n');
    const { env, path, r } = await checkWithText(text);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} line 3: commands\\[0\\] "argv": "\\{pageId" has no closing brace: write \\{pageId\\} \\(the placeholders are \\{id\\}, .*\\); it is left out$`)),
      expect.stringMatching(/ line 4: commands\[1\] "argv": \{pageid\} is not a placeholder: write \{pageId\} \(names are case-sensitive\) .*; it is left out$/),
      expect.stringMatching(/ line 5: commands\[2\] "argv": \{nosuch\} is not a placeholder \(the placeholders are .*\); it is left out$/),
    ]);
    const keys = collect();
    runKeys([], env as NodeJS.ProcessEnv, keys.stream, collect().stream);
    expect(keys.text()).toMatch(/commands\[3\]\s+f8\s+literal/);
    expect(keys.text()).not.toMatch(/commands\[[012]\]\s/);
  });
});

describe('pagetui groups and doctor\'s Keymap line say the config\'s problems as config check lists them', () => {
  const text = CONFIG_WITH_EVERY_PROBLEM;

  it('groups --demo: each as a warning, in the file\'s order, then their count', async () => {
    const { env, path, r } = await checkWithText(text);
    const checked = r.stdout.trimEnd().split('\n');
    expect(checked.map((line) => /line (\d+): /.exec(line)?.[1])).toEqual(['3', '5', '7', '9', '11']);
    const err = collect();
    expect(await runGroups(['--demo', '--max', '1'], { stdout: new PassThrough(), stderr: err.stream, env })).toBe(0);
    expect(err.text()).toBe([...checked.map((line) => `pagetui: warning: ${line}`), `pagetui: warning: 5 problems in ${path}.`, ''].join('\n'));
  });

  it('groups --base-url: the same lines, each said once, before the listing\'s own error', async () => {
    const { env, path, r } = await checkWithText(text);
    const checked = r.stdout.trimEnd().split('\n');
    const err = collect();
    const code = await runGroups(['--base-url', 'http://127.0.0.1:9'], { stdout: new PassThrough(), stderr: err.stream, env: { ...env, PAGETUI_API_KEY: 'k-1234567890' } });
    expect(code).toBe(6);
    const lines = err.text().trimEnd().split('\n');
    expect(lines.slice(0, 6)).toEqual([...checked.map((line) => `pagetui: warning: ${line}`), `pagetui: warning: 5 problems in ${path}.`]);
    expect(lines.slice(6).join('\n')).not.toContain(path);
  });

  it('doctor\'s Keymap line: how many of them are the keymap\'s, the first in the file\'s order, and where to read them all', async () => {
    const { env, r } = await checkWithText(text);
    const [first] = r.stdout.split('\n');
    const line = keymapCheck(env);
    expect(line.status).toBe('warn');
    expect(line.summary).toBe(`3 problems, the first: ${first} (pagetui config check lists them all)`);
    expect(line.facts?.problems).toBe(3);
  });
});
