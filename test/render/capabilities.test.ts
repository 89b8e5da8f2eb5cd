/**
 * The diff writer under each terminal's own capabilities: a list scrolled past the bottom, paged,
 * filtered and resized, fed to a headless xterm as that terminal takes it (ignoring every sequence
 * its entry lacks). The screen must equal a fresh draw of the same frame, and no sequence the entry
 * lacks may be written at all.
 */
import { describe, expect, it } from 'vitest';
import { CONSERVATIVE_CAPABILITIES, FULL_CAPABILITIES, terminalCapabilities, type TerminalCapabilities } from '../../src/terminfo/capabilities.js';
import type { TerminfoEntry } from '../../src/terminfo/parse.js';
import { DiffWriter } from '../../src/ui/render/index.js';
import { freshRender, highlightRow, InkLikeLog } from './frames.js';
import { asRestrictedTerminal, fixtureEntry, fixtureEnv, missingSequences, undeclaredIn } from './restricted.js';
import { feed, makeTerminal, screenDifferences, screenText } from './terminal.js';

const TERMS = ['vt100', 'vt220', 'linux', 'screen', 'tmux-256color', 'xterm-256color', 'xterm-mono'] as const;
const ITEMS = Array.from({ length: 120 }, (_, i) => `grp-1-p${i + 1}  Page number ${i + 1} ${i % 3 === 0 ? 'published' : 'draft'}`);

interface ListState {
  readonly items: readonly string[];
  readonly selected: number;
  readonly top: number;
}

/** A screen like the list's: breadcrumb, header, rows with the selected one highlighted, status, hints. */
function listFrame(state: ListState, columns: number, rows: number): string[] {
  const visible = rows - 5;
  const lines = [`\u001B[1mpagetui\u001B[22m › \u001B[36mEvergreen Landing Pages\u001B[39m`, '\u001B[2mSLUG            TITLE\u001B[22m'];
  for (let y = 0; y < visible; y++) {
    const i = state.top + y;
    const text = state.items[i] ?? '';
    lines.push(i === state.selected ? highlightRow(`› ${text}`, columns) : `  ${text}`.slice(0, columns));
  }
  lines.push(`${state.selected + 1} of ${state.items.length}        more available`.slice(0, columns));
  lines.push('\u001B[90mj/k move  Enter open  / filter  q quit\u001B[39m'.slice(0, columns + 10));
  return lines;
}

function moveTo(state: ListState, selected: number, rows: number): ListState {
  const visible = rows - 5;
  const clamped = Math.max(0, Math.min(state.items.length - 1, selected));
  let top = state.top;
  if (clamped < top) top = clamped;
  if (clamped >= top + visible) top = clamped - visible + 1;
  return { ...state, selected: clamped, top };
}

/** A terminal with no entry: only what the conservative set relies on (EL and cursor addressing). */
const BARE_ENTRY: TerminfoEntry = { names: ['unknown'], booleans: new Set<string>(), numbers: new Map<string, number>(), strings: new Map([['el', '\u001B[K']]) };

async function runSession(term: string, { caps = terminalCapabilities(fixtureEnv(term)), entry = fixtureEntry(term) }: { caps?: TerminalCapabilities; entry?: TerminfoEntry } = {}) {
  const missing = missingSequences(entry);
  let columns = 60;
  let rows = 16;
  const screen = makeTerminal(columns, rows);
  const log = new InkLikeLog();
  let pending = '';
  let all = '';
  const writer = new DiffWriter({
    columns,
    rows,
    capabilities: caps,
    write: (data) => {
      pending += data;
      all += data;
    },
  });
  let state: ListState = { items: ITEMS, selected: 0, top: 0 };
  let frame: string[] = [];
  const problems: string[] = [];

  const check = async (what: string) => {
    await feed(screen, asRestrictedTerminal(pending, missing));
    pending = '';
    const fresh = makeTerminal(columns, rows);
    await feed(fresh, freshRender(frame.join('\n')));
    const differences = screenDifferences(screen, fresh);
    if (differences.length > 0) {
      problems.push(`${term}, ${what}: ${differences.length} cells differ\n${screenText(screen)}\n--- fresh:\n${screenText(fresh)}`);
    }
    fresh.dispose();
  };
  const draw = () => {
    frame = listFrame(state, columns, rows);
    writer.write(log.frame(frame.join('\n'), true));
  };

  draw();
  await check('first frame');
  for (let i = 0; i < 30; i++) {
    state = moveTo(state, state.selected + 1, rows);
    draw();
  }
  await check('j x30, past the bottom');
  for (const step of [rows - 5, rows - 5, -(rows - 5)]) {
    state = moveTo(state, state.selected + step, rows);
    draw();
    await check(`paging by ${step}`);
  }
  for (let i = 0; i < 5; i++) {
    state = moveTo(state, state.selected - 1, rows);
    draw();
  }
  await check('k x5');
  state = moveTo({ items: ITEMS.filter((item) => item.includes('published')), selected: 0, top: 0 }, 3, rows);
  draw();
  await check('filtered');
  columns = 48;
  rows = 12;
  screen.resize(columns, rows);
  writer.resize(columns, rows);
  state = moveTo(state, state.selected + 10, rows);
  draw();
  await check('resized smaller');
  for (let i = 0; i < 12; i++) {
    state = moveTo(state, state.selected + 1, rows);
    draw();
  }
  await check('j x12 after the resize');
  screen.dispose();
  return { problems, undeclared: undeclaredIn(all, missing), output: all };
}

describe('the diff writer under each terminfo entry', () => {
  it.each(TERMS)('%s: the screen equals a fresh draw after scrolling, paging, filtering and resizing', async (term) => {
    const { problems, undeclared } = await runSession(term);
    expect(problems).toEqual([]);
    expect(undeclared, `sequences ${term} lacks`).toEqual([]);
  });

  it('on the Linux console (no SU/SD), output meant for xterm leaves rows stuck: the check sees it', async () => {
    // What pagetui wrote before it read terminfo, whatever the terminal.
    const { problems, undeclared } = await runSession('linux', { caps: FULL_CAPABILITIES });
    expect(undeclared).toEqual(expect.arrayContaining(['SU']));
    expect(problems.join('\n')).toContain('j x30, past the bottom');
  });

  it('writes for the xterm-256color entry exactly the bytes it wrote before reading terminfo (the byte goal holds)', async () => {
    const fromEntry = await runSession('xterm-256color');
    const before = await runSession('xterm-256color', { caps: FULL_CAPABILITIES });
    expect(fromEntry.output).toBe(before.output);
  });

  it('moves rows with a scroll region and IND/RI on the Linux console, and writes them again with no entry', async () => {
    const linux = await runSession('linux');
    expect(linux.output).toMatch(/\u001B\[\d+;\d+r\u001B\[\d+H\n/);
    expect(linux.output).toMatch(/\u001B\[\d+;\d+r\u001B\[\d+H\u001BM/);
    const unknown = await runSession('unknown', { caps: CONSERVATIVE_CAPABILITIES, entry: BARE_ENTRY });
    expect(unknown.problems).toEqual([]);
    expect(unknown.undeclared).toEqual([]);
    expect(unknown.output).not.toMatch(/\u001B\[\d*;?\d*r/);
  });
});
