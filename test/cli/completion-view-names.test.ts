/**
 * The view names the completions offer after `--view` are the ones `pagetui open --view` takes:
 * without a group id the group list's views, with one every view, and never one whose query does
 * not parse. Each name offered is given to the app's own argument and view checks, and each name
 * left out is refused by them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfigWithViews, appViews } from '../../src/cli/start-view.js';
import { UsageError, parseCliArgs } from '../../src/cli/args.js';
import { runCompletion } from '../../src/cli/commands/completion/completion-command.js';
import { cleanupTemp, tempDir } from '../auth/helpers.js';

afterEach(cleanupTemp);

const VIEWS = {
  drafts: { screen: 'pages', query: 'name:home' },
  'my recent': { screen: 'groups', query: 'updated<7d' },
  broken: { screen: 'groups', query: 'name:(' },
  'broken pages': { screen: 'pages', query: 'title:/(/' },
  // Each is a problem config check names ("that view is not used"), and none is taken by open --view.
  '': { screen: 'groups', query: '' },
  'in\u200bvisible': { screen: 'groups', query: '' },
  'bad regex': { screen: 'groups', query: 'name:/(/' },
  'pages by status': { screen: 'pages', query: '', status: 'draft' },
  // Taken only as --view=-dash: `--view -dash` is --view without a name.
  '-dash': { screen: 'groups', query: '' },
};

function envWithViews(): Record<string, string | undefined> {
  const xdg = tempDir();
  mkdirSync(join(xdg, 'pagetui'));
  writeFileSync(join(xdg, 'pagetui', 'config.json'), JSON.stringify({ views: VIEWS }, null, 2));
  return { XDG_CONFIG_HOME: xdg, HOME: tempDir() };
}

async function names(kind: string, env: Record<string, string | undefined>): Promise<string[]> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  expect(await runCompletion(['--names', kind], { stdin: new PassThrough(), stdout: out, stderr: new PassThrough(), env })).toBe(0);
  return text.split('\n').filter((line) => line !== '');
}

/** Whether the app takes `--view name` on this command line (before the terminal is taken). */
function openTakes(argv: string[], env: Record<string, string | undefined>): boolean {
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return false;
    throw error;
  }
  if (args.command !== 'app') throw new Error(`not the app: ${argv.join(' ')}`);
  const loaded = loadConfigWithViews(env);
  return !('problem' in appViews(args, loaded.config, env, loaded.unusableViews));
}

describe('the view names completed after --view', () => {
  it('without a group id: the group list\'s views that parse, each taken by open --view, and the rest refused', async () => {
    const env = envWithViews();
    const offered = await names('views', env);
    expect(offered).toEqual(['my recent']);
    for (const name of Object.keys(VIEWS)) {
      expect(openTakes(['open', '--view', name], env), name).toBe(offered.includes(name));
      expect(openTakes(['--view', name], env), name).toBe(offered.includes(name));
    }
  });

  it('with a group id: every view that parses, each taken by open GROUP --view, and the rest refused', async () => {
    const env = envWithViews();
    const offered = await names('views-in-group', env);
    expect(offered.sort()).toEqual(['drafts', 'my recent']);
    for (const name of Object.keys(VIEWS)) expect(openTakes(['open', 'grp-1', '--view', name], env), name).toBe(offered.includes(name));
  });
});
