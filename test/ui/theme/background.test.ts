import { describe, expect, it } from 'vitest';
import { backgroundFromColorFgBg, decideBackground, parseOsc11Reply } from '../../../src/ui/theme/background.js';
import { pickTheme, themeChoice } from '../../../src/ui/theme/choose.js';

describe('the OSC 11 reply', () => {
  it('parses 1 to 4 hex digits a channel, ended by BEL or ST', () => {
    expect(parseOsc11Reply('\u001B]11;rgb:ffff/ffff/ffff\u0007')).toEqual({ r: 1, g: 1, b: 1 });
    expect(parseOsc11Reply('\u001B]11;rgb:00/80/ff\u001B\\')).toEqual({ r: 0, g: 128 / 255, b: 1 });
    expect(parseOsc11Reply('\u001B]11;rgb:f/0/0\u0007')).toEqual({ r: 1, g: 0, b: 0 });
    expect(parseOsc11Reply('\u001B]11;rgba:ffff/ffff/ffff/ffff\u0007')).toEqual({ r: 1, g: 1, b: 1 });
  });

  it('rejects what is not a reply', () => {
    expect(parseOsc11Reply('\u001B]11;rgb:ffff/ffff\u0007')).toBeUndefined();
    expect(parseOsc11Reply('\u001B]11;rgb:fffff/0/0\u0007')).toBeUndefined();
    expect(parseOsc11Reply('\u001B]11;rgb:ffff/ffff/ffff')).toBeUndefined();
    expect(parseOsc11Reply('\u001B]10;rgb:ffff/ffff/ffff\u0007')).toBeUndefined();
  });

  it('decides light or dark by luminance', () => {
    expect(decideBackground({ r: 1, g: 1, b: 1 }, undefined)).toBe('light');
    expect(decideBackground({ r: 0.99, g: 0.96, b: 0.89 }, undefined)).toBe('light'); // solarized light
    expect(decideBackground({ r: 0, g: 0.17, b: 0.21 }, '0;15')).toBe('dark'); // solarized dark, reply first
    expect(decideBackground({ r: 0.5, g: 0.5, b: 0.5 }, undefined)).toBe('light');
    expect(decideBackground({ r: 0.3, g: 0.3, b: 0.3 }, undefined)).toBe('dark');
  });
});

describe('COLORFGBG', () => {
  it('takes the last field: 7 or 15 is a light background', () => {
    expect(backgroundFromColorFgBg('0;15')).toBe('light');
    expect(backgroundFromColorFgBg('0;default;7')).toBe('light');
    expect(backgroundFromColorFgBg('15;0')).toBe('dark');
    expect(backgroundFromColorFgBg('15;default')).toBeUndefined();
    expect(backgroundFromColorFgBg('')).toBeUndefined();
    expect(backgroundFromColorFgBg(undefined)).toBeUndefined();
    expect(decideBackground(undefined, undefined)).toBe('dark');
    expect(decideBackground(undefined, '0;15')).toBe('light');
  });
});

describe('the theme choice', () => {
  it('takes the flag, then PAGETUI_THEME, then the config file, then auto', () => {
    expect(themeChoice('dark', { PAGETUI_THEME: 'light' }, 'light')).toBe('dark');
    expect(themeChoice(undefined, { PAGETUI_THEME: 'Light' }, 'dark')).toBe('light');
    expect(themeChoice(undefined, { PAGETUI_THEME: 'sepia' }, 'dark')).toBe('dark');
    expect(themeChoice(undefined, {}, undefined)).toBe('auto');
  });

  it('lets NO_COLOR win over any choice', () => {
    const env = { TERM: 'xterm-256color', NO_COLOR: '1' };
    expect(pickTheme({ choice: 'light', env }).name).toBe('no-color');
    expect(pickTheme({ choice: 'auto', env, reply: { r: 1, g: 1, b: 1 } }).name).toBe('no-color');
  });

  it('follows the reply for auto, and ignores it for a fixed choice', () => {
    const env = { TERM: 'xterm-256color' };
    expect(pickTheme({ choice: 'auto', env, reply: { r: 1, g: 1, b: 1 } }).name).toBe('light');
    expect(pickTheme({ choice: 'dark', env, reply: { r: 1, g: 1, b: 1 } }).name).toBe('dark');
    expect(pickTheme({ choice: 'auto', env: { ...env, COLORFGBG: '0;15' } }).name).toBe('light');
  });
});
