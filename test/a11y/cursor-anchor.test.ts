/**
 * The cursor's place travels inside the frame: Output finds the mark where it places the text, the
 * screen model reads it back, and a diff writer that follows anchors leaves the cursor there,
 * shown, writing nothing more when nothing changed. Without anchors frames are as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import Output from '../../src/ui/render/ink-output.js';
import { carryCursorAnchors, cursorAnchor } from '../../src/ui/render/cursor-anchor.js';
import { DiffWriter } from '../../src/ui/render/index.js';

function frame(rows: readonly string[], anchorRow?: number, column = 0): string {
  const output = new Output({ width: 20, height: rows.length });
  rows.forEach((text, y) => output.write(0, y, text, { transformers: y === anchorRow ? [cursorAnchor(column)] : [] }));
  return output.get().output;
}

function writer(): { writer: DiffWriter; out: string[] } {
  const out: string[] = [];
  const w = new DiffWriter({ columns: 20, rows: 4, write: (data) => out.push(data) });
  return { writer: w, out };
}

/** A frame as ink writes a full screen: home, then the lines. */
const inkFrame = (text: string) => `\u001B[H${text}`;

afterEach(() => carryCursorAnchors(false));

describe('cursor anchors', () => {
  it('leave frames unchanged when they are not carried', () => {
    expect(frame(['one', 'two'], 1)).toBe('one\ntwo');
  });

  it('put the cursor, shown, on the marked cell after each frame', () => {
    carryCursorAnchors(true);
    const { writer: w, out } = writer();
    w.followsAnchors = true;
    w.write('\u001B[?25l');
    w.write(inkFrame(frame(['title', 'row one', 'row two', 'status'], 1)));
    const first = out.join('');
    expect(first).toMatch(/\u001B\[2H(\u001B\[\?25h)?$/);
    expect(first).toContain('\u001B[?25h');
    expect(first).not.toContain('\u001B[?25l');
    out.length = 0;
    w.write(inkFrame(frame(['title', 'row one', 'row two', 'status'], 2, 4)));
    // Nothing changed but where the cursor rests: a move only.
    expect(out.join('')).toBe('\u001B[3;5H');
    out.length = 0;
    w.write(inkFrame(frame(['title', 'row one', 'row two', 'status'], 2, 4)));
    expect(out.join('')).toBe('');
  });

  it('rest at the top-left corner when a frame marks nothing', () => {
    carryCursorAnchors(true);
    const { writer: w, out } = writer();
    w.followsAnchors = true;
    w.write(inkFrame(frame(['a', 'b', 'c', 'd'], 3)));
    out.length = 0;
    w.write(inkFrame(frame(['a', 'b', 'c', 'd'])));
    expect(out.join('')).toBe('\u001B[1H');
  });
});
