/**
 * A command of your own that is not run, and why, before any process starts: a "detail" command
 * naming a page's placeholder on a page group's details (where it has no value).
 */
import { expect, it } from 'vitest';
import type { OwnCommand } from '../../../src/ui/keymap/own-commands.js';
import { createOwnCommandRunner, type OwnCommandMessage } from '../../../src/ui/services/own-commands.js';

const command = (argv: string[]): OwnCommand => ({ index: 0, key: 'o', keys: [], screen: 'detail', description: 'Open page', argv, stdinJson: false, background: true, withApiKey: false });

function runner(commands: OwnCommand[]) {
  const said: OwnCommandMessage[] = [];
  const run = createOwnCommandRunner({ commands, env: {}, apiKey: () => undefined, baseUrl: 'https://x.example', say: (m) => said.push(m), foreground: () => Promise.resolve() });
  return { run, said };
}

it('on a page group\'s details, a detail command that names {pageId} is not run, and the status bar says why', () => {
  const { run, said } = runner([command(['open-page', '{pageId}'])]);
  run.run(0, 'detail', { item: { pageGroupId: 'grp-1', title: 'Group one' }, kind: 'groups' });
  expect(said).toEqual([{ tone: 'error', text: 'Command "Open page" was not run: {pageId} has no value on a page group\'s details' }]);
});
