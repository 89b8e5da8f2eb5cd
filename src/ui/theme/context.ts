/** Theme selection and the React context components read it from. */
import { createContext, useContext } from 'react';
import type { Theme } from './tokens.js';
import { darkTheme } from './themes/dark.js';
import { noColorTheme } from './themes/no-color.js';

/**
 * The theme for an environment: no colours when `NO_COLOR` is set to anything non-empty
 * (https://no-color.org) or `TERM` is `dumb`; the dark theme otherwise.
 */
export function getTheme(env: Readonly<Record<string, string | undefined>> = process.env): Theme {
  if ((env['NO_COLOR'] ?? '') !== '' || env['TERM'] === 'dumb') return noColorTheme;
  return darkTheme;
}

/** Defaults to the dark theme, so components render in tests without a provider. */
export const ThemeContext = createContext<Theme>(darkTheme);

/** The current theme. */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}
