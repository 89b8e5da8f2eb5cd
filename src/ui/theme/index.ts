/** Semantic theme tokens, the built-in themes and the theme context. */
export type { Theme } from './tokens.js';
export { colorProps, groupStatusColor } from './tokens.js';
export { darkTheme } from './themes/dark.js';
export { noColorTheme } from './themes/no-color.js';
export { getTheme, ThemeContext, useTheme } from './context.js';
