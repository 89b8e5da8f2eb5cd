import { describe, expect, it } from 'vitest';
import { chalkLevel, colorDepth, depthFromColors, depthFromTermName } from '../../../src/ui/theme/color-depth.js';
import { themeFor } from '../../../src/ui/theme/choose.js';

describe('colour depth', () => {
  it('reads terminfo colors when given', () => {
    expect(depthFromColors(undefined)).toBe('none');
    expect(depthFromColors(-1)).toBe('none');
    expect(depthFromColors(2)).toBe('none');
    expect(depthFromColors(8)).toBe('8');
    expect(depthFromColors(16)).toBe('16');
    expect(depthFromColors(88)).toBe('16');
    expect(depthFromColors(256)).toBe('256');
    expect(depthFromColors(16_777_216)).toBe('truecolor');
    expect(colorDepth({ TERM: 'xterm-256color' }, 8)).toBe('8');
  });

  it('guesses from TERM otherwise', () => {
    const cases: Record<string, string> = {
      'xterm-256color': '256',
      'tmux-256color': '256',
      'screen-256color': '256',
      'xterm-direct': 'truecolor',
      xterm: '16',
      'xterm-color': '16',
      screen: '16',
      'screen.xterm-new': '16',
      tmux: '16',
      'rxvt-unicode': '16',
      linux: '8',
      ansi: '8',
      cygwin: '8',
      'some-new-terminal': '8',
      vt100: 'none',
      vt220: 'none',
      'xterm-mono': 'none',
      dumb: 'none',
      '': 'none',
    };
    for (const [term, depth] of Object.entries(cases)) expect([term, depthFromTermName(term)]).toEqual([term, depth]);
  });

  it('takes COLORTERM=truecolor or 24bit over a colour terminal or an unknown name, not over one with 8 or none', () => {
    expect(colorDepth({ TERM: 'alacritty', COLORTERM: 'truecolor' })).toBe('truecolor');
    expect(colorDepth({ TERM: 'alacritty' })).toBe('8');
    expect(colorDepth({ TERM: 'alacritty', COLORTERM: 'truecolor' }, 8)).toBe('8');
    expect(colorDepth({ TERM: 'xterm-256color', COLORTERM: 'truecolor' })).toBe('truecolor');
    expect(colorDepth({ TERM: 'xterm', COLORTERM: '24bit' })).toBe('truecolor');
    expect(colorDepth({ TERM: 'xterm-256color', COLORTERM: 'yes' })).toBe('256');
    expect(colorDepth({ TERM: 'linux', COLORTERM: 'truecolor' })).toBe('8');
    expect(colorDepth({ TERM: 'vt100', COLORTERM: 'truecolor' })).toBe('none');
    expect(colorDepth({ TERM: 'dumb' }, 256)).toBe('none');
  });

  it('gives chalk a level that keeps bold and reverse video even without colours', () => {
    expect(chalkLevel('truecolor')).toBe(3);
    expect(chalkLevel('256')).toBe(2);
    expect(chalkLevel('16')).toBe(1);
    expect(chalkLevel('8')).toBe(1);
    expect(chalkLevel('none')).toBe(1);
  });
});

describe('themes at each depth', () => {
  const colours = (depth: Parameters<typeof themeFor>[1], background: 'dark' | 'light') =>
    JSON.stringify({ ...themeFor(background, depth), name: '' })
      .match(/"[a-zA-Z]+":"[^"]+"/g)
      ?.map((pair) => pair.split(':')[1]?.replaceAll('"', '') ?? '') ?? [];

  it('uses no bright colour with 8 colours, and no colour at all with none', () => {
    for (const background of ['dark', 'light'] as const) {
      expect(colours('8', background).filter((c) => /Bright$|^gr[ae]y$|^ansi256|^#/.test(c))).toEqual([]);
      expect(colours('none', background).filter((c) => c !== '>')).toEqual([]);
      expect(themeFor(background, 'none').selection.inverse).toBe(true);
    }
  });

  it('uses only the 16 named colours with 16', () => {
    for (const background of ['dark', 'light'] as const) {
      expect(colours('16', background).filter((c) => /^ansi256|^#|^rgb/.test(c))).toEqual([]);
    }
  });
});
