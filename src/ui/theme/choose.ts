/** Which theme: the user's choice (flag, PAGETUI_THEME, config), the background, the colour depth. */
import { decideBackground, type Background } from './background.js';
import { colorDepth, type ColorDepth } from './color-depth.js';
import { eightColourTheme } from './eight-colours.js';
import type { Rgb } from './luminance.js';
import type { Theme } from './tokens.js';
import { darkTheme } from './themes/dark.js';
import { light256Theme, lightTheme } from './themes/light.js';
import { noColorTheme } from './themes/no-color.js';

type Env = Readonly<Record<string, string | undefined>>;

export const THEME_CHOICES = ['auto', 'dark', 'light'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.some((choice) => choice === value);
}

const darkEightTheme = eightColourTheme(darkTheme, 'white');
const lightEightTheme = eightColourTheme(lightTheme, 'black');

/** The built-in theme for a background at a colour depth. */
export function themeFor(background: Background, depth: ColorDepth): Theme {
  if (depth === 'none') return noColorTheme;
  if (background === 'dark') return depth === '8' ? darkEightTheme : darkTheme;
  if (depth === '8') return lightEightTheme;
  return depth === '16' ? lightTheme : light256Theme;
}

/** `NO_COLOR` set to anything non-empty (https://no-color.org). */
export function noColorWanted(env: Env): boolean {
  return (env['NO_COLOR'] ?? '') !== '';
}

/** The choice in force: the flag, else PAGETUI_THEME (when valid), else the config file's, else auto. */
export function themeChoice(flag: ThemeChoice | undefined, env: Env, configured?: ThemeChoice): ThemeChoice {
  if (flag) return flag;
  const fromEnv = env['PAGETUI_THEME']?.toLowerCase();
  if (isThemeChoice(fromEnv)) return fromEnv;
  return configured ?? 'auto';
}

export interface ThemeInputs {
  readonly choice: ThemeChoice;
  readonly env: Env;
  /** The terminal's background colour as it answered OSC 11, if it did. */
  readonly reply?: Rgb;
  readonly depth?: ColorDepth;
}

/** The theme for the inputs; `NO_COLOR` wins over everything. */
export function pickTheme({ choice, env, reply, depth = colorDepth(env) }: ThemeInputs): Theme {
  if (noColorWanted(env)) return noColorTheme;
  const background = choice === 'auto' ? decideBackground(reply, env['COLORFGBG']) : choice;
  return themeFor(background, depth);
}
