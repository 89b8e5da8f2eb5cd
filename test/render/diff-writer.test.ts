/**
 * The diff writer must leave the terminal showing exactly what a full redraw shows. Each case
 * feeds the writer's bytes to one headless xterm and the same frame, drawn from scratch, to
 * another, and compares every cell: character, width, colours and attributes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiffWriter } from '../../src/ui/render/index.js';
import { fitLine, freshRender, highlightRow, InkLikeLog, lineArb, type Segment } from './frames.js';
import { feed, makeTerminal, screenDifferences, screenText, type HeadlessTerminal } from './terminal.js';

/** A terminal behind a diff writer, fed with ink-style frames. */
class Rig {
  readonly term: HeadlessTerminal;
  readonly writer: DiffWriter;
  readonly log = new InkLikeLog();
  bytes = 0;
  private pending = '';

  constructor(
    public columns: number,
    public rows: number,
    options: { oldWidths?: boolean } = {},
  ) {
    this.term = makeTerminal(columns, rows, options);
    this.writer = new DiffWriter({
      columns,
      rows,
      write: (data) => {
        this.pending += data;
        this.bytes += Buffer.byteLength(data);
      },
    });
  }

  /** Writes a frame and returns the bytes the terminal received for it. */
  async frame(lines: readonly string[], synchronized = false): Promise<string> {
    this.writer.write(this.log.frame(lines.join('\n'), synchronized));
    return this.drain();
  }

  async resize(columns: number, rows: number): Promise<void> {
    this.columns = columns;
    this.rows = rows;
    this.term.resize(columns, rows);
    this.writer.resize(columns, rows);
    this.writer.flush();
    await this.drain();
  }

  async drain(): Promise<string> {
    const data = this.pending;
    this.pending = '';
    await feed(this.term, data);
    return data;
  }
}

/** The previous frame moved by `shift` rows (up when positive), the gap filled with new lines. */
function scrolled(previous: readonly string[], fresh: readonly string[], shift: number, maxLines: number): string[] {
  const height = Math.min(maxLines, Math.max(previous.length, fresh.length));
  const out: string[] = [];
  for (let y = 0; y < height; y++) out.push(previous[y + shift] ?? fresh[y] ?? '');
  return out;
}

async function expectSameAsFresh(rig: Rig, lines: readonly string[]): Promise<void> {
  const fresh = makeTerminal(rig.columns, rig.rows);
  await feed(fresh, freshRender(lines.join('\n')));
  const differences = screenDifferences(rig.term, fresh);
  expect(differences, `diffed screen:\n${screenText(rig.term)}\nfresh screen:\n${screenText(fresh)}`).toEqual([]);
  fresh.dispose();
}

describe('DiffWriter', () => {
  it('draws random frames (colours, attributes, CJK, emoji, combining marks, resizes) exactly as a fresh render', async () => {
    const step = fc.record({
      lines: fc.array(lineArb, { minLength: 0, maxLength: 7 }),
      // Keep the previous frame's lines moved up (+) or down (-), like a scrolled list.
      scroll: fc.option(fc.integer({ min: -3, max: 3 }), { freq: 2 }),
      highlight: fc.option(fc.nat(6)),
      resize: fc.option(fc.record({ columns: fc.integer({ min: 4, max: 30 }), rows: fc.integer({ min: 3, max: 9 }) }), {
        freq: 5,
      }),
      synchronized: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const rig = new Rig(24, 8);
        let previous: string[] = [];
        try {
          for (const s of steps) {
            if (s.resize) await rig.resize(s.resize.columns, s.resize.rows);
            let lines = s.lines.slice(0, rig.rows - 1).map((segments: Segment[]) => fitLine(segments, rig.columns));
            if (s.scroll !== null && !s.resize && previous.length > 0) lines = scrolled(previous, lines, s.scroll, rig.rows - 1);
            previous = lines;
            if (s.highlight !== null && s.highlight < lines.length) lines[s.highlight] = highlightRow('sel 中', rig.columns);
            await rig.frame(lines, s.synchronized);
            await expectSameAsFresh(rig, lines);
          }
        } finally {
          rig.term.dispose();
        }
      }),
      { numRuns: 100 },
    );
  });

  it('draws randomly scrolled frames (moved up or down, partly changed) exactly as a fresh render', async () => {
    const step = fc.record({
      scroll: fc.integer({ min: -4, max: 4 }),
      fresh: fc.array(lineArb, { minLength: 11, maxLength: 11 }),
      highlight: fc.option(fc.nat(10)),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 11, maxLength: 11 }), fc.array(step, { minLength: 1, maxLength: 5 }), async (first, steps) => {
        const rig = new Rig(30, 12);
        try {
          let lines = first.map((segments) => fitLine(segments, 30));
          await rig.frame(lines);
          for (const s of steps) {
            lines = scrolled(lines, s.fresh.map((segments) => fitLine(segments, 30)), s.scroll, 11);
            if (s.highlight !== null) lines[s.highlight] = highlightRow('sel', 30);
            await rig.frame(lines);
            await expectSameAsFresh(rig, lines);
          }
        } finally {
          rig.term.dispose();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('moves a full-row highlight by rewriting two rows, not the frame', async () => {
    const rig = new Rig(120, 40);
    const list = (selected: number) =>
      Array.from({ length: 36 }, (_, i) => {
        const text = ` page ${String(i).padStart(3)}   grp-1-p${i}   2024-05-0${i % 9} 12:00`;
        return i === selected ? highlightRow(text, 119) : fitLine([{ style: '\u001B[37m', text }], 119);
      });
    const first = await rig.frame(list(3));
    const move = await rig.frame(list(4));
    await expectSameAsFresh(rig, list(4));
    expect(Buffer.byteLength(move)).toBeLessThan(300);
    expect(Buffer.byteLength(move) * 5).toBeLessThan(Buffer.byteLength(first));
    // Only rows 3 and 4 were touched.
    const rowsWritten = [...move.matchAll(/\u001B\[(\d+)(;\d+)?H/g)].map((m) => Number(m[1]) - 1);
    expect(new Set(rowsWritten)).toEqual(new Set([3, 4]));
  });

  it('scrolls a list by one row with a scroll region instead of drawing every row again', async () => {
    const rig = new Rig(120, 40);
    const list = (top: number, selected: number) =>
      Array.from({ length: 36 }, (_, i) => {
        const n = top + i;
        const text = ` page ${n}   grp-1-p${n}   2024-05-0${n % 9} 12:00`;
        return n === selected ? highlightRow(text, 119) : fitLine([{ style: '\u001B[37m', text }], 119);
      });
    const frames = [list(0, 35), list(1, 36), list(2, 37), list(1, 1)];
    await rig.frame(frames[0] ?? []);
    const down = await rig.frame(frames[1] ?? []);
    expect(down).toMatch(/\u001B\[1;35r\u001B\[S\u001B\[r/);
    expect(Buffer.byteLength(down)).toBeLessThan(400);
    await expectSameAsFresh(rig, frames[1] ?? []);
    await rig.frame(frames[2] ?? []);
    await expectSameAsFresh(rig, frames[2] ?? []);
    const up = await rig.frame(frames[3] ?? []);
    expect(up).toMatch(/\u001B\[T/);
    await expectSameAsFresh(rig, frames[3] ?? []);
  });

  it('keeps every other cell right on a terminal that counts emoji as one column', async () => {
    const rig = new Rig(40, 10, { oldWidths: true });
    const row = (text: string, selected: boolean) =>
      selected ? highlightRow(text, 40) : fitLine([{ style: '\u001B[37m', text }], 40);
    const texts = ['plain row one', 'Intl 🌍 — 国際 ✅ end', 'third row', 'fourth 🌍🌍 row', 'fifth row', 'sixth'];
    const frame = (order: readonly number[], selected: number) => order.map((i, y) => row(`${texts[i]} ${i}`, y === selected));
    const frames = [frame([0, 1, 2, 3, 4, 5], 0), frame([0, 1, 2, 3, 4, 5], 1), frame([1, 2, 3, 4, 5, 0], 1), frame([5, 3, 1, 0, 2, 4], 3)];
    for (const lines of frames) {
      await rig.frame(lines);
      const fresh = makeTerminal(40, 10);
      await feed(fresh, freshRender(lines.join('\n')));
      // The emoji cells themselves differ (one column vs two); nothing else may.
      const isEmojiCell = (x: number, y: number) => {
        const line = fresh.buffer.active.getLine(fresh.buffer.active.baseY + y);
        const at = (i: number) => (i >= 0 ? (line?.getCell(i)?.getChars() ?? '') : '');
        return /\p{Extended_Pictographic}/u.test(at(x)) || /\p{Extended_Pictographic}/u.test(at(x - 1));
      };
      expect(screenDifferences(rig.term, fresh, isEmojiCell), screenText(rig.term)).toEqual([]);
      fresh.dispose();
    }
  });

  it('rewrites the cells after an emoji cluster that a terminal may draw at the width of its parts', async () => {
    // tmux 3.3a draws 👍🏽 as 👍 and 🏽 (four columns) and a family as four emoji (eight): what
    // follows the cluster must be written after it, even where it did not change.
    for (const cluster of ['\u{1F44D}\u{1F3FD}', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}']) {
      const rig = new Rig(20, 4);
      const fresh = new Rig(20, 4);
      try {
        await rig.frame(['ab  xyz uvw', 'row two']);
        const next = [`${cluster}  xyz uvw`, 'row two'];
        await rig.frame(next);
        await fresh.frame(next);
        expect(screenText(rig.term).split('\n')[0]).toBe(screenText(fresh.term).split('\n')[0]);
        expect(screenDifferences(rig.term, fresh.term), screenText(rig.term)).toEqual([]);
      } finally {
        rig.term.dispose();
        fresh.term.dispose();
      }
    }
  });

  it('writes nothing when the frame did not change, and keeps the cursor hidden', async () => {
    const rig = new Rig(20, 5);
    const first = await rig.frame(['hello', 'world']);
    expect(first).toContain('\u001B[?25l');
    expect(await rig.frame(['hello', 'world'])).toBe('');
    expect(rig.writer.model.cursorVisible).toBe(false);
  });

  it('replaces half of a wide character correctly', async () => {
    const rig = new Rig(10, 4);
    await rig.frame(['a中b', '🌍🌍🌍']);
    const next = ['ax中', ' x🌍y'];
    await rig.frame(next);
    await expectSameAsFresh(rig, next);
  });

  it('draws everything again after the terminal was cleared behind its back (resume after Ctrl-Z)', async () => {
    const rig = new Rig(20, 6);
    const lines = ['\u001B[1mtitle\u001B[22m', highlightRow('selected', 20), 'plain'];
    await rig.frame(lines);
    await feed(rig.term, '\u001B[H\u001B[2J'); // the alternate screen was left and entered again
    rig.writer.repaint();
    await rig.drain();
    await expectSameAsFresh(rig, lines);
  });

  it('follows ink clearing its output and drawing again', async () => {
    const rig = new Rig(20, 6);
    await rig.frame(['one', 'two', 'three']);
    rig.writer.write(rig.log.clear());
    await rig.drain();
    await expectSameAsFresh(rig, []);
    await rig.frame(['four']);
    await expectSameAsFresh(rig, ['four']);
  });

  it('holds a synchronized update until it ends, then writes it at once', async () => {
    const out: string[] = [];
    const writer = new DiffWriter({ columns: 10, rows: 3, write: (d) => out.push(d) });
    writer.write('\u001B[?2026h');
    writer.write('abc\n');
    expect(out).toEqual([]);
    writer.write('\u001B[?2026l');
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('abc');
  });
});
