/** A 16-colour theme for terminals with 8: no bright colours (SGR 90–97, 100–107). */
import type { Theme } from './tokens.js';

function withoutBright(color: string, grey: string): string {
  if (color === 'gray' || color === 'grey' || color === 'blackBright') return grey;
  return color.replace(/Bright$/, '');
}

/**
 * `theme` with each bright colour replaced by its normal one, and grey (itself bright black) by
 * `grey`: white on dark backgrounds, black on light ones.
 */
export function eightColourTheme(theme: Theme, grey: string): Theme {
  const map = <T extends Record<string, unknown>>(group: T): T =>
    Object.fromEntries(
      Object.entries(group).map(([key, value]) => [key, typeof value === 'string' && key !== 'marker' ? withoutBright(value, grey) : value]),
    ) as T;
  return {
    name: theme.name,
    text: map(theme.text),
    status: map(theme.status),
    selection: map(theme.selection),
    border: withoutBright(theme.border, grey),
    watch: map(theme.watch),
    groupStatus: map(theme.groupStatus),
  };
}
