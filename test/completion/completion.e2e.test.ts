/**
 * The completion scripts of the built CLI, loaded by the real shells: bash completes commands,
 * flags, words and the config's profile and view names (a name holding `$(…)` is completed as
 * text, never run), and Tab in an interactive bash inserts a name or a file name however much of
 * it was typed, quoted or escaped; zsh and fish scripts parse (`zsh -n`, `fish -n`) where those
 * shells exist.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { canRun } from '../helpers/require.js';

let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-completion-'));
  // `pagetui` on PATH, as an install puts it: the script calls it for the config's names.
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'pagetui'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BUNDLE)} "$@"\n`);
  chmodSync(join(dir, 'bin', 'pagetui'), 0o755);
  mkdirSync(join(dir, 'config', 'pagetui'), { recursive: true });
  const config = {
    profiles: { prod: { baseUrl: 'https://prod.example' }, preview: { baseUrl: 'https://preview.example' }, '$(touch pwned)': { baseUrl: 'https://x.example' } },
    views: {
      drafts: { screen: 'pages', query: 'status:draft' },
      'my recent': { screen: 'groups', query: 'updated<7d' },
      'home pages': { screen: 'pages', query: 'name:home' },
      'my broken': { screen: 'groups', query: 'name:(' },
      'big drafts': { screen: 'groups', query: 'status:draft pages>=100' },
      'team:web': { screen: 'pages', query: 'name:web' },
      [`it's "odd" $x`]: { screen: 'pages', query: 'name:odd' },
    },
  };
  writeFileSync(join(dir, 'config', 'pagetui', 'config.json'), JSON.stringify(config));
  mkdirSync(join(dir, 'work', 'bin'), { recursive: true });
  writeFileSync(join(dir, 'work', 'my file.log'), '');
  env = { PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config') };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A bash single-quoted word. */
const sq = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** COMPREPLY for the words typed so far (the last one being completed), one reply a line. */
function bashComplete(words: string[]): string[] {
  const line = words.join(' ');
  const script = [
    'source <(pagetui completion bash)',
    `COMP_WORDS=(${words.map(sq).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    `COMP_LINE=${sq(line)}`,
    'COMP_POINT=${#COMP_LINE}',
    '_pagetui',
    `printf '%s\\n' "\${COMPREPLY[@]}"`,
  ].join('\n');
  const r = spawnSync('bash', ['-c', script], { env, cwd: dir, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout.split('\n').filter((line) => line !== '');
}

describe('bash', () => {
  it('completes commands', () => {
    expect(bashComplete(['pagetui', 'gr'])).toEqual(['groups']);
    expect(bashComplete(['pagetui', 'co'])).toEqual(['config', 'completion']);
  });

  it("completes a command's flags and the values of --format and --theme", () => {
    expect(bashComplete(['pagetui', 'groups', '--fo'])).toEqual(['--format']);
    expect(bashComplete(['pagetui', 'pages', 'grp-1', '--format', ''])).toEqual(['ndjson', 'json', 'csv', 'tsv']);
    expect(bashComplete(['pagetui', '--theme', 'd'])).toEqual(['dark']);
    expect(bashComplete(['pagetui', 'config', ''])).toEqual(['path', 'check']);
    expect(bashComplete(['pagetui', 'completion', 'f'])).toEqual(['fish']);
  });

  it("completes the config's profile names after --profile, whatever the command", () => {
    expect(bashComplete(['pagetui', '--profile', 'pr']).sort()).toEqual(['preview', 'prod']);
    expect(bashComplete(['pagetui', 'groups', '--profile', 'pre'])).toEqual(['preview']);
    // The value of --profile is not taken for the command.
    expect(bashComplete(['pagetui', '--profile', 'prod', 'gr'])).toEqual(['groups']);
  });

  it('completes view names quoted as one word, so a name holding $(…) is text, never run, even once the line is run', () => {
    expect(bashComplete(['pagetui', 'open', '--view', 'my'])).toEqual(['my\\ recent']);
    const [reply] = bashComplete(['pagetui', '--profile', '$']);
    expect(reply).toBe('\\$\\(touch\\ pwned\\)');
    // What the shell inserts is run as the user would press Enter: one argument, nothing run.
    const ran = spawnSync('bash', ['-c', `printf '%s\\n' ${reply}`], { cwd: dir, encoding: 'utf8' });
    expect(ran.stdout).toBe('$(touch pwned)\n');
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });
});

describe('bash, the views open --view takes', () => {
  /** Whether the built app takes `argv` as far as its view (no terminal: it stops at the base URL it lacks, or at the view). */
  function appTakesView(argv: string[]): boolean {
    const r = spawnSync(process.execPath, [BUNDLE, ...argv], { env, cwd: dir, encoding: 'utf8' });
    return !/view/i.test(r.stderr);
  }

  it('without a group id only the group list\'s views, with one every view; never one whose query does not parse', () => {
    const groupViews = ['my\\ recent', 'big\\ drafts'];
    expect(bashComplete(['pagetui', 'open', '--view', ''])).toEqual(groupViews);
    expect(bashComplete(['pagetui', '--view', ''])).toEqual(groupViews);
    expect(bashComplete(['pagetui', '--profile', 'prod', 'open', '--view', ''])).toEqual(groupViews);
    expect(bashComplete(['pagetui', 'open', 'grp-1', '--view', '']).sort()).toEqual(
      ['home\\ pages', ...groupViews, 'team:web', `it\\'s\\ \\"odd\\"\\ \\$x`].sort(),
    );
    expect(bashComplete(['pagetui', 'open', '--demo', 'grp-1', 'pg-3', '--view', 'h'])).toEqual(['home\\ pages']);
    for (const name of ['drafts', 'my recent', 'home pages', 'my broken', 'big drafts']) {
      expect(appTakesView(['open', '--view', name]), name).toBe(name === 'my recent' || name === 'big drafts');
      expect(appTakesView(['open', 'grp-1', '--view', name]), name).toBe(name !== 'drafts' && name !== 'my broken');
    }
  });
});

describe('bash, Tab in an interactive shell', () => {
  /**
   * Types `pagetui LINE`, Tab and Enter in an interactive bash that loaded the script, and returns
   * the arguments the line then runs with (a `pagetui` function prints them; the script's calls
   * for names still reach the built app).
   */
  async function argsAfterTab(line: string): Promise<string[]> {
    const rc = join(dir, 'bashrc');
    writeFileSync(
      rc,
      [
        "PS1='READY$ '",
        'unset HISTFILE',
        'source <(command pagetui completion bash)',
        `pagetui() { if [[ $1 == completion ]]; then command pagetui "$@"; else printf '<%s>' ARGS "$@"; printf '\\n'; fi; }`,
      ].join('\n'),
    );
    const shell = new PtyApp([], { env, cwd: join(dir, 'work'), cols: 200 }, { file: 'bash', args: ['--rcfile', rc, '-i'] });
    try {
      await shell.waitFor('READY$');
      shell.write(`pagetui ${line}\t\r`);
      const screen = await shell.waitFor(/^<ARGS>.*$/m);
      const printed = /^<ARGS>(.*)$/m.exec(screen)?.[1] ?? '';
      return [...printed.matchAll(/<([^>]*)>/g)].map((m) => m[1] as string);
    } finally {
      shell.kill();
    }
  }

  it('completes a view name with a space from any prefix: escaped, in single or double quotes', async () => {
    expect(await argsAfterTab('open --view b')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterTab('open --view big\\ d')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterTab("open --view 'big d")).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterTab('open --view "big d')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterTab("open --view big' d")).toEqual(['open', '--view', 'big drafts']);
  });

  it('quotes a name for where Tab puts it, so quotes, $ and : in it stay text', async () => {
    const odd = `it's "odd" $x`;
    expect(await argsAfterTab('open grp-1 --view it')).toEqual(['open', 'grp-1', '--view', odd]);
    expect(await argsAfterTab("open grp-1 --view 'it")).toEqual(['open', 'grp-1', '--view', odd]);
    expect(await argsAfterTab('open grp-1 --view "it')).toEqual(['open', 'grp-1', '--view', odd]);
    expect(await argsAfterTab('open grp-1 --view team:w')).toEqual(['open', 'grp-1', '--view', 'team:web']);
    expect(await argsAfterTab('--profile "$(')).toEqual(['--profile', '$(touch pwned)']);
    expect(await argsAfterTab("--profile '$(")).toEqual(['--profile', '$(touch pwned)']);
    expect(existsSync(join(dir, 'work', 'pwned'))).toBe(false);
  });

  it('completes file names after --log as the shell does: a directory ends in /, a space is kept', async () => {
    expect(await argsAfterTab('--log bi')).toEqual(['--log', 'bin/']);
    expect(await argsAfterTab('--log my')).toEqual(['--log', 'my file.log']);
    expect(await argsAfterTab('--log my\\ f')).toEqual(['--log', 'my file.log']);
    expect(await argsAfterTab("--log 'my f")).toEqual(['--log', 'my file.log']);
  });
});

function shellMissing(shell: string): string | undefined {
  const r = spawnSync(shell, ['-c', 'exit 0']);
  return r.error === undefined ? undefined : `${shell} is not installed`;
}

describe.each(['zsh', 'fish'])('%s', (shell) => {
  it('its script parses', (ctx) => {
    if (!canRun('PAGETUI_REQUIRE_COMPLETION_SHELLS', shellMissing(shell))) return ctx.skip();
    const script = spawnSync(process.execPath, [BUNDLE, 'completion', shell], { env, encoding: 'utf8' });
    expect(script.status).toBe(0);
    const file = join(dir, `pagetui.${shell}`);
    writeFileSync(file, script.stdout);
    const r = spawnSync(shell, ['-n', file], { env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
