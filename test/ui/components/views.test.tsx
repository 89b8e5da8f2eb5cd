import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import {
  DetailView,
  detailLines,
  detailMaxScroll,
  formatHeaderLine,
  Header,
  helpLayout,
  HelpOverlay,
  helpMaxScroll,
  TooSmall,
} from '../../../src/ui/components/index.js';
import { displayWidth } from '../../../src/text/index.js';
import { noColorTheme, ThemeContext } from '../../../src/ui/theme/index.js';
import { detailTextWidth } from '../../../src/ui/store/details/detail-lines.js';

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('Header', () => {
  const content = {
    breadcrumb: ['https://pages.example.com', 'Spring campaign'],
    profile: 'prod',
    filter: 'spring',
    sort: 'title ↑',
  };

  it('shows app name, breadcrumb and right-aligned extras in exactly the width', () => {
    const line = formatHeaderLine(content, 100);
    expect(displayWidth(line)).toBe(100);
    expect(line.startsWith('pagetui  https://pages.example.com › Spring campaign')).toBe(true);
    expect(line.endsWith('profile: prod  filter: "spring"  sort: title ↑')).toBe(true);
  });

  it('drops extras from the end and shortens the origin before the group title', () => {
    const line = formatHeaderLine(content, 50);
    expect(displayWidth(line)).toBe(50);
    expect(line).toContain('Spring campaign');
    expect(line).not.toContain('sort:');
    expect(line).toContain('…');
  });

  it('renders sanitised text', () => {
    const { lastFrame } = render(<Header width={60} breadcrumb={['o', 'evil\u001b]0;x\u0007\u001b[2Jname\u202e']} />);
    const frame = lastFrame() ?? '';
    // ink drops unstyled trailing spaces from frames.
    expect(frame.trimEnd()).toBe('pagetui  o › evilname');
  });
});

describe('HelpOverlay', () => {
  it('lists the bindings in plain words', () => {
    const { lastFrame } = render(<HelpOverlay width={80} height={40} />);
    const frame = lastFrame() ?? '';
    for (const words of ['filter', 'copy id', 'copy as JSON', 'export', 'sort', 'move down', 'quit', 'help']) {
      expect(frame).toContain(words);
    }
    expect(frame).toContain('Ctrl-d');
    expect(frame).toContain('Lists (page groups, pages)');
  });

  /** Every line the help shows at some scroll position in a `width` x `height` box. */
  const allScrolled = (width: number, height: number): string[] =>
    Array.from({ length: helpMaxScroll(width, height) + 1 }, (_, top) => helpLayout(width, height, top).slice(1)).flat();

  it('scrolls when short, within height and width, every key reachable', () => {
    const lines = helpLayout(100, 14);
    expect(lines.length).toBeLessThanOrEqual(14);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(100);
    expect(lines[0]).toMatch(/^Keys {2}\(\? or Esc to close\) {2}1–13\/\d+ {2}▼ j\/k scroll$/);
    const text = allScrolled(100, 14).join('\n');
    for (const words of ['move down', 'copy id', 'quit', 'next field', 'copy value', 'next item', 'scroll down', 'keep the filter', 'write the file', 'use the key']) {
      expect(text).toContain(words);
    }
    const last = helpLayout(100, 14, 10_000);
    expect(last[0]).toMatch(/▲ {2}j\/k scroll$/);
    expect(last.at(-1)).toBe(helpLayout(100, 200).at(-1));
  });

  it('groups the keys by screen, prompts included, side by side when they fit', () => {
    // 240 columns: with the inspector's two sections, watch, the last error and the views' two prompts, 60 rows.
    const lines = helpLayout(240, 60);
    expect(helpMaxScroll(240, 60)).toBe(0);
    const text = lines.join('\n');
    for (const title of ['Everywhere', 'Lists', 'Details', 'This help', 'Filter bar', 'Export path', 'Overwrite?', 'API key', 'HTTP inspector', 'A request', 'The last error']) {
      expect(text).toContain(title);
    }
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(240);
    expect(text).toMatch(/While G loads the rest, a move/);
  });

  it('cuts cleanly on a tiny terminal and says there is more', () => {
    const lines = helpLayout(30, 6);
    expect(lines.length).toBe(6);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(lines[0]).toContain('▼');
    expect(allScrolled(30, 6).join('\n')).toContain('API key (L)');
    expect(helpLayout(30, 0)).toEqual([]);
  });
});

describe('DetailView', () => {
  const record = {
    pageGroupId: 'pg-1',
    title: '春のセール',
    status: 'weird\u001b[5m',
    extra: { nested: [1, 2, { x: 'y' }] },
    notes: 'word '.repeat(100),
    none: null,
  };

  it('lists every field, nested values as compact JSON, long values wrapped in full', () => {
    const lines = detailLines(record, 40);
    expect(lines[0]).toBe('pageGroupId: pg-1');
    expect(lines).toContain('title: 春のセール');
    expect(lines).toContain('status: weird');
    expect(lines).toContain('extra: {"nested":[1,2,{"x":"y"}]}');
    expect(lines).toContain('none: null');
    const notes = lines.filter((l) => l.startsWith('notes:') || l.startsWith('  word'));
    expect(notes.length).toBeGreaterThan(6);
    expect(notes.join(' ').match(/word/g)).toHaveLength(100);
    expect(notes.at(-1)?.endsWith('…')).toBe(false);
    for (const l of lines) {
      expect(displayWidth(l)).toBeLessThanOrEqual(40);
      expect(l).not.toMatch(CONTROL);
    }
  });

  it('scrolls and shows ▲/▼ when clipped', () => {
    const lines = detailLines(record, 40);
    const { lastFrame, rerender } = render(<DetailView title="Page group" record={record} width={40} height={5} scroll={0} />);
    let frame = (lastFrame() ?? '').split('\n');
    expect(frame).toHaveLength(5);
    expect(frame[0]).toMatch(/^Page group +1–4\/\d+  ▼$/);
    expect(frame[1]).toBe('pageGroupId: pg-1');
    rerender(<DetailView title="Page group" record={record} width={40} height={5} scroll={2} />);
    frame = (lastFrame() ?? '').split('\n');
    expect(frame[0]).toMatch(/▲▼$/);
    expect(frame[1]).toBe(lines[2]);
    rerender(<DetailView title="Page group" record={record} width={40} height={5} scroll={999} />);
    frame = (lastFrame() ?? '').split('\n');
    expect(frame[0]?.trimEnd()).toMatch(/\/\d+ ▲$/);
    expect(frame[4]).toBe(lines[lines.length - 1]);
    expect(detailMaxScroll(lines.length, 5)).toBe(lines.length - 4);
  });

  it('caps a huge value, the last line ending in …', () => {
    const lines = detailLines({ id: 'x', blob: 'y'.repeat(100_000) }, 40);
    expect(lines.length).toBeLessThanOrEqual(201);
    expect(lines.at(-1)?.endsWith('…')).toBe(true);
  });

  it('shows no indicator when everything fits', () => {
    const { lastFrame } = render(<DetailView title="Small" record={{ a: 1 }} width={30} height={5} scroll={0} />);
    expect((lastFrame() ?? '').split('\n')[0]?.trimEnd()).toBe('Small');
  });
});

describe('TooSmall', () => {
  it('says what is needed', () => {
    const { lastFrame } = render(<TooSmall width={80} height={5} />);
    expect(lastFrame()).toBe('Terminal too small (80x5); pagetui needs at least 40x10.');
  });

  it('fits a very narrow terminal, wrapped whole', () => {
    const { lastFrame } = render(<TooSmall width={20} height={5} />);
    const lines = (lastFrame() ?? '').split('\n');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(20);
    expect(lines.length).toBeLessThanOrEqual(4);
    expect(lines.join(' ')).toBe('Terminal too small (20x5); pagetui needs at least 40x10.');
  });

  it('says less where the sentence does not fit, down to one cell', () => {
    expect(render(<TooSmall width={12} height={3} />).lastFrame()).toBe('Too small;\nneeds 40x10.');
    expect(render(<TooSmall width={9} height={2} />).lastFrame()).toBe('Too small');
    expect(render(<TooSmall width={1} height={1} />).lastFrame()).toBe('…');
  });
});

describe('DetailView without colours', () => {
  it('marks the selected field in a gutter, where reverse video may not show', () => {
    const { lastFrame } = render(
      <ThemeContext.Provider value={noColorTheme}>
        <DetailView title="T" record={{ a: 'one', b: 'two words here' }} width={12} height={6} scroll={0} field={1} />
      </ThemeContext.Provider>,
    );
    const frame = (lastFrame() ?? '').split('\n').map((l) => l.trimEnd());
    expect(frame.slice(1)).toEqual(['  a: one', '> b: two', '    words', '    here', '']);
    // The store wraps to the same width, so the field it keeps in view is the one drawn.
    expect(detailTextWidth(12, noColorTheme.selection.marker)).toBe(10);
    expect(detailTextWidth(12, '')).toBe(12);
  });
});
