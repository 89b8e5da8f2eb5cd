/**
 * Keys typed right after quitting belong to the shell: once the app has left its screen it reads
 * nothing more, so a command typed at once (a fast typist, a paste, a slow link) runs at the prompt.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HostileServer, makeGroups } from './helpers/hostile-server.js';
import { appCommand, ShellPty } from './helpers/shell-pty.js';

let server: HostileServer;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 100 });
  server.groups = makeGroups('g', 40);
});
afterAll(async () => {
  await server.close();
});

it('a command typed as soon as q has left the screen runs in the shell', async () => {
  const sh = new ShellPty('bash', ['--norc', '--noprofile', '-i'], { env: { PAGETUI_API_KEY: 'k', PS1: 'READY$ ' } });
  try {
    await sh.waitFor('READY$');
    sh.write(`${appCommand(['--base-url', server.url])}\r`);
    await sh.waitFor('Group g0');
    sh.write('q');
    for (let polls = 0; sh.bufferType() !== 'normal'; polls++) {
      if (polls > 2_000) throw new Error(`the app never left its screen:\n${sh.screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    sh.write('echo AHEAD-$((40+2))\r');
    const raw = await sh.waitFor(/AHEAD-42/, 10_000, true);
    // Run once, by the shell (the typed line itself reads AHEAD-$((40+2))).
    expect(raw.slice(raw.lastIndexOf('echo AHEAD')).match(/AHEAD-42/g)).toHaveLength(1);
    sh.write('exit\r');
    await sh.waitForExit();
  } finally {
    sh.kill();
  }
});
