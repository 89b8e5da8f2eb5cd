import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { displayWidth, fit, padEnd, padStart, sanitize, truncate, wrap } from '../../src/text/index.js';

describe('displayWidth', () => {
  it('counts CJK and emoji as two columns, combining marks as zero', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('世界')).toBe(4);
    expect(displayWidth('👍')).toBe(2);
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
  });
});

describe('truncate', () => {
  it('returns text that fits unchanged', () => {
    expect(truncate('hello', 5)).toBe('hello');
  });

  it('cuts with an ellipsis by display width', () => {
    expect(truncate('hello world', 8)).toBe('hello w…');
    expect(displayWidth(truncate('hello world', 8))).toBe(8);
  });

  it('drops a wide character that does not fit, so the result may be one short', () => {
    // '世界世界' is 8 columns; 5 columns leave room for '世界' (4) + '…' (1).
    expect(truncate('世界世界', 5)).toBe('世界…');
    // 4 columns: budget 3 before the ellipsis holds one wide char only.
    expect(truncate('世界世界', 4)).toBe('世…');
    expect(displayWidth(truncate('世界世界', 4))).toBe(3);
  });

  it('never splits an emoji cluster', () => {
    expect(truncate('👨‍👩‍👧👨‍👩‍👧', 3)).toBe('👨‍👩‍👧…');
  });

  it('handles tiny and odd widths', () => {
    expect(truncate('hello', 0)).toBe('');
    expect(truncate('hello', 1)).toBe('…');
    expect(truncate('hello', -3)).toBe('');
    expect(truncate('hello', 2.7)).toBe('h…');
    expect(truncate('hello', 3, '...')).toBe('...');
    expect(truncate('hello', 2, '...')).toBe('he');
  });
});

describe('padEnd / padStart / fit', () => {
  it('pads by display width', () => {
    expect(padEnd('世', 4)).toBe('世  ');
    expect(padStart('世', 4)).toBe('  世');
    expect(padEnd('toolong', 3)).toBe('toolong');
  });

  it('fit sanitises, truncates and pads to the exact width', () => {
    expect(fit('\u001b[31mred\u001b[0m', 5)).toBe('red  ');
    expect(fit('a very long title', 8)).toBe('a very …');
    expect(fit(null, 3)).toBe('   ');
    expect(fit(12, 4)).toBe('12  ');
    expect(fit('世界世界', 5)).toBe('世界…');
    expect(fit('世界世界', 4)).toBe('世… ');
  });
});

describe('wrap', () => {
  it('breaks at spaces by display width', () => {
    expect(wrap('the quick brown fox', 10)).toEqual(['the quick', 'brown fox']);
  });

  it('breaks long words and wide text', () => {
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrap('世界世界世', 4)).toEqual(['世界', '世界', '世']);
  });

  it('limits lines and marks the cut', () => {
    expect(wrap('aaaa bbbb cccc dddd', 9, 2)).toEqual(['aaaa bbbb', 'cccc dddd']);
    expect(wrap('aaaa bbbb cccc dddd eeee', 9, 2)).toEqual(['aaaa bbbb', 'cccc ddd…']);
  });

  it('returns one empty line for empty text', () => {
    expect(wrap('', 10)).toEqual(['']);
  });
});

describe('width properties', () => {
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.array(fc.constantFrom('a', '世', '👍', '👨‍👩‍👧', 'e\u0301', '\u0600', '\u200d', '🇩🇪', '\u001b[1m', ' '), { maxLength: 20 }).map((a) => a.join('')),
  );
  const width = fc.integer({ min: 0, max: 30 });

  it('fit(s, w) is exactly w columns wide', () => {
    fc.assert(
      fc.property(text, width, (s, w) => {
        expect(displayWidth(fit(s, w))).toBe(w);
      }),
      { seed: 424242, numRuns: 3000 },
    );
  });

  it('truncate never exceeds the width and keeps fitting text intact', () => {
    fc.assert(
      fc.property(text, width, (raw, w) => {
        const s = sanitize(raw);
        const out = truncate(s, w);
        expect(displayWidth(out)).toBeLessThanOrEqual(w);
        if (displayWidth(s) <= w) expect(out).toBe(s);
        else expect(displayWidth(out)).toBeGreaterThanOrEqual(w - 1 - 1);
      }),
      { seed: 99, numRuns: 3000 },
    );
  });

  it('wrap keeps every line within the width (for widths of at least 2)', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 30 }), fc.integer({ min: 1, max: 6 }), (raw, w, n) => {
        const lines = wrap(sanitize(raw), w, n);
        expect(lines.length).toBeLessThanOrEqual(n);
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(w);
      }),
      { seed: 5, numRuns: 2000 },
    );
  });
});
