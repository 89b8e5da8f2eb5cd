/**
 * The completion scripts of the built CLI, loaded by the real shells: bash completes commands,
 * flags, words and the config's profile and view names (a name holding `$(…)` is completed as
 * text, never run); zsh and fish scripts parse (`zsh -n`, `fish -n`) where those shells exist.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE } from '../helpers/pty-app.js';
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
    },
  };
  writeFileSync(join(dir, 'config', 'pagetui', 'config.json'), JSON.stringify(config));
  env = { PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config') };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** COMPREPLY for the words typed so far (the last one being completed), one reply a line. */
function bashComplete(words: string[]): string[] {
  const script = [
    'source <(pagetui completion bash)',
    `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
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
    expect(bashComplete(['pagetui', 'open', '--view', ''])).toEqual(['my\\ recent']);
    expect(bashComplete(['pagetui', '--view', ''])).toEqual(['my\\ recent']);
    expect(bashComplete(['pagetui', '--profile', 'prod', 'open', '--view', ''])).toEqual(['my\\ recent']);
    expect(bashComplete(['pagetui', 'open', 'grp-1', '--view', '']).sort()).toEqual(['home\\ pages', 'my\\ recent']);
    expect(bashComplete(['pagetui', 'open', '--demo', 'grp-1', 'pg-3', '--view', 'h'])).toEqual(['home\\ pages']);
    for (const name of ['drafts', 'my recent', 'home pages', 'my broken']) {
      expect(appTakesView(['open', '--view', name]), name).toBe(name === 'my recent');
      expect(appTakesView(['open', 'grp-1', '--view', name]), name).toBe(name === 'my recent' || name === 'home pages');
    }
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
