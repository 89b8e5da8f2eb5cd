/** `pagetui open <group-id> [<page-id>]` on the command line. */
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/args.js';
import { helpText } from '../../src/cli/help.js';
import { appHelpText } from '../../src/cli/help-keys.js';

describe('pagetui open', () => {
  it('starts the app at a group, or a page of it, with the app flags', () => {
    expect(parseCliArgs(['open', 'grp-1', '--demo'])).toMatchObject({ command: 'app', demo: true, open: { groupId: 'grp-1' } });
    expect(parseCliArgs(['--base-url', 'http://127.0.0.1:1', 'open', 'g/1', 'p 2'])).toMatchObject({
      command: 'app',
      baseUrl: 'http://127.0.0.1:1',
      open: { groupId: 'g/1', pageId: 'p 2' },
    });
    expect(parseCliArgs(['--demo'])).not.toHaveProperty('open');
  });

  it("refuses what the client would refuse ('', '.', '..') and a wrong number of ids, in one line", () => {
    for (const argv of [['open'], ['open', ''], ['open', '.'], ['open', '..'], ['open', 'g', '..'], ['open', 'g', ''], ['open', 'a', 'b', 'c']]) {
      let error: unknown;
      try {
        parseCliArgs(argv);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(argv)).toBeInstanceOf(UsageError);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('has its own help, and is listed in the main help', () => {
    expect(parseCliArgs(['open', '--help'])).toEqual({ command: 'help', topic: 'open' });
    expect(helpText('open')).toContain('pagetui open <group-id> [<page-id>]');
    expect(appHelpText({ XDG_CONFIG_HOME: '/nonexistent' })).toContain('open <id> [<p>]');
  });
});
