import { afterEach, describe, expect, it, vi } from 'vitest';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { darkTheme, getTheme, groupStatusColor, noColorTheme, useTheme } from '../../../src/ui/theme/index.js';

describe('getTheme', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('picks the dark theme by default', () => {
    vi.stubEnv('NO_COLOR', '');
    vi.stubEnv('TERM', 'xterm-256color');
    expect(getTheme()).toBe(darkTheme);
  });

  it('picks no colours when NO_COLOR is set and non-empty', () => {
    vi.stubEnv('NO_COLOR', '1');
    expect(getTheme()).toBe(noColorTheme);
  });

  it('picks no colours for TERM=dumb', () => {
    expect(getTheme({ TERM: 'dumb' })).toBe(noColorTheme);
    expect(getTheme({ TERM: 'xterm', NO_COLOR: '' })).toBe(darkTheme);
  });

  it('has only empty colours in the no-color theme, with a visible selection', () => {
    const colours = JSON.stringify({ ...noColorTheme, name: '', selection: { ...noColorTheme.selection, marker: '' } });
    expect(colours).not.toMatch(/"[a-zA-Z]+":"[^"]+"/);
    expect(noColorTheme.selection.inverse).toBe(true);
    expect(noColorTheme.selection.marker).not.toBe('');
  });

  it('maps group statuses, unknown values included', () => {
    expect(groupStatusColor(darkTheme, 'published')).toBe(darkTheme.groupStatus.published);
    expect(groupStatusColor(darkTheme, 'deleted')).toBe(darkTheme.groupStatus.unknown);
  });

  it('provides the dark theme without a wrapper', () => {
    function Probe() {
      return <Text>{useTheme().name}</Text>;
    }
    expect(render(<Probe />).lastFrame()).toBe('dark');
  });
});
