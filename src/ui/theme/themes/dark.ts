import type { Theme } from '../tokens.js';

/**
 * For dark backgrounds, in the 16 ANSI colours (used for 256 and 24-bit terminals too). Body text
 * is the terminal's own foreground, so it reads whatever the background really is.
 */
export const darkTheme: Theme = {
  name: 'dark',
  text: { primary: '', secondary: 'gray', accent: 'cyan' },
  status: { error: 'redBright', warning: 'yellow', success: 'green', info: 'cyan' },
  selection: { bg: 'blue', fg: 'whiteBright', inverse: false, marker: '' },
  border: 'gray',
  watch: { appeared: 'green', changed: 'yellow', gone: 'redBright' },
  groupStatus: { draft: 'yellow', published: 'green', archived: 'gray', unknown: 'magentaBright' },
};
