/** The shared line editor: readline edits, history walks, how a read is decoded, and the field in ink. */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { TextField } from '../../../src/ui/components/TextField.js';
import { editLine, insertText, lineAtEnd, walkHistory, type LineState } from '../../../src/ui/hooks/line-editor.js';
import { BINDINGS, decodeFieldInput, helpLines } from '../../../src/ui/keys/index.js';
import type { Command, KeyContext } from '../../../src/ui/keys/index.js';
import { TEXT_CONTEXTS } from '../../../src/ui/keys/bindings.js';

const at = (value: string, cursor: number): LineState => ({ value, cursor });
const run = (state: LineState, ...commands: Command[]): LineState =>
  commands.reduce((s, c) => editLine(s, c) ?? s, state);

describe('editLine', () => {
  it('moves by character, word and line', () => {
    const line = lineAtEnd('./tmp/out file.ndjson');
    expect(run(line, 'lineStart').cursor).toBe(0);
    expect(run(line, 'lineStart', 'lineEnd').cursor).toBe(21);
    expect(run(line, 'charBack').cursor).toBe(20);
    expect(run(line, 'lineStart', 'charForward').cursor).toBe(1);
    expect(run(line, 'wordBack').cursor).toBe(15); // before "ndjson"
    expect(run(line, 'wordBack', 'wordBack').cursor).toBe(10); // before "file"
    expect(run(line, 'lineStart', 'wordForward').cursor).toBe(5); // after "tmp"
  });

  it('deletes back, forward, to either end and the word before', () => {
    expect(run(at('abc', 2), 'deleteBack')).toEqual(at('ac', 1));
    expect(run(at('abc', 0), 'deleteBack')).toEqual(at('abc', 0));
    expect(run(at('abc', 1), 'deleteForward')).toEqual(at('ac', 1));
    expect(run(at('abc', 3), 'deleteForward')).toEqual(at('abc', 3));
    expect(run(at('./grp-1-pages.ndjson', 20), 'deleteToStart')).toEqual(at('', 0));
    expect(run(at('abc def', 3), 'deleteToStart')).toEqual(at(' def', 0));
    expect(run(at('abc def', 3), 'deleteToEnd')).toEqual(at('abc', 3));
    expect(run(at('one two  ', 9), 'deleteWordBack')).toEqual(at('one ', 4));
  });

  it('inserts at the cursor, counting characters outside the BMP as one', () => {
    expect(insertText(at('ac', 1), 'b')).toEqual(at('abc', 2));
    expect(run(insertText(at('', 0), 'a🌍b'), 'charBack', 'deleteBack')).toEqual(at('ab', 1));
  });

  it('is not a line edit for other commands', () => {
    expect(editLine(at('a', 1), 'submit')).toBeUndefined();
  });
});

describe('walkHistory', () => {
  const entries = ['one', 'two', 'three'];
  it('walks older then newer, and gives the typed line back at the end', () => {
    const first = walkHistory(entries, undefined, 'dra', -1);
    expect(first?.value).toBe('three');
    const second = walkHistory(entries, first?.walk, 'three', -1);
    expect(second?.value).toBe('two');
    const back = walkHistory(entries, second?.walk, 'two', 1);
    expect(back?.value).toBe('three');
    expect(walkHistory(entries, back?.walk, 'three', 1)?.value).toBe('dra');
    expect(walkHistory(entries, undefined, 'x', 1)).toBeUndefined();
  });

  it('passes over the entry already shown', () => {
    expect(walkHistory(entries, undefined, 'three', -1)?.value).toBe('two');
  });
});

describe('decodeFieldInput', () => {
  it('splits a read into text and keys, in order: a paste ending in Enter, Backspace, Delete, Alt-b', () => {
    expect(decodeFieldInput('KEY\n', 'keyEntry')).toEqual([{ text: 'KEY' }, { command: 'submit', id: 's:return', end: 4 }]);
    expect(decodeFieldInput('ab\u007fc', 'export')).toEqual([{ text: 'ab' }, { command: 'deleteBack', id: 's:delete', end: 3 }, { text: 'c' }]);
    expect(decodeFieldInput('\u001b[3~', 'filter')).toEqual([{ command: 'deleteForward', id: 's:deleteForward', end: 4 }]);
    expect(decodeFieldInput('\u001bb', 'filter')).toEqual([{ command: 'wordBack', id: 'M-b', end: 2 }]);
    expect(decodeFieldInput('\u0015x', 'export')).toEqual([{ command: 'deleteToStart', id: '^u', end: 1 }, { text: 'x' }]);
  });

  it('reads Ctrl-d as readline does: delete the character under the cursor, in every text field', () => {
    for (const context of TEXT_CONTEXTS) expect(decodeFieldInput('\u0004', context), context).toEqual([{ command: 'deleteForward', id: '^d', end: 1 }]);
  });

  it('reads Esc then an unbound letter as Esc and the letter', () => {
    expect(decodeFieldInput('\u001bx', 'filter')).toEqual([{ command: 'cancel', id: 's:escape', end: 1 }, { text: 'x' }]);
  });

  it('takes the history keys of each prompt: arrows in the export prompt, Ctrl-P in the filter', () => {
    expect(decodeFieldInput('\u001b[A', 'export')).toEqual([{ command: 'olderEntry', id: 's:upArrow', end: 3 }]);
    expect(decodeFieldInput('\u001b[A', 'filter')).toEqual([{ command: 'moveUp', id: 's:upArrow', end: 3 }]);
    expect(decodeFieldInput('\u0010', 'filter')).toEqual([{ command: 'olderFilter', id: '^p', end: 1 }]);
  });
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('TextField in ink', () => {
  it('keeps every character written one per read with no wait, and submits the whole line', async () => {
    const submitted: string[] = [];
    const changes: string[] = [];
    const r = render(<TextField context="export" onChange={(v) => changes.push(v)} onSubmit={(v) => submitted.push(v)} />);
    for (let i = 0; i < 50 && r.stdin.listenerCount('readable') === 0; i++) await tick();
    const typed = 'abcdefghijklmnopqrstuvwxyz0123';
    for (const ch of typed) r.stdin.write(ch);
    r.stdin.write('\r');
    for (let i = 0; i < 50 && submitted.length === 0; i++) await tick();
    expect(submitted).toEqual([typed]);
    expect(changes.at(-1)).toBe(typed);
    r.unmount();
  });

  it('keeps keys typed apart when its owner has not drawn the text it was told yet', async () => {
    const changes: string[] = [];
    // The owner holds 'form' and draws nothing new after a change: the field must not take 'form' back.
    const r = render(<TextField context="filter" value="form" onChange={(v) => changes.push(v)} />);
    for (let i = 0; i < 50 && r.stdin.listenerCount('readable') === 0; i++) await tick();
    r.stdin.write(' ');
    for (let i = 0; i < 50 && !(r.lastFrame() ?? '').startsWith('form  '); i++) await tick();
    r.stdin.write('1');
    for (let i = 0; i < 50 && changes.length < 2; i++) await tick();
    expect(changes).toEqual(['form ', 'form 1']);
    r.stdin.write('\u007f');
    r.stdin.write('\u007f');
    for (let i = 0; i < 50 && changes.length < 4; i++) await tick();
    expect(changes.slice(2)).toEqual(['form ', 'form']);
    r.unmount();
  });

  it('masks every character', async () => {
    const r = render(<TextField context="keyEntry" mask="•" />);
    for (let i = 0; i < 50 && r.stdin.listenerCount('readable') === 0; i++) await tick();
    r.stdin.write('secret');
    for (let i = 0; i < 50 && !(r.lastFrame() ?? '').includes('••••••'); i++) await tick();
    expect(r.lastFrame()).toContain('••••••');
    expect(r.lastFrame()).not.toContain('secret');
    r.unmount();
  });
});

describe('the key table lists the editing keys of every prompt', () => {
  it('has the readline keys in each text context, and history keys where a prompt keeps one', () => {
    const labels = (context: KeyContext) => helpLines(BINDINGS, [context]).flatMap((g) => g.rows.map((r) => r.label));
    const readline = ['Ctrl-a / Home', 'Ctrl-e / End', 'Ctrl-b / ←', 'Ctrl-f / →', 'Alt-b', 'Alt-f', 'Bksp', 'Delete / Ctrl-d', 'Ctrl-u', 'Ctrl-k', 'Ctrl-w'];
    for (const context of TEXT_CONTEXTS) expect(labels(context), context).toEqual(expect.arrayContaining(readline));
    expect(labels('filter')).toEqual(expect.arrayContaining(['Ctrl-p', 'Ctrl-n', 'k / ↑']));
    expect(labels('export')).toEqual(expect.arrayContaining(['↑ / Ctrl-p', '↓ / Ctrl-n']));
    expect(labels('keyEntry')).not.toContain('↑ / Ctrl-p');
  });
});
