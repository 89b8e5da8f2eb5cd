/**
 * Under X (and Wayland), `y` sets PRIMARY as well as CLIPBOARD, so a middle click pastes what was
 * copied too. Fake xclip, xsel and wl-copy on PATH record their arguments and what they read.
 */
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClipboard } from '../../../src/ui/services/clipboard.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-primary-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A folder holding only a fake `name` that logs `args => stdin` lines to `log`. */
async function fakeTool(name: string): Promise<{ path: string; log: string }> {
  const bin = await mkdtemp(join(dir, `${name}-`));
  const log = join(bin, 'log');
  await appendFile(log, '');
  await writeFile(join(bin, name), `#!/bin/sh\nprintf '%s => %s\\n' "$*" "$(/bin/cat)" >> ${log}\n`, { mode: 0o755 });
  return { path: bin, log };
}

async function copyWith(name: string, env: Record<string, string>): Promise<string[]> {
  const tool = await fakeTool(name);
  const clipboard = createClipboard({ env: { ...env, PATH: tool.path }, platform: 'linux', writeRaw: () => {} });
  await expect(clipboard.copy('grp-7')).resolves.toEqual({ method: name });
  return (await readFile(tool.log, 'utf8')).trimEnd().split('\n');
}

describe('a copy under X or Wayland', () => {
  it('xclip: CLIPBOARD, then PRIMARY', async () => {
    expect(await copyWith('xclip', { DISPLAY: ':0' })).toEqual(['-selection clipboard => grp-7', '-selection primary => grp-7']);
  });

  it('xsel: CLIPBOARD, then PRIMARY', async () => {
    expect(await copyWith('xsel', { DISPLAY: ':0' })).toEqual(['-b -i => grp-7', '-p -i => grp-7']);
  });

  it('wl-copy: the clipboard, then the primary selection', async () => {
    expect(await copyWith('wl-copy', { WAYLAND_DISPLAY: 'wayland-0' })).toEqual([' => grp-7', '--primary => grp-7']);
  });
});
