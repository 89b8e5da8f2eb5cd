import type { Theme } from '../tokens.js';

/**
 * For light backgrounds, in the 16 ANSI colours. Green, yellow, cyan and grey are too pale on
 * white there, so those meanings fall back on the colours that read (or the default foreground).
 */
export const lightTheme: Theme = {
  name: 'light',
  text: { primary: '', secondary: '', accent: 'blue' },
  status: { error: 'red', warning: 'magenta', success: '', info: 'blue' },
  selection: { bg: 'blue', fg: 'whiteBright', inverse: false, marker: '' },
  border: 'blackBright',
  watch: { appeared: 'blue', changed: 'magenta', gone: 'red' },
  groupStatus: { draft: 'magenta', published: 'blue', archived: '', unknown: 'red' },
};

/** For light backgrounds on 256-colour (and 24-bit) terminals: darker shades that keep each meaning. */
export const light256Theme: Theme = {
  name: 'light',
  text: { primary: '', secondary: 'ansi256(241)', accent: 'ansi256(25)' },
  status: { error: 'ansi256(124)', warning: 'ansi256(130)', success: 'ansi256(28)', info: 'ansi256(25)' },
  selection: { bg: 'blue', fg: 'whiteBright', inverse: false, marker: '' },
  border: 'ansi256(245)',
  watch: { appeared: 'ansi256(28)', changed: 'ansi256(130)', gone: 'ansi256(124)' },
  groupStatus: { draft: 'ansi256(130)', published: 'ansi256(28)', archived: 'ansi256(241)', unknown: 'ansi256(90)' },
};
