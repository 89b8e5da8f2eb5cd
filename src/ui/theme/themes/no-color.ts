import type { Theme } from '../tokens.js';

/**
 * No colours at all (NO_COLOR, TERM=dumb). The selected row is shown in reverse video and with a
 * '>' marker, so it stays visible even where reverse video is not rendered.
 */
export const noColorTheme: Theme = {
  name: 'no-color',
  text: { primary: '', secondary: '', accent: '' },
  status: { error: '', warning: '', success: '', info: '' },
  selection: { bg: '', fg: '', inverse: true, marker: '>' },
  border: '',
  watch: { appeared: '', changed: '', gone: '' },
  groupStatus: { draft: '', published: '', archived: '', unknown: '' },
};
