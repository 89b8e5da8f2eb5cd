/**
 * A long value in the config (a key name, an action, a view's name) is repeated in a problem line
 * cut to its first characters and "…", as a long theme value always was: `pagetui config check`
 * and the app's `E` once echoed 10,000 characters of it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { runConfig } from '../../src/cli/commands/config-command.js';
import { cleanupTemp, tempDir } from '../auth/helpers.js';

afterEach(cleanupTemp);

async function checkLines(config: unknown): Promise<string[]> {
  const xdg = tempDir();
  mkdirSync(join(xdg, 'pagetui'));
  writeFileSync(join(xdg, 'pagetui', 'config.json'), JSON.stringify(config, null, 2));
  let text = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const err = new PassThrough();
  err.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  await runConfig(['check'], { stdin: new PassThrough(), stdout: stream, stderr: err, env: { XDG_CONFIG_HOME: xdg, HOME: tempDir() } });
  return text.split('\n').filter((line) => line !== '');
}

it.each([
  ['a key name of 10,000 characters', { keys: { help: 'f1'.repeat(5_000) } }, /"(f1){10,}f?…" \(for help\) is not a key name/],
  ['a list of keys that cannot act, 10,000 characters long', { keys: { olderEntry: Array.from({ length: 2_000 }, () => 'x') } }, /"x, x, x,[x, ]*…" cannot act where olderEntry acts/],
  ['an action name of 5,000 characters', { keys: { ['x'.repeat(5_000)]: 'j' } }, /"x{10,}…" is not an action/],
  ['a view name of 5,000 characters', { views: { ['v'.repeat(5_000)]: { screen: 'groups', query: 'x' } } }, /views\.v{10,}…: a view name may be at most 40 characters/],
  ['a view name of 5,000 characters with a space', { views: { [`my ${'v'.repeat(5_000)}`]: { screen: 'groups', query: 'x' } } }, /views\["my v{10,}…"\]: a view name may be at most 40 characters/],
])('%s is repeated cut, with "…"', async (_what, config, said) => {
  const lines = await checkLines(config);
  const line = lines.find((l) => said.test(l));
  expect(line, lines.join('\n').slice(0, 600)).toBeDefined();
  expect(line!.length).toBeLessThan(300);
  for (const l of lines) expect(l.length).toBeLessThan(400);
});
