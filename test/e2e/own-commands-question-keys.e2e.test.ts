/**
 * Keys around the questions a foreground command of your own can leave on the terminal (the built
 * app in a pty): keys typed before a question was shown — to the command, which never read them —
 * are dropped and do not answer it; keys typed after it, in the same read as the answer or later,
 * are the app's once it is back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { configWithCommands, oneGroupServer, openTheGroup } from './own-commands-helpers.js';

const base = onLoopback(oneGroupServer({ pageId: 'p-1', effectiveName: 'Page one' }));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-question-keys-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const F8 = '\u001b[19~';
/** The help overlay's title: `?` reached the app. */
const HELP = /Keys .*to close\)/;

async function appWith(argv: string[]): Promise<PtyApp> {
  const config = await configWithCommands(dir, [{ key: 'f8', screen: 'pages', description: 'Asker', argv }]);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_question_0123' } });
  await openTheGroup(app, 'Page one');
  return app;
}

/** A short real pause, where the check is that nothing happens during it. */
const quietFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('after a failed command', () => {
  it('a key typed to the command is dropped; a key typed with Enter, and one typed later, are the app\'s', async () => {
    const app = await appWith(['sh', '-c', 'echo READY; sleep 0.5; exit 3']);
    try {
      app.write(F8);
      await app.waitFor('READY');
      app.write('?');
      await app.waitFor('Press Enter to go back');
      await quietFor(200);
      expect(app.screen()).toContain('Press Enter to go back');
      app.write('\r?');
      // The help is up: `?` reached the app (the key also took the status line's outcome away).
      await app.waitFor(HELP);
      app.write('\u001b');
      await app.waitFor((s) => s.includes('Page one') && !HELP.test(s));
      app.write(F8);
      // The first pause's words are still on the shell's screen: the second is the second of them.
      await app.waitFor((s) => s.split('Press Enter to go back').length === 3);
      app.write('\r');
      await app.waitFor('Page one');
      app.write('?');
      await app.waitFor(HELP);
      app.write('\u001b');
      await app.waitFor((s) => s.includes('Page one') && !HELP.test(s));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});

describe('a command that stopped', () => {
  it('a key typed before the question does not answer it; c then continues the command', async () => {
    const app = await appWith(['sh', '-c', 'echo READY; sleep 0.5; kill -STOP $$; echo CONTINUED']);
    try {
      app.write(F8);
      await app.waitFor('READY');
      app.write('k');
      await app.waitFor('Command "Asker" has stopped');
      await quietFor(300);
      expect(app.screen()).toContain('Command "Asker" has stopped');
      expect(app.screen()).not.toContain('Page one');
      app.write('c');
      await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Asker" exited 0'));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('a key typed with the answer k is the app\'s once it is back', async () => {
    const app = await appWith(['sh', '-c', 'kill -STOP $$; echo CONTINUED']);
    try {
      app.write(F8);
      await app.waitFor('Command "Asker" has stopped');
      app.write('k?');
      await app.waitFor(HELP);
      expect(app.screen()).not.toContain('has stopped');
      app.write('\u001b');
      await app.waitFor((s) => s.includes('Page one') && !HELP.test(s));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
