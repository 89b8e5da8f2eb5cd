/**
 * A stop the app did not ask for: `kill -STOP` from elsewhere, then `fg` in the shell. The shell
 * puts the terminal back in its own (cooked) mode and prints over the app's screen while the app
 * is stopped; on SIGCONT the app takes raw mode and its screen modes back and draws everything.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { childrenOf } from '../helpers/child-pids.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

/** The screen with each row's trailing blanks dropped (a blank written and a cell never written read alike). */
function trimmed(screen: string): string {
  return screen
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/**
 * Resolves once the app has read everything it was sent: the terminal answers the DA1 query that
 * follows each frame, and an answer still unread when the app is stopped would go to the shell
 * instead (typed at its prompt). What the app has read (`rchar`) staying put for a while, with the
 * app asleep, says it is idle.
 */
async function idle(pid: number): Promise<void> {
  const read = (): string => {
    try {
      const io = readFileSync(`/proc/${pid}/io`, 'utf8').match(/rchar: (\d+)/)?.[1] ?? '';
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] ?? '';
      return `${io}:${state}`;
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + 10_000;
  let last = read();
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const now = read();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (now.endsWith(':S') && Date.now() - since >= 300) return;
  }
}

async function childPid(shell: PtyApp): Promise<number> {
  let pid: number | undefined;
  await shell.waitFor(() => (pid = childrenOf(shell.proc.pid)[0]) !== undefined);
  return pid as number;
}

describe('stopped and continued from outside', () => {
  it('after kill -STOP and fg the keys work without echo and the screen is whole', async () => {
    const shell = new PtyApp([], { env: { PAGETUI_API_KEY: server.apiKey, PS1: 'shell$ ' } }, { file: 'bash', args: ['--norc', '--noprofile', '-i'] });
    try {
      await shell.waitFor('shell$');
      shell.write(`${process.execPath} ${BUNDLE} --base-url ${server.url}\r`);
      await shell.waitFor('Evergreen Landing Pages');
      // A key answered: the app proper has taken over from the text-only first frame.
      shell.write('j');
      await shell.waitFor(() => shell.isHighlighted(shell.rowOf('Empty Drafts')));
      const before = trimmed(shell.screen());
      const app = await childPid(shell);
      await idle(app);
      process.kill(app, 'SIGSTOP');
      await shell.waitFor('Stopped');
      shell.write('fg\r');
      // The screen is the app's again, nothing of the shell's left on it.
      await shell.waitFor((screen) => trimmed(screen) === before);
      shell.write('j');
      await shell.waitFor(() => shell.isHighlighted(shell.rowOf('Empty Drafts') + 1));
      expect(shell.screen()).not.toMatch(/Stopped|shell\$|\bfg\b/);
      shell.write('q');
      await shell.waitFor('shell$');
      expect(shell.screen()).not.toContain('Evergreen Landing Pages');
      shell.write('exit\r');
      await shell.waitForExit();
    } finally {
      shell.kill();
    }
  });
});
