/**
 * Ended by SIGTERM or SIGHUP over a slow link: each frame is followed by a DA1 query, and the
 * terminal's answer (`ESC[?1;2c`) comes a round trip later. An app that exits before it has read
 * that answer leaves it to the shell, whose line editor takes it as typed text: `1;2c` at the
 * prompt. The app must read its owed answer before it exits, as `q` does (src/ui/run.tsx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { childrenOf } from '../helpers/child-pids.js';
import { LinkedApp } from '../helpers/linked-app.js';
import { BUNDLE } from '../helpers/pty-app.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

const PROMPT = 'shell$ ';
const DONE = '#typed-after';

describe.each(['SIGTERM', 'SIGHUP'] as const)('ended by %s while the answer to its last frame is on the way', (signal) => {
  it('reads the answer itself: nothing of it is typed at the shell prompt', async () => {
    // 300 ms each way: the answer is still on the link when the signal arrives.
    const shell = new LinkedApp([], { env: { PAGETUI_API_KEY: server.apiKey, PS1: PROMPT } }, { rttMs: 600 }, { file: 'bash', args: ['--norc', '--noprofile', '-i'] });
    try {
      await shell.waitFor(PROMPT, 20_000);
      shell.write(`${process.execPath} ${BUNDLE} --base-url ${server.url}\r`);
      await shell.waitFor('Evergreen Landing Pages', 20_000);
      let app: number | undefined;
      await shell.waitFor(() => (app = childrenOf(shell.proc.pid)[0]) !== undefined);
      // A key's frame reaches the terminal, which answers its DA1 query at once, into the link.
      shell.write('j');
      await shell.waitFor(() => shell.isHighlighted(shell.rowOf('Empty Drafts')), 20_000);
      expect(shell.up.busy()).toBe(true);
      process.kill(app as number, signal);
      await shell.waitFor(() => childrenOf(shell.proc.pid).length === 0, 20_000);
      // Typed after the answer, on the same link: once it is at the prompt, so is anything before it.
      shell.write(DONE);
      await shell.waitFor(DONE, 20_000);
      const promptLine = shell.lines().find((line) => line.includes(DONE)) ?? '';
      expect(promptLine.trimEnd()).toBe(`${PROMPT}${DONE}`);
      expect(shell.screen()).not.toMatch(/1;2c/);
    } finally {
      shell.kill();
    }
  });
});
