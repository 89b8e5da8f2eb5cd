/**
 * The frame writer's last guard for a terminal that is not UTF-8: whatever still reaches it outside
 * ASCII (an app sentence's dash, ink's own truncation ellipsis, a wide character) leaves as ASCII,
 * one character a column, so the layout ink computed holds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setAsciiOnly } from '../../src/text/charset.js';
import Output from '../../src/ui/render/ink-output.js';

afterEach(() => setAsciiOnly(false));

function frame(text: string): string {
  const output = new Output({ width: 30, height: 1 });
  output.write(0, 0, text, { transformers: [] });
  return output.get().output;
}

describe('the frame under ASCII only', () => {
  it('writes ASCII column for column', () => {
    setAsciiOnly(true);
    const out = frame('\u001B[36m⠙\u001B[39m a — b… 国x ↑↓ é');
    expect(out).not.toMatch(/[^\u0000-\u007f]/);
    expect(out.replace(/\u001B\[[\d;]*m/g, '')).toBe('/ a - b. ??x ^v ?');
    expect(out.startsWith('\u001B[36m/')).toBe(true);
  });

  it('writes UTF-8 as it is otherwise', () => {
    expect(frame('a — b… 国y ↑↓')).toBe('a — b… 国y ↑↓');
  });
});
