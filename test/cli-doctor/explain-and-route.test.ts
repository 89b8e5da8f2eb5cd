/** The theme's reasons and the clipboard's way, decided without a terminal or a copy. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { clipboardRoute, explainStartupTheme } from '../../src/ui/index.js';

/** Pipes, not a terminal: nothing is asked. */
const io = { stdin: new PassThrough() as unknown as NodeJS.ReadStream, stdout: new PassThrough() as unknown as NodeJS.WriteStream };
const TERM = { TERM: 'xterm-256color', TERMINFO_DIRS: '' };

describe('explainStartupTheme', () => {
  it('does not ask a pipe, and says which fallback the app would take', async () => {
    expect(await explainStartupTheme({ env: TERM, io })).toMatchObject({ choice: 'auto', choiceFrom: 'default', notAsked: 'not a terminal', background: 'dark', backgroundFrom: 'default' });
    expect(await explainStartupTheme({ env: { ...TERM, COLORFGBG: '0;15' }, io })).toMatchObject({ background: 'light', backgroundFrom: 'COLORFGBG' });
  });

  it('names the choice: PAGETUI_THEME before the config file', async () => {
    expect(await explainStartupTheme({ env: { ...TERM, PAGETUI_THEME: 'Light' }, io, configured: 'dark' })).toMatchObject({ choiceFrom: 'PAGETUI_THEME', background: 'light', backgroundFrom: 'choice', notAsked: 'theme chosen' });
    expect(await explainStartupTheme({ env: TERM, io, configured: 'light' })).toMatchObject({ choiceFrom: 'config', background: 'light' });
  });

  it('has no background under NO_COLOR', async () => {
    const x = await explainStartupTheme({ env: { ...TERM, NO_COLOR: '1' }, io });
    expect(x).toMatchObject({ notAsked: 'NO_COLOR' });
    expect(x.background).toBeUndefined();
  });
});

describe('clipboardRoute', () => {
  const found = (names: string[]) => (name: string) => (names.includes(name) ? `/usr/bin/${name}` : undefined);

  it('goes through tmux inside tmux, and says when tmux is not on PATH', () => {
    expect(clipboardRoute({ TMUX: '/tmp/t,1,0', DISPLAY: ':0' }, 'linux', found(['tmux', 'xclip']))).toEqual({ kind: 'tmux', tmux: '/usr/bin/tmux' });
    expect(clipboardRoute({ TMUX: '/tmp/t,1,0' }, 'linux', found([]))).toEqual({ kind: 'tmux' });
  });

  it('uses GNU screen, then OSC 52 over SSH, then the first local tool found', () => {
    expect(clipboardRoute({ STY: '1.pts-0' }, 'linux', found(['xclip']))).toEqual({ kind: 'screen' });
    expect(clipboardRoute({ SSH_TTY: '/dev/pts/1', DISPLAY: ':0' }, 'linux', found(['xclip']))).toEqual({ kind: 'osc52', reason: 'ssh' });
    expect(clipboardRoute({ DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' }, 'linux', found(['xsel', 'wl-copy']))).toEqual({ kind: 'tool', name: 'wl-copy', path: '/usr/bin/wl-copy' });
    expect(clipboardRoute({ DISPLAY: ':0' }, 'linux', found(['xsel']))).toEqual({ kind: 'tool', name: 'xsel', path: '/usr/bin/xsel' });
    expect(clipboardRoute({}, 'linux', found(['xclip']))).toEqual({ kind: 'osc52', reason: 'no tool' });
  });
});
