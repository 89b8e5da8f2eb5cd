import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Table } from '../../../src/ui/components/index.js';
import { darkTheme, noColorTheme, ThemeContext } from '../../../src/ui/theme/index.js';
import { displayWidth } from '../../../src/text/index.js';
import { forceColor } from '../../helpers/force-color.js';

forceColor(1);

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
const frameLines = (frame: string | undefined) => stripAnsi(frame ?? '').split('\n');

const data = [
  { id: 'pg-1', title: 'Hello world', status: 'draft' },
  { id: 'pg-2', title: '日本語のタイトルです', status: 'published' },
  { id: 'pg-3', title: 'Party 🎉🎉🎉 time', status: 'archived' },
];

/**
 * Body text is the terminal's default colour in the built-in themes, and a frame line's unstyled
 * trailing blanks are trimmed; a body colour keeps each row's padding in the frame to be measured.
 */
const bodyColouredTheme = { ...darkTheme, text: { ...darkTheme.text, primary: 'white' } };

describe('Table', () => {
  it('renders a header and one line per row, with CJK and emoji aligned by display width', () => {
    const { lastFrame } = render(
      <ThemeContext.Provider value={bodyColouredTheme}>
        <Table data={data} widths={{ id: 4, title: 12, status: 9 }} />
      </ThemeContext.Provider>,
    );
    const lines = frameLines(lastFrame());
    expect(lines).toEqual([
      ' id    title         status    ',
      ' pg-1  Hello world   draft     ',
      ' pg-2  日本語のタ…   published ',
      ' pg-3  Party 🎉🎉…   archived  ',
    ]);
    for (const line of lines) expect(displayWidth(line)).toBe(1 + 4 + 2 + 12 + 2 + 9 + 1);
  });

  it('fits maxWidth and cuts with an ellipsis', () => {
    const { lastFrame } = render(<Table data={data} maxWidth={30} />);
    const lines = frameLines(lastFrame());
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(lines.join('\n')).toContain('…');
  });

  it('never lets escape sequences from data into the frame', () => {
    const evil = [{ name: '\u001b]0;owned\u0007\u001b[2J\u001b[31mred\u001b[0m\u009b1A\u202eevil' }];
    const { lastFrame } = render(<Table data={evil} />);
    const frame = lastFrame() ?? '';
    expect(frame).not.toContain('owned');
    expect(frame).not.toContain('\u001b]');
    expect(frame).not.toContain('\u001b[2J');
    expect(frame).not.toContain('\u009b');
    expect(frame).not.toContain('\u202e');
    expect(stripAnsi(frame)).toContain('redevil');
    // Only ink's own SGR styling may remain.
    expect(frame.replace(/\u001b\[[0-9;]*m/g, '')).not.toContain('\u001b');
  });

  it('highlights the selected row with the selection colours', () => {
    const { lastFrame } = render(<Table data={data} selectedIndex={1} showHeader={false} />);
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines[1]).toContain('\u001b[44m'); // blue background
    expect(lines[0]).not.toContain('\u001b[44m');
    expect(lines[2]).not.toContain('\u001b[44m');
  });

  it('uses reverse video and a marker in the no-color theme', () => {
    const { lastFrame } = render(
      <ThemeContext.Provider value={noColorTheme}>
        <Table data={data} selectedIndex={0} showHeader={false} />
      </ThemeContext.Provider>,
    );
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines[0]).toContain('\u001b[7m'); // inverse
    expect(stripAnsi(lines[0] ?? '').startsWith('> pg-1')).toBe(true);
    expect(stripAnsi(lines[1] ?? '').startsWith('  pg-2')).toBe(true);
    expect(lines.join('')).not.toMatch(/\u001b\[(3|4)\dm/); // no colours at all
  });

  it('colours cells through cellColor', () => {
    const cellColor = (column: string, value: unknown) => (column === 'status' && value === 'draft' ? 'yellow' : undefined);
    const { lastFrame } = render(<Table data={data} cellColor={cellColor} showHeader={false} />);
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines[0]).toMatch(/\u001b\[33m draft/);
    expect(lines[1]).not.toContain('\u001b[33m');
  });

  it('re-renders only rows whose inputs changed (memoised rows)', () => {
    const calls: string[] = [];
    const cellColor = (column: string, _value: unknown, row: Record<string, unknown>) => {
      if (column === 'id') calls.push(String(row['id']));
      return undefined;
    };
    const rows = [...data];
    const { rerender } = render(<Table data={rows} cellColor={cellColor} selectedIndex={0} widths={{ id: 4, title: 10, status: 9 }} />);
    expect(calls).toEqual(['pg-2', 'pg-3']); // the selected row ignores cell colours
    calls.length = 0;
    rerender(<Table data={[...rows]} cellColor={cellColor} selectedIndex={1} widths={{ id: 4, title: 10, status: 9 }} />);
    expect(calls).toEqual(['pg-1']); // pg-3 was not re-rendered
  });

  it('renders only the header for no rows', () => {
    const { lastFrame } = render(<Table data={[]} columns={['id', 'title']} />);
    expect(frameLines(lastFrame())).toEqual([' id  title ']);
  });
});
