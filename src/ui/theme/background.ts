/** The terminal's background, light or dark: from its OSC 11 reply, else COLORFGBG. */
import { isLight, type Rgb } from './luminance.js';

export type Background = 'light' | 'dark';

/** `ESC ] 11 ; rgb:R/G/B` (or `rgba:R/G/B/A`) ended by BEL or ST, 1 to 4 hex digits a channel. */
const OSC11_REPLY = /\u001B\]11;rgba?:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})(?:\/[0-9a-f]{1,4})?(?:\u0007|\u001B\\)/i;

function channel(hex: string): number {
  return Number.parseInt(hex, 16) / (16 ** hex.length - 1);
}

/** The colour in an OSC 11 reply found in `text`, or undefined. */
export function parseOsc11Reply(text: string): Rgb | undefined {
  const match = OSC11_REPLY.exec(text);
  if (!match) return undefined;
  const [, r = '', g = '', b = ''] = match;
  return { r: channel(r), g: channel(g), b: channel(b) };
}

/** rxvt's and Konsole's `COLORFGBG=fg;bg` (or `fg;default;bg`): background 7 or 15 is light. */
export function backgroundFromColorFgBg(value: string | undefined): Background | undefined {
  if (value === undefined || value === '') return undefined;
  const last = value.split(';').at(-1) ?? '';
  if (!/^\d+$/.test(last)) return undefined;
  return last === '7' || last === '15' ? 'light' : 'dark';
}

/** The background: the terminal's reply when there was one, else COLORFGBG, else dark. */
export function decideBackground(reply: Rgb | undefined, colorFgBg: string | undefined): Background {
  if (reply) return isLight(reply) ? 'light' : 'dark';
  return backgroundFromColorFgBg(colorFgBg) ?? 'dark';
}
