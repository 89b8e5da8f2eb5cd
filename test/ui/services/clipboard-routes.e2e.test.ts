/**
 * Which way a copy goes (tmux, screen, a local tool, the terminal) and that the status says only
 * what happened; the child processes get the text on stdin, never in argv, and cannot hang us.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClipboard, osc52ForScreen, osc52Sequence } from '../../../src/ui/services/clipboard.js';
import { readToolOutput, runWithStdin } from '../../../src/ui/services/clipboard-process.js';
import { loadBufferArgs, parseTmuxVersion, passthroughAllowed } from '../../../src/ui/services/clipboard-tmux.js';
import { copiedMessage } from '../../../src/ui/store/details/copy-status.js';

const TMUX_ENV = { TMUX: '/tmp/tmux-1/default,1,0', DISPLAY: ':0' };

function tmuxClipboard(version: string, passthrough: string | Error, load: 'ok' | 'fail') {
  const writes: string[] = [];
  const runTool = vi.fn((_path: string, _args: readonly string[], _input: string) =>
    load === 'ok' ? Promise.resolve() : Promise.reject(new Error('tmux exited with status 1')));
  const readTool = vi.fn((_path: string, args: readonly string[]) => {
    if (args[0] === '-V') return Promise.resolve(`${version}\n`);
    return passthrough instanceof Error ? Promise.reject(passthrough) : Promise.resolve(`${passthrough}\n`);
  });
  const clipboard = createClipboard({
    env: TMUX_ENV,
    platform: 'linux',
    writeRaw: (d) => writes.push(d),
    findExecutable: (name) => `/usr/bin/${name}`,
    runTool,
    readTool,
  });
  return { clipboard, writes, runTool, readTool };
}

describe('inside tmux', () => {
  it('reads the version from tmux -V; -w from 3.2 on', () => {
    expect(parseTmuxVersion('tmux 3.3a')).toEqual({ major: 3, minor: 3 });
    expect(parseTmuxVersion('tmux next-3.5')).toEqual({ major: 3, minor: 5 });
    expect(loadBufferArgs(parseTmuxVersion('tmux 3.2'))).toEqual(['load-buffer', '-w', '-']);
    expect(loadBufferArgs(parseTmuxVersion('tmux 3.1c'))).toEqual(['load-buffer', '-']);
    expect(loadBufferArgs(parseTmuxVersion('tmux master'))).toEqual(['load-buffer', '-w', '-']);
    expect(passthroughAllowed(parseTmuxVersion('tmux 3.3a'), 'off')).toBe(false);
    expect(passthroughAllowed(parseTmuxVersion('tmux 3.4'), 'on')).toBe(true);
    expect(passthroughAllowed(parseTmuxVersion('tmux 3.4'), 'all')).toBe(true);
    expect(passthroughAllowed(parseTmuxVersion('tmux 3.4'), undefined)).toBe(false);
    expect(passthroughAllowed(parseTmuxVersion('tmux 3.2a'), undefined)).toBe(true); // no such option before 3.3
  });

  it('loads the buffer with -w on 3.3 (text on stdin only) and writes nothing to the terminal', async () => {
    const { clipboard, writes, runTool } = tmuxClipboard('tmux 3.3a', 'off', 'ok');
    await expect(clipboard.copy('grp-1')).resolves.toEqual({ method: 'tmux buffer' });
    await clipboard.copy('grp-2');
    expect(runTool.mock.calls).toEqual([
      ['/usr/bin/tmux', ['load-buffer', '-w', '-'], 'grp-1'],
      ['/usr/bin/tmux', ['load-buffer', '-w', '-'], 'grp-2'],
    ]);
    expect(writes).toEqual([]);
  });

  it('asks tmux -V once per app', async () => {
    const { clipboard, readTool } = tmuxClipboard('tmux 3.3a', 'off', 'ok');
    await clipboard.copy('a');
    await clipboard.copy('b');
    expect(readTool.mock.calls.filter(([, args]) => args[0] === '-V')).toHaveLength(1);
  });

  it('on tmux before 3.2 loads the buffer and sends the passthrough too', async () => {
    const { clipboard, writes, runTool } = tmuxClipboard('tmux 3.1c', new Error('invalid option'), 'ok');
    await expect(clipboard.copy('grp-1')).resolves.toEqual({ method: 'tmux buffer + OSC 52' });
    expect(runTool).toHaveBeenCalledWith('/usr/bin/tmux', ['load-buffer', '-'], 'grp-1');
    expect(writes).toEqual([osc52Sequence('grp-1', true)]);
  });

  it('when tmux does not take it: passthrough only where allowed, else a clear failure', async () => {
    const allowed = tmuxClipboard('tmux 3.4', 'on', 'fail');
    await expect(allowed.clipboard.copy('grp-1')).resolves.toEqual({ method: 'OSC 52 via tmux' });
    expect(allowed.writes).toEqual([osc52Sequence('grp-1', true)]);

    const refused = tmuxClipboard('tmux 3.4', 'off', 'fail');
    await expect(refused.clipboard.copy('grp-1')).rejects.toThrow('tmux did not take it (tmux exited with status 1) and its passthrough is off');
    expect(refused.writes).toEqual([]);
  });

  it('without tmux on PATH says so', async () => {
    const writes: string[] = [];
    const clipboard = createClipboard({ env: TMUX_ENV, writeRaw: (d) => writes.push(d), findExecutable: () => undefined });
    await expect(clipboard.copy('grp-1')).rejects.toThrow('tmux is not on PATH');
    expect(writes).toEqual([]);
  });
});

describe('inside GNU screen', () => {
  it('wraps OSC 52 in DCS pieces of at most 76 base64 characters', async () => {
    const writes: string[] = [];
    const runTool = vi.fn(() => Promise.resolve());
    const clipboard = createClipboard({ env: { STY: '1.pts-0.h', DISPLAY: ':0' }, writeRaw: (d) => writes.push(d), findExecutable: () => '/usr/bin/xclip', runTool });
    await expect(clipboard.copy('grp-1')).resolves.toEqual({ method: 'OSC 52 via screen' });
    expect(runTool).not.toHaveBeenCalled();
    expect(writes).toEqual([`\u001bP\u001b]52;c;${Buffer.from('grp-1').toString('base64')}\u0007\u001b\\`]);

    const long = 'x'.repeat(200);
    const pieces = osc52ForScreen(long).split('\u001b\\\u001bP');
    expect(pieces).toHaveLength(Math.ceil(Buffer.from(long).toString('base64').length / 76));
    expect(pieces.join('').replace('\u001bP\u001b]52;c;', '').replace('\u0007\u001b\\', '')).toBe(Buffer.from(long).toString('base64'));
  });
});

describe('the status after a copy', () => {
  it('claims a copy only where one is known to have happened', () => {
    // (A message also carries its shorter forms for a narrow status line: copy-status.ts.)
    expect(copiedMessage('grp-1', 'tmux buffer')).toMatchObject({ tone: 'success', text: 'Copied grp-1 to the tmux buffer (prefix ])' });
    expect(copiedMessage('grp-1', 'wl-copy')).toMatchObject({ tone: 'success', text: 'Copied grp-1 with wl-copy' });
    expect(copiedMessage('grp-1', 'OSC 52')).toMatchObject({
      tone: 'info',
      text: "Sent grp-1 to the terminal's clipboard (OSC 52)",
      hint: 'your terminal decides whether to accept it',
    });
  });
});

describe('clipboard child processes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pagetui-clip-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('get the text on stdin, never in argv, and are given up on after a few seconds', async () => {
    const tool = join(dir, 'tool');
    const out = join(dir, 'out');
    await writeFile(tool, `#!/bin/sh\necho "$@" > ${out}.argv\ncat > ${out}\n`, { mode: 0o755 });
    await runWithStdin(tool, ['-x'], 'secret-id');
    expect(await readFile(out, 'utf8')).toBe('secret-id');
    expect((await readFile(`${out}.argv`, 'utf8')).trim()).toBe('-x');

    const slow = join(dir, 'slow');
    await writeFile(slow, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    // Given up at the deadline, not after the tool's 30 s (how long: `node bench/limits.mjs`).
    await expect(readToolOutput(slow, [])).rejects.toThrow('slow did not finish within 3 s');
  });
});
