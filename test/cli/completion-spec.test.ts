import { describe, expect, it } from 'vitest';
import { helpText } from '../../src/cli/help.js';
import { appHelpText } from '../../src/cli/help-keys.js';
import { APP_FLAGS, COMMANDS } from '../../src/cli/commands/completion/spec.js';
import { SUBCOMMANDS } from '../../src/cli/args.js';

/** The flags a help text lists, one a line under FLAGS: `  --name …` or `  -h, --help …`. */
const flagsIn = (text: string): string[] => [...text.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z0-9-]+)/gm)].map((m) => m[1] ?? '');

describe('what the completions know', () => {
  it('every command, and each flag its --help lists', () => {
    for (const name of SUBCOMMANDS) expect(COMMANDS.map((c) => c.name)).toContain(name);
    for (const command of COMMANDS.filter((c) => c.name !== 'help')) {
      for (const flag of flagsIn(helpText(command.name) ?? '')) expect(command.flags, `${command.name} ${flag}`).toContain(flag);
    }
    for (const flag of flagsIn(appHelpText({ XDG_CONFIG_HOME: '/nonexistent' }))) expect(APP_FLAGS).toContain(flag);
  });
});
