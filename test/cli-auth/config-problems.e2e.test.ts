/**
 * `pagetui login`, `logout` and `auth status` say the config's problems as `groups`/`pages` do:
 * each line `pagetui config check` lists, in the file's order, as a warning, then their count —
 * the keymap's and the views' among them. (e2e: the keychain is asked in a child process.)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_BASE_URL_MESSAGE } from '../../src/auth/base-url-source.js';
import { configPath } from '../../src/auth/paths.js';
import { runAuth, runLogin, runLogout } from '../../src/cli/commands/auth-commands.js';
import type { CommandIo } from '../../src/cli/commands/command-io.js';
import { runConfig } from '../../src/cli/commands/config-command.js';
import { captureIo, cleanupTemp, closedPort, isolatedEnv, type Env } from './helpers.js';
import { CONFIG_WITH_EVERY_PROBLEM } from '../fixtures/config-with-every-problem.js';

afterAll(cleanupTemp);

const TEXT = CONFIG_WITH_EVERY_PROBLEM;

function envWithConfig(text: string): Env {
  const env = isolatedEnv();
  mkdirSync(join(env.XDG_CONFIG_HOME ?? '', 'pagetui'), { recursive: true });
  writeFileSync(configPath(env), text);
  return env;
}

/** What `pagetui config check` prints, one problem a line. */
async function checked(env: Env): Promise<string[]> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  await runConfig(['check'], { stdin: new PassThrough(), stdout: out, stderr: new PassThrough(), env });
  return text.trimEnd().split('\n');
}

async function stderrOf(run: (argv: string[], io: CommandIo) => Promise<number>, argv: string[], env: Env, stdinText = ''): Promise<{ code: number; lines: string[] }> {
  const c = captureIo(env, stdinText);
  const code = await run(argv, c.io);
  return { code, lines: c.stderr().trimEnd().split('\n') };
}

describe('login, logout and auth status say the config\'s problems as config check lists them', () => {
  it('each as a warning, in the file\'s order, then their count, once, before their own output', async () => {
    const env = envWithConfig(TEXT);
    const path = configPath(env);
    const problems = await checked(env);
    expect(problems.map((line) => /line (\d+): /.exec(line)?.[1])).toEqual(['3', '5', '7', '9', '11']);
    const said = [...problems.map((line) => `pagetui: warning: ${line}`), `pagetui: warning: 5 problems in ${path}.`];
    const url = `http://127.0.0.1:${await closedPort()}`;
    const runs: [string, (argv: string[], io: CommandIo) => Promise<number>, string[], string][] = [
      ['auth status', runAuth, ['status', '--base-url', url], ''],
      ['logout', runLogout, ['--base-url', url], ''],
      ['login', runLogin, ['--with-key', '--insecure-storage', '--allow-insecure-http', '--base-url', url], 'k-1234567890\n'],
    ];
    for (const [name, run, argv, stdinText] of runs) {
      const { lines } = await stderrOf(run, argv, env, stdinText);
      expect(lines.slice(0, said.length), name).toEqual(said);
      expect(lines.slice(said.length).join('\n'), name).not.toContain(path);
    }
  });

  it('a default naming no profile: every problem, then why there is no base URL', async () => {
    const env = envWithConfig('{\n  "default": "gone",\n  "theme": "blue"\n}\n');
    const path = configPath(env);
    const problems = await checked(env);
    expect(problems).toHaveLength(2);
    const { code, lines } = await stderrOf(runAuth, ['status'], env);
    expect(code).toBe(2);
    expect(lines).toEqual([...problems.map((line) => `pagetui: warning: ${line}`), `pagetui: warning: 2 problems in ${path}.`, `pagetui: ${NO_BASE_URL_MESSAGE}`]);
  });
});
