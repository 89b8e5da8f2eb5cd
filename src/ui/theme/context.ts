/** Theme selection and the React context components read it from. */
import { createContext, useContext } from 'react';
import type { Theme } from './tokens.js';
import { pickTheme, themeChoice } from './choose.js';
import { darkTheme } from './themes/dark.js';

/**
 * The theme for an environment without asking the terminal: none when `NO_COLOR` is set to
 * anything non-empty (https://no-color.org) or the terminal has no colours (`TERM=dumb`, `vt100`,
 * `*-mono`); else PAGETUI_THEME's, or for `auto` COLORFGBG's background, else the dark theme.
 */
export function getTheme(env: Readonly<Record<string, string | undefined>> = process.env): Theme {
  return pickTheme({ choice: themeChoice(undefined, env), env });
}

/** Defaults to the dark theme, so components render in tests without a provider. */
export const ThemeContext = createContext<Theme>(darkTheme);

/** The current theme. */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}
