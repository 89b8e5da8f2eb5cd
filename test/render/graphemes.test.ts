/** How wide a terminal that does not know an emoji sequence may draw it (the writer rewrites what it spills over). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachGrapheme } from '../../src/text/graphemes.js';
import { runCells, widestReading } from '../../src/ui/render/graphemes.js';

describe('widestReading', () => {
  it('is each code point at its own width, regional indicators two, at least two', () => {
    expect(widestReading('\u{1F44D}\u{1F3FD}')).toBe(4); // 👍🏽: tmux 3.3a draws 👍 and 🏽
    expect(widestReading('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}')).toBe(8); // a family, joiners zero
    expect(widestReading('\u{1F1E7}\u{1F1F7}')).toBe(4); // 🇧🇷
    expect(widestReading('\u2764\uFE0F')).toBe(2); // ❤️: one column plus a selector, still two
    expect(widestReading('1\uFE0F\u20E3')).toBe(2); // a keycap
    expect(widestReading('\u{1F30D}')).toBe(2);
    expect(widestReading('中')).toBe(2);
  });
});

describe('runCells', () => {
  const cellsOf = (text: string): [string, number][] => {
    const cells: [string, number][] = [];
    forEachGrapheme(text, (g, w) => cells.push([g, w]));
    return cells;
  };
  const asPairs = (text: string): [string, number][] => {
    const { graphemes, widths } = runCells(text);
    return graphemes.map((g, i) => [g, widths[i] as number]);
  };

  it('gives the cells forEachGrapheme gives, the first time and from memory', () => {
    const names = ['Crème brûlée — Ålesund café', '東京都の季節限定メニュー', 'e\u0301 👍🏽 👨‍👩‍👧‍👦 🇫🇷 a\u200db', '\u00ad\u0300x'];
    for (const name of names) {
      expect(asPairs(name)).toEqual(cellsOf(name));
      expect(asPairs(name)).toEqual(cellsOf(name));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        expect(asPairs(text)).toEqual(cellsOf(text));
      }),
      { numRuns: 300 },
    );
  });

  it('does not segment a run read lately again', () => {
    const name = `Fête de la bière ${Math.random()}`;
    expect(runCells(name)).toBe(runCells(name));
  });
});
