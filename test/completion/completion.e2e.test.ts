/**
 * The completion scripts of the built CLI, loaded by the real shells: bash completes commands,
 * flags, words and the config's profile and view names (a name holding `$(…)` is completed as
 * text, never run); Tab in an interactive bash, zsh or fish inserts a name or a file name however
 * much of it was typed, quoted or escaped; the zsh and fish scripts parse (`zsh -n`, `fish -n`).
 * The zsh and fish cases run where those shells exist.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    // Past the view, it stops at the base URL (having said the config's problems, the broken view's among them).
    return r.stderr.includes('No base URL');
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

type Shell = 'bash' | 'zsh' | 'fish';

/**
 * How each shell starts with the script loaded and a `pagetui` function that prints the arguments
 * a line runs with (the script's calls for names still reach the built app).
 */
function interactiveShell(shell: Shell): { file: string; args: string[]; env: Record<string, string> } {
  const home = join(dir, `${shell}-home`);
  mkdirSync(home, { recursive: true });
  const printArgs = `printf '<%s>' ARGS "$@"; printf '\\n'`;
  if (shell === 'fish') {
    // fish reads its config under XDG_CONFIG_HOME, as pagetui does: a folder of its own there.
    const config = join(home, 'config');
    mkdirSync(join(config, 'fish'), { recursive: true });
    mkdirSync(join(config, 'pagetui'), { recursive: true });
    writeFileSync(join(config, 'pagetui', 'config.json'), readFileSync(join(dir, 'config', 'pagetui', 'config.json')));
    writeFileSync(
      join(config, 'fish', 'config.fish'),
      [
        'set -g fish_greeting',
        "function fish_prompt; echo -n 'READY$ '; end",
        'command pagetui completion fish | source',
        "function pagetui; if test \"$argv[1]\" = completion; command pagetui $argv; else; printf '<%s>' ARGS $argv; printf '\\n'; end; end",
      ].join('\n'),
    );
    return { file: 'fish', args: ['-i'], env: { XDG_CONFIG_HOME: config, HOME: home } };
  }
  const rc = [
    "PS1='READY$ '",
    'unset HISTFILE',
    ...(shell === 'zsh' ? ['autoload -U compinit', 'compinit -u -D'] : []),
    `source <(command pagetui completion ${shell})`,
    `pagetui() { if [[ $1 == completion ]]; then command pagetui "$@"; else ${printArgs}; fi; }`,
  ].join('\n');
  if (shell === 'zsh') {
    writeFileSync(join(home, '.zshrc'), rc);
    return { file: 'zsh', args: ['-i'], env: { ZDOTDIR: home } };
  }
  writeFileSync(join(home, 'bashrc'), rc);
  return { file: 'bash', args: ['--rcfile', join(home, 'bashrc'), '-i'], env: {} };
}

/** Types `pagetui LINE`, Tab and Enter in an interactive `shell`, and returns the arguments the line then runs with. */
async function argsAfterTab(shell: Shell, line: string): Promise<string[]> {
  const start = interactiveShell(shell);
  const app = new PtyApp([], { env: { ...env, ...start.env }, cwd: join(dir, 'work'), cols: 200 }, start);
  try {
    await app.waitFor('READY$');
    app.write(`pagetui ${line}\t\r`);
    const screen = await app.waitFor(/^<ARGS>.*$/m);
    const printed = /^<ARGS>(.*)$/m.exec(screen)?.[1] ?? '';
    return [...printed.matchAll(/<([^>]*)>/g)].map((m) => m[1] as string);
  } finally {
    app.kill();
  }
}

describe('bash, Tab in an interactive shell', () => {
  const argsAfterBashTab = (line: string): Promise<string[]> => argsAfterTab('bash', line);

  it('completes a view name with a space from any prefix: escaped, in single or double quotes', async () => {
    expect(await argsAfterBashTab('open --view b')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterBashTab('open --view big\\ d')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterBashTab("open --view 'big d")).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterBashTab('open --view "big d')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterBashTab("open --view big' d")).toEqual(['open', '--view', 'big drafts']);
  });

  it('quotes a name for where Tab puts it, so quotes, $ and : in it stay text', async () => {
    const odd = `it's "odd" $x`;
    expect(await argsAfterBashTab('open grp-1 --view it')).toEqual(['open', 'grp-1', '--view', odd]);
    expect(await argsAfterBashTab("open grp-1 --view 'it")).toEqual(['open', 'grp-1', '--view', odd]);
    expect(await argsAfterBashTab('open grp-1 --view "it')).toEqual(['open', 'grp-1', '--view', odd]);
    expect(await argsAfterBashTab('open grp-1 --view team:w')).toEqual(['open', 'grp-1', '--view', 'team:web']);
    expect(await argsAfterBashTab('--profile "$(')).toEqual(['--profile', '$(touch pwned)']);
    expect(await argsAfterBashTab("--profile '$(")).toEqual(['--profile', '$(touch pwned)']);
    expect(existsSync(join(dir, 'work', 'pwned'))).toBe(false);
  });

  it('completes file names after --log as the shell does: a directory ends in /, a space is kept', async () => {
    expect(await argsAfterBashTab('--log bi')).toEqual(['--log', 'bin/']);
    expect(await argsAfterBashTab('--log my')).toEqual(['--log', 'my file.log']);
    expect(await argsAfterBashTab('--log my\\ f')).toEqual(['--log', 'my file.log']);
    expect(await argsAfterBashTab("--log 'my f")).toEqual(['--log', 'my file.log']);
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

describe.each(['zsh', 'fish'] as const)('%s, Tab in an interactive shell', (shell) => {
  it('completes a view name with a space from any prefix, quoted the way it was started, and file names', async (ctx) => {
    if (!canRun('PAGETUI_REQUIRE_COMPLETION_SHELLS', shellMissing(shell))) return ctx.skip();
    expect(await argsAfterTab(shell, 'open --view b')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterTab(shell, 'open --view big\\ d')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterTab(shell, "open --view 'big d")).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterTab(shell, 'open --view "big d')).toEqual(['open', '--view', 'big drafts']);
    expect(await argsAfterTab(shell, "--profile '$(")).toEqual(['--profile', '$(touch pwned)']);
    expect(await argsAfterTab(shell, "--log 'my f")).toEqual(['--log', 'my file.log']);
    expect(existsSync(join(dir, 'work', 'pwned'))).toBe(false);
  });
});
