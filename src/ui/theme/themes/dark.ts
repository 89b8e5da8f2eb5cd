import type { Theme } from '../tokens.js';

/** The default theme, for dark terminal backgrounds. */
export const darkTheme: Theme = {
  name: 'dark',
  text: { primary: 'white', secondary: 'gray', accent: 'cyan' },
  status: { error: 'red', warning: 'yellow', success: 'green', info: 'cyan' },
  selection: { bg: 'blue', fg: 'whiteBright', inverse: false, marker: '' },
  border: 'gray',
  watch: { appeared: 'green', changed: 'yellow' },
  groupStatus: { draft: 'yellow', published: 'green', archived: 'gray', unknown: 'magenta' },
};
