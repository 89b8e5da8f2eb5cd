import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClipboard, osc52Sequence, OSC52_MAX_PAYLOAD } from '../../../src/ui/services/clipboard.js';
import { createFileExporter, defaultExportPath, FileExistsError, safeFileComponent } from '../../../src/ui/services/export.js';
import { ndjsonLines as ndjsonText, safeJson } from '../../../src/text/json.js';
import { applyTyped } from '../../../src/ui/store/prompts/input-bar.js';
import { copyPayload } from '../../../src/ui/store/details/copy-action.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('clipboard', () => {
  it('builds OSC 52 and its tmux passthrough form', () => {
    expect(osc52Sequence('grp-1-p13', false)).toBe(`\u001b]52;c;${b64('grp-1-p13')}\u0007`);
    expect(osc52Sequence('grp-1-p13', true)).toBe(`\u001bPtmux;\u001b\u001b]52;c;${b64('grp-1-p13')}\u0007\u001b\\`);
  });

  it('uses OSC 52 over SSH even when a local tool exists', async () => {
    const writes: string[] = [];
    const runTool = vi.fn(() => Promise.resolve());
    const clipboard = createClipboard({
      env: { SSH_TTY: '/dev/pts/0', DISPLAY: ':0' },
      writeRaw: (d) => writes.push(d),
      findExecutable: () => '/usr/bin/xclip',
      runTool,
    });
    await expect(clipboard.copy('a\u001b]0;x\u0007b')).resolves.toEqual({ method: 'OSC 52' });
    expect(runTool).not.toHaveBeenCalled();
    expect(writes).toEqual([osc52Sequence('a]0;xb', false)]); // control characters removed
  });

  it('pipes to a local tool found on PATH, and falls back to OSC 52 without one or when it fails', async () => {
    const writes: string[] = [];
    const runTool = vi.fn((_path: string, _args: readonly string[], _input: string) => Promise.resolve());
    const local = createClipboard({
      env: { DISPLAY: ':0' },
      platform: 'linux',
      writeRaw: (d) => writes.push(d),
      findExecutable: (name) => (name === 'xclip' ? '/usr/bin/xclip' : undefined),
      runTool,
    });
    await expect(local.copy('grp-1')).resolves.toEqual({ method: 'xclip' });
    expect(runTool).toHaveBeenCalledWith('/usr/bin/xclip', ['-selection', 'clipboard'], 'grp-1');
    expect(writes).toEqual([]);

    const none = createClipboard({ env: { DISPLAY: ':0' }, platform: 'linux', writeRaw: (d) => writes.push(d), findExecutable: () => undefined });
    await expect(none.copy('grp-2')).resolves.toEqual({ method: 'OSC 52' });
    const failing = createClipboard({
      env: { WAYLAND_DISPLAY: 'wayland-0' },
      platform: 'linux',
      writeRaw: (d) => writes.push(d),
      findExecutable: () => '/usr/bin/wl-copy',
      runTool: () => Promise.reject(new Error('no display')),
    });
    await expect(failing.copy('grp-3')).resolves.toEqual({ method: 'OSC 52' });
    expect(writes).toEqual([osc52Sequence('grp-2', false), osc52Sequence('grp-3', false)]);
  });

  it('refuses text too large for OSC 52 with a clear message', async () => {
    const writes: string[] = [];
    const clipboard = createClipboard({ env: { SSH_CONNECTION: 'x' }, writeRaw: (d) => writes.push(d) });
    await expect(clipboard.copy('x'.repeat((OSC52_MAX_PAYLOAD / 4) * 3 + 3))).rejects.toThrow(/too large to copy through the terminal/);
    expect(writes).toEqual([]);
  });
});

describe('copied text', () => {
  it('is the sanitised id, or compact JSON with every control character escaped', () => {
    const item = { pageGroupId: 'g\u001b[31m-1\u0085', title: 'A\u0007\u009bB\u2028' };
    expect(copyPayload(item, 'groups', 'id')).toBe('g-1');
    const json = copyPayload(item, 'groups', 'json');
    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028]/);
    expect(JSON.parse(json)).toEqual(item);
    expect(safeJson({ a: '\u007f' })).toBe('{"a":"\\u007f"}');
  });
});

describe('typed text', () => {
  it('applies Backspace and Return typed in one read and drops other control characters', () => {
    expect(applyTyped('abc')).toEqual({ text: 'abc', submit: false });
    expect(applyTyped('abx\u007fc\r')).toEqual({ text: 'abc', submit: true });
    expect(applyTyped('a\u0001b\u009bc')).toEqual({ text: 'abc', submit: false });
  });
});

describe('export', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pagetui-export-unit-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('offers a file name made only of safe characters', () => {
    expect(defaultExportPath()).toBe('./page-groups.ndjson');
    expect(defaultExportPath('grp-1')).toBe('./grp-1-pages.ndjson');
    expect(defaultExportPath('../../etc/passwd')).toBe('./etcpasswd-pages.ndjson');
    expect(defaultExportPath('a/b?c#d e\u001b[2J')).toBe('./abcde2J-pages.ndjson');
    expect(safeFileComponent('日本')).toBe('group');
    expect(safeFileComponent('.hidden')).toBe('hidden');
  });

  it('writes NDJSON atomically, refuses to replace a file unless told, and leaves no temp file', async () => {
    const exporter = createFileExporter(dir, dir);
    const text = ndjsonText([{ a: 1 }, { b: 'x\u0085' }]);
    expect(text).toBe('{"a":1}\n{"b":"x\\u0085"}\n');
    await exporter.write('./out.ndjson', text, false);
    expect(await readFile(join(dir, 'out.ndjson'), 'utf8')).toBe(text);
    expect(exporter.display('./out.ndjson')).toBe('./out.ndjson');
    expect(await exporter.exists('out.ndjson')).toBe(true);

    await writeFile(join(dir, 'out.ndjson'), 'old');
    await expect(exporter.write('out.ndjson', text, false)).rejects.toBeInstanceOf(FileExistsError);
    expect(await readFile(join(dir, 'out.ndjson'), 'utf8')).toBe('old');
    await exporter.write('out.ndjson', text, true);
    expect(await readFile(join(dir, 'out.ndjson'), 'utf8')).toBe(text);
    await exporter.write('~/home.ndjson', text, false);
    expect(await readFile(join(dir, 'home.ndjson'), 'utf8')).toBe(text);
    await expect(exporter.write('missing/dir/x.ndjson', text, false)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
