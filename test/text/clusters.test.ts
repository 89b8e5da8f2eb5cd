/**
 * Widths and cells found by looking up standalone characters (src/text/clusters.ts) are the ones
 * string-width and the grapheme segmenter give, for text from the whole BMP, emoji, marks,
 * joiners, jamo and regional indicators, mixed.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { displayWidth, truncate } from '../../src/text/index.js';
import { forEachGrapheme } from '../../src/text/graphemes.js';

const segmenter = new Intl.Segmenter();
const JOINING = ['\u0301', '\u0308', '\u200d', '\ufe0f', '\u20e3', '\u094d', '\u0e33', '\u1100', '\u1161', '\u11a8', '\u00ad', '\u0600', '\u3099', '\uff9e'];
const ASTRAL = ['🚀', '👍🏽', '👨‍👩‍👧', '🇯🇵', '🇯', '𠀋', '😀', '\u{1f3fb}'];

function randomText(random: () => number): string {
  const parts: string[] = [];
  const length = 1 + Math.floor(random() * 16);
  for (let k = 0; k < length; k++) {
    const r = random();
    if (r < 0.25) parts.push(String.fromCharCode(0x20 + Math.floor(random() * 95)));
    else if (r < 0.65) parts.push(String.fromCharCode(0xa0 + Math.floor(random() * (0xfffe - 0xa0))));
    else if (r < 0.8) parts.push(String.fromCharCode([0x4e00, 0x3040, 0xac00, 0xff01][Math.floor(random() * 4)]! + Math.floor(random() * 80)));
    else if (r < 0.92) parts.push(JOINING[Math.floor(random() * JOINING.length)]!);
    else parts.push(ASTRAL[Math.floor(random() * ASTRAL.length)]!);
  }
  return parts.join('');
}

describe('widths without segmenting everything', () => {
  it('measure what string-width measures and split where the segmenter splits', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 10_000; i++) {
      const text = randomText(random);
      expect([text, displayWidth(text)]).toEqual([text, stringWidth(text)]);
      const cells: [string, number][] = [];
      forEachGrapheme(text, (grapheme, width) => cells.push([grapheme, width]));
      expect([text, cells]).toEqual([text, [...segmenter.segment(text)].map(({ segment }) => [segment, Math.min(2, stringWidth(segment))])]);
    }
  }, 120_000);

  it('keep a text that fits whole and cut one that does not, whatever its length', () => {
    const long = '新产品发布会 👍🏽 Cafe\u0301 '.repeat(40);
    expect(truncate(long, stringWidth(long))).toBe(long);
    const cut = truncate(long, 21);
    expect(cut.endsWith('…')).toBe(true);
    expect(stringWidth(cut)).toBeLessThanOrEqual(21);
    expect(truncate('国国', 4)).toBe('国国');
    expect(truncate('国国国', 4)).toBe('国…');
  });
});
