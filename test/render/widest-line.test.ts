/**
 * The bundle gives ink src/ui/render/widest-line.ts for the widest-line package (scripts/build.mjs):
 * it must give the package's answer for any text ink draws, and not measure a row again that a
 * recent frame measured.
 */
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import widestLine, { cachedWidestLine } from '../../src/ui/render/widest-line.js';
import { fitLine, lineArb } from './frames.js';

/** What the widest-line package ink depends on does (over the same string-width). */
const packageWidestLine = (text: string): number => Math.max(...text.split('\n').map((line) => stringWidth(line)));

const LONG_NAMES = [
  'Crème brûlée — sommelier’s seasonal tasting notes, Ålesund harbour, naïve café façade',
  '東京都の季節限定メニュー：抹茶パフェと桜餅、お土産用の詰め合わせセット',
  'Ünïcödé 🌍 ✅ e\u0301 👍🏽 👨‍👩‍👧‍👦 🇫🇷 ﷽ a\u200db',
  'tab\there, bell\u0007, nul\u0000 and \u009b31m a C1 CSI',
];

describe('widestLine', () => {
  it('gives the widest-line package its answer for styled lines, several at once', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 60 }), (lines, columns) => {
        const text = lines.map((line) => fitLine(line, columns)).join('\n');
        expect(widestLine(text)).toBe(packageWidestLine(text));
        // Asked again (now from its cache): the same.
        expect(widestLine(text)).toBe(packageWidestLine(text));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the package its answer for any string and for long non-ASCII names', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(widestLine(text)).toBe(packageWidestLine(text));
      }),
      { numRuns: 500 },
    );
    for (const name of LONG_NAMES) {
      expect(widestLine(name)).toBe(packageWidestLine(name));
      expect(widestLine(`\u001B[7m ${name}\u001B[27m\n${name.slice(3)}`)).toBe(packageWidestLine(`\u001B[7m ${name}\u001B[27m\n${name.slice(3)}`));
    }
  });

  it('measures a text seen lately once, and forgets all once it holds its most', () => {
    const measured: string[] = [];
    const widest = cachedWidestLine((line) => {
      measured.push(line);
      return line.length;
    }, 3);
    expect(widest('ab\nabcd')).toBe(4);
    expect(widest('ab\nabcd')).toBe(4);
    expect(measured).toEqual(['ab', 'abcd']);
    widest('x');
    widest('yy');
    expect(measured).toHaveLength(4);
    // A fourth text clears the three before it.
    expect(widest('zzz')).toBe(3);
    expect(widest('x')).toBe(1);
    expect(measured).toEqual(['ab', 'abcd', 'x', 'yy', 'zzz', 'x']);
  });
});
