/**
 * Every semantic token of every built-in theme, at every colour depth, against that theme's
 * background in xterm's default palette (WCAG contrast): text ≥ 4.5:1, decorations ≥ 3:1.
 */
import { describe, expect, it } from 'vitest';
import { themeFor } from '../../../src/ui/theme/choose.js';
import type { ColorDepth } from '../../../src/ui/theme/color-depth.js';
import { contrastRatio, type Rgb } from '../../../src/ui/theme/luminance.js';
import { noColorTheme } from '../../../src/ui/theme/index.js';
import { WATCH_MARKERS, type Theme } from '../../../src/ui/theme/tokens.js';
import { XTERM_DEFAULTS, xtermRgb } from './xterm-palette.js';

const TEXT = 4.5;
const DECORATION = 3;
/**
 * With 8 colours there is no bright red or bright magenta: normal red on black is 3.6:1 in xterm's
 * palette, the best an 8-colour dark terminal offers, so there the floor is the decoration one.
 */
const EIGHT_COLOUR_TEXT = 3;

interface Token {
  readonly name: string;
  readonly color: string;
  readonly kind: 'text' | 'decoration';
}

function tokens(theme: Theme): Token[] {
  const text = (group: string, values: Record<string, string>) =>
    Object.entries(values).map(([key, color]) => ({ name: `${group}.${key}`, color, kind: 'text' as const }));
  return [
    ...text('text', theme.text),
    ...text('status', theme.status),
    ...text('groupStatus', theme.groupStatus),
    ...text('watch', theme.watch),
    { name: 'border', color: theme.border, kind: 'decoration' },
  ];
}

const DEPTHS: ColorDepth[] = ['8', '16', '256', 'truecolor'];

describe.each(['dark', 'light'] as const)('the %s theme', (background) => {
  const { bg, fg } = XTERM_DEFAULTS[background];
  const colour = (color: string): Rgb => (color === '' ? fg : xtermRgb(color));

  it.each(DEPTHS)('reads on its background at colour depth %s', (depth) => {
    const theme = themeFor(background, depth);
    expect(theme.name).toBe(background);
    const failures: string[] = [];
    for (const token of tokens(theme)) {
      const floor = token.kind === 'decoration' ? DECORATION : depth === '8' ? EIGHT_COLOUR_TEXT : TEXT;
      const ratio = contrastRatio(colour(token.color), bg);
      if (ratio < floor) failures.push(`${token.name} ${token.color || '(default)'}: ${ratio.toFixed(2)} < ${floor}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(DEPTHS)('draws the selected row legibly at colour depth %s', (depth) => {
    const { selection } = themeFor(background, depth);
    const ratio = contrastRatio(colour(selection.fg), selection.bg === '' ? bg : xtermRgb(selection.bg));
    expect(ratio).toBeGreaterThanOrEqual(TEXT);
  });

  it.each(DEPTHS)('tells the watch marks (appeared, changed, gone) apart by colour at depth %s', (depth) => {
    const { watch } = themeFor(background, depth);
    expect(Object.keys(watch).sort()).toEqual(['appeared', 'changed', 'gone']);
    expect(new Set(Object.values(watch).map((color) => JSON.stringify(xtermRgb(color)))).size).toBe(3);
  });

  it('leaves body text to the terminal foreground', () => {
    for (const depth of DEPTHS) expect(themeFor(background, depth).text.primary).toBe('');
  });
});

describe('watch marks without colours', () => {
  it('have a marker each, all different, and the no-color theme a gutter to show them in', () => {
    expect(Object.keys(WATCH_MARKERS).sort()).toEqual(Object.keys(noColorTheme.watch).sort());
    expect(new Set(Object.values(WATCH_MARKERS)).size).toBe(Object.keys(WATCH_MARKERS).length);
    expect(noColorTheme.selection.marker).not.toBe('');
  });
});

describe('the contrast check itself', () => {
  it('fails the colours the old theme put on a light background', () => {
    // Grey hints and yellow drafts on white: what made light terminals unreadable.
    expect(contrastRatio(xtermRgb('gray'), XTERM_DEFAULTS.light.bg)).toBeLessThan(TEXT);
    expect(contrastRatio(xtermRgb('yellow'), XTERM_DEFAULTS.light.bg)).toBeLessThan(DECORATION);
    expect(contrastRatio(xtermRgb('black'), xtermRgb('whiteBright'))).toBeCloseTo(21, 5);
  });
});
