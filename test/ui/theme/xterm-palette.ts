/** xterm's default palette (XTerm-col.ad and 256colres.pl), as RGB 0–1, for ink's colour names. */
import type { Rgb } from '../../../src/ui/theme/luminance.js';

const BASIC: Record<string, readonly [number, number, number]> = {
  black: [0, 0, 0],
  red: [205, 0, 0],
  green: [0, 205, 0],
  yellow: [205, 205, 0],
  blue: [0, 0, 238],
  magenta: [205, 0, 205],
  cyan: [0, 205, 205],
  white: [229, 229, 229],
  blackBright: [127, 127, 127],
  redBright: [255, 0, 0],
  greenBright: [0, 255, 0],
  yellowBright: [255, 255, 0],
  blueBright: [92, 92, 255],
  magentaBright: [255, 0, 255],
  cyanBright: [0, 255, 255],
  whiteBright: [255, 255, 255],
};
const ALIASES: Record<string, string> = { gray: 'blackBright', grey: 'blackBright' };
const ORDER = Object.keys(BASIC);
const CUBE = [0, 95, 135, 175, 215, 255];

function ansi256(n: number): readonly [number, number, number] {
  if (n < 16) return BASIC[ORDER[n] ?? 'black'] ?? [0, 0, 0];
  if (n >= 232) {
    const level = 8 + (n - 232) * 10;
    return [level, level, level];
  }
  const i = n - 16;
  return [CUBE[Math.floor(i / 36)] ?? 0, CUBE[Math.floor(i / 6) % 6] ?? 0, CUBE[i % 6] ?? 0];
}

/** The RGB xterm shows for an ink colour name, `ansi256(n)` or `#rrggbb`. Throws for anything else. */
export function xtermRgb(color: string): Rgb {
  const basic = BASIC[ALIASES[color] ?? color];
  const indexed = /^ansi256\((\d+)\)$/.exec(color);
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  const rgb = basic ?? (indexed ? ansi256(Number(indexed[1])) : hex ? hex.slice(1, 4).map((h) => Number.parseInt(h, 16)) : undefined);
  if (!rgb) throw new Error(`not a colour xterm knows: ${color}`);
  const [r = 0, g = 0, b = 0] = rgb;
  return { r: r / 255, g: g / 255, b: b / 255 };
}

/** The default background and foreground of a dark-background and a light-background xterm. */
export const XTERM_DEFAULTS = {
  dark: { bg: xtermRgb('black'), fg: xtermRgb('white') },
  light: { bg: xtermRgb('whiteBright'), fg: xtermRgb('black') },
} as const;
