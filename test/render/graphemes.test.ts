/** How wide a terminal that does not know an emoji sequence may draw it (the writer rewrites what it spills over). */
import { describe, expect, it } from 'vitest';
import { widestReading } from '../../src/ui/render/graphemes.js';

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
