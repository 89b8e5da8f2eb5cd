/**
 * What `pagetui config check` says about odd files, each word true: the size as it is, a number
 * too large for a double, an empty file, profiles whose base URL cannot be used, deep nesting.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { configPath } from '../../src/auth/paths.js';
import { runConfig } from '../../src/cli/commands/config-command.js';
import { EXIT_CONFIG, EXIT_OK } from '../../src/cli/commands/exit-codes.js';
import { cleanupTemp, tempDir } from '../auth/helpers.js';

afterEach(cleanupTemp);

function envWithText(text: string): Record<string, string | undefined> {
  const xdg = tempDir();
  mkdirSync(join(xdg, 'pagetui'));
  writeFileSync(join(xdg, 'pagetui', 'config.json'), text);
  return { XDG_CONFIG_HOME: xdg, HOME: tempDir() };
}

async function check(text: string) {
  const env = envWithText(text);
  let stdout = '';
  let stderr = '';
  const out = new PassThrough().on('data', (c: Buffer) => (stdout += c.toString()));
  const err = new PassThrough().on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await runConfig(['check'], { stdin: new PassThrough(), stdout: out, stderr: err, env });
  return { code, stdout, stderr, path: configPath(env) };
}

describe('config check says what is there', () => {
  it('gives the size of a file over the limit as it is, not rounded up to the next megabyte', async () => {
    const r = await check(`{"log": "${'a'.repeat(1_150_000)}"}`);
    expect(r.code).toBe(EXIT_CONFIG);
    expect(r.stdout).toContain('it is 1.1 MiB, over the 1 MiB a config file may be (it was not read)');
    const justOver = await check(`{"log": "${'a'.repeat(1024 * 1024)}"}`);
    expect(justOver.stdout).toContain('it is 1,048,587 bytes, over the 1,048,576 bytes (1 MiB) a config file may be');
  });

  it('says a number too large for a double is one, not "null"', async () => {
    const r = await check('{\n  "timeout": 1e309\n}');
    expect(r.stdout).toContain('line 2: timeout: expected a whole number from 1 to 3600; got a number too large to use (beyond ±1.8e308) — the default (30) is used');
    expect(r.stdout).not.toContain('null');
  });

  it('says an empty file is empty, and that the defaults are used', async () => {
    for (const text of ['', '\n \r\n', '\ufeff']) {
      const r = await check(text);
      expect(r.code).toBe(EXIT_OK);
      expect(r.stdout).toBe(`${r.path} is empty: pagetui uses its defaults (an empty file is read as {}).\n`);
    }
  });

  it('reports each profile whose baseUrl cannot be used, with its line, without echoing a password', async () => {
    const r = await check(
      [
        '{',
        '  "profiles": {',
        '    "ok": { "baseUrl": "https://pages.example.com/api" },',
        '    "ftp": { "baseUrl": "ftp://pages.example.com" },',
        '    "creds": { "baseUrl": "https://me:hunter2@pages.example.com" },',
        '    "query": { "baseUrl": "https://pages.example.com/?a=1" },',
        '    "frag": { "baseUrl": "https://pages.example.com/#x" },',
        '    "empty": { "baseUrl": "" },',
        '    "relative": { "baseUrl": "/v0" }',
        '  }',
        '}',
      ].join('\n'),
    );
    expect(r.code).toBe(EXIT_CONFIG);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    ['ftp', 'creds', 'query', 'frag', 'empty', 'relative'].forEach((name, i) => {
      expect(lines[i]).toContain(`line ${i + 4}: profiles.${name}.baseUrl: expected an http:// or https:// URL without user:password@, ?query or #fragment; got `);
      expect(lines[i]).toContain(`— profiles.${name} is ignored`);
    });
    expect(r.stdout).not.toContain('hunter2');
  });

  it('says a symlink loop is one, not that the file does not exist', async () => {
    const xdg = tempDir();
    mkdirSync(join(xdg, 'pagetui'));
    const file = join(xdg, 'pagetui', 'config.json');
    symlinkSync(file, file);
    const out = new PassThrough();
    let stdout = '';
    out.on('data', (c: Buffer) => (stdout += c.toString()));
    const code = await runConfig(['check'], { stdin: new PassThrough(), stdout: out, stderr: new PassThrough(), env: { XDG_CONFIG_HOME: xdg, HOME: xdg } });
    expect(code).toBe(EXIT_CONFIG);
    expect(stdout).toContain('it could not be read: a symbolic link that leads back to itself (ELOOP)');
  });

  it('takes deep nesting anywhere without failing', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const r = await check(`{"keys": {"quit": ${deep}}, "views": {"v": ${deep}}, "x": ${deep}}`);
    expect(r.code).toBe(EXIT_CONFIG);
    expect(r.stdout).toContain('keys.quit');
  });
});
