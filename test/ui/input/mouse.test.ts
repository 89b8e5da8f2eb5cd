import { describe, expect, it } from 'vitest';
import { parseMouseReport } from '../../../src/ui/input/mouse.js';
import { MouseActions, type MouseTarget } from '../../../src/ui/input/mouse-actions.js';
import type { Command } from '../../../src/ui/keys/bindings.js';

describe('SGR mouse reports', () => {
  it('are parsed with or without their ESC', () => {
    expect(parseMouseReport('\u001b[<0;12;7M')).toEqual({ kind: 'press', button: 'left', x: 12, y: 7 });
    expect(parseMouseReport('[<0;12;7m')).toEqual({ kind: 'release', x: 12, y: 7 });
    expect(parseMouseReport('[<65;1;2M')).toEqual({ kind: 'wheel', direction: 'down', x: 1, y: 2 });
    expect(parseMouseReport('[<64;1;2M')).toEqual({ kind: 'wheel', direction: 'up', x: 1, y: 2 });
    expect(parseMouseReport('[<80;1;2M')).toEqual({ kind: 'wheel', direction: 'up', x: 1, y: 2 }); // Ctrl held
    expect(parseMouseReport('[<2;3;4M')).toEqual({ kind: 'press', button: 'right', x: 3, y: 4 });
    expect(parseMouseReport('[<32;3;4M')).toBeUndefined(); // motion
    expect(parseMouseReport('[A')).toBeUndefined();
    expect(parseMouseReport('j')).toBeUndefined();
  });
});

describe('mouse actions', () => {
  function setup(view: ReturnType<MouseTarget['view']> = { kind: 'list', top: 10, rows: 20, count: 40 }) {
    const commands: Command[] = [];
    const selected: number[] = [];
    let now = 1000;
    const actions = new MouseActions({ view: () => view, command: (c) => commands.push(c), select: (i) => selected.push(i) }, () => now);
    return { actions, commands, selected, tick: (ms: number) => (now += ms) };
  }
  const press = (y: number) => ({ kind: 'press', button: 'left', x: 5, y }) as const;

  it('a click selects the row under it (below the header and headings); a second one soon after opens it', () => {
    const t = setup();
    t.actions.handle(press(3));
    expect(t.selected).toEqual([10]);
    t.tick(200);
    t.actions.handle(press(3));
    expect(t.commands).toEqual(['open']);
    t.tick(100);
    t.actions.handle(press(3)); // a third click starts over
    expect(t.commands).toEqual(['open']);
  });

  it('with a watch\'s ghost rows among the lines, a click finds its row by line, and a click on a ghost selects nothing', () => {
    // Lines: row 10, a ghost, row 11, row 12...
    const t = setup({ kind: 'list', top: 10, rows: 20, count: 40, rowAt: (line) => (line === 0 ? 10 : line === 1 ? undefined : 9 + line) });
    t.actions.handle(press(4));
    t.actions.handle(press(5));
    expect(t.selected).toEqual([11]);
  });

  it('two clicks far apart in time, or on different rows, do not open', () => {
    const t = setup();
    t.actions.handle(press(5));
    t.tick(800);
    t.actions.handle(press(5));
    t.actions.handle(press(6));
    expect(t.selected).toEqual([12, 12, 13]);
    expect(t.commands).toEqual([]);
  });

  it('ignores clicks on the header, past the last row and outside lists; the wheel moves three rows', () => {
    const t = setup({ kind: 'list', top: 0, rows: 20, count: 4 });
    t.actions.handle(press(1));
    t.actions.handle(press(2));
    t.actions.handle(press(7));
    expect(t.selected).toEqual([]);
    t.actions.handle({ kind: 'wheel', direction: 'down', x: 1, y: 1 });
    expect(t.commands).toEqual(['moveDown', 'moveDown', 'moveDown']);
    const none = setup({ kind: 'none' });
    none.actions.handle({ kind: 'wheel', direction: 'up', x: 1, y: 1 });
    none.actions.handle(press(3));
    expect([none.commands, none.selected]).toEqual([[], []]);
  });
});
