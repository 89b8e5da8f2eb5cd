import { describe, expect, it } from 'vitest';
import React from 'react';
import { Text, useInput, type Key } from 'ink';
import { render } from 'ink-testing-library';
import { BINDINGS, commandsFor, helpLines, hintLine, shortLabel, type Command } from '../../../src/ui/keys/index.js';
import { displayWidth } from '../../../src/text/index.js';

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false,
  pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false,
  shift: false, tab: false, backspace: false, delete: false, meta: false, super: false,
  hyper: false, capsLock: false, numLock: false,
};
const key = (flags: Partial<Key>): Key => ({ ...NO_KEY, ...flags });

describe('commandsFor (as ink calls it)', () => {
  it('maps single letters, case-sensitively', () => {
    expect(commandsFor('j', NO_KEY)).toEqual(['moveDown']);
    expect(commandsFor('g', NO_KEY)).toEqual(['top']);
    expect(commandsFor('G', key({ shift: true }))).toEqual(['bottom']);
    expect(commandsFor('y', NO_KEY)).toEqual(['copyId']);
    expect(commandsFor('Y', key({ shift: true }))).toEqual(['copyJson']);
    expect(commandsFor('L', key({ shift: true }))).toEqual(['login']);
    expect(commandsFor('/', NO_KEY)).toEqual(['filter']);
    expect(commandsFor('?', NO_KEY)).toEqual(['help']);
    expect(commandsFor('0', NO_KEY)).toEqual(['statusAll']);
    expect(commandsFor('2', NO_KEY)).toEqual(['statusPublished']);
  });

  it('returns one command per character of a multi-key chunk, in order', () => {
    expect(commandsFor('jjjk', NO_KEY)).toEqual(['moveDown', 'moveDown', 'moveDown', 'moveUp']);
    expect(commandsFor('jxj', NO_KEY)).toEqual(['moveDown', 'moveDown']);
  });

  it('decodes control bytes inside a chunk (ink flags nothing there)', () => {
    expect(commandsFor('jj\r', NO_KEY)).toEqual(['moveDown', 'moveDown', 'open']);
    expect(commandsFor('\u0004\u0015', NO_KEY)).toEqual(['halfPageDown', 'halfPageUp']);
    expect(commandsFor('\u007f\u007f', NO_KEY)).toEqual(['back', 'back']);
    expect(commandsFor('\n', NO_KEY)).toEqual(['open']);
  });

  it('uses key flags for special keys', () => {
    expect(commandsFor('', key({ downArrow: true }))).toEqual(['moveDown']);
    expect(commandsFor('', key({ upArrow: true }))).toEqual(['moveUp']);
    expect(commandsFor('', key({ pageDown: true }))).toEqual(['pageDown']);
    expect(commandsFor('', key({ home: true }))).toEqual(['top']);
    expect(commandsFor('', key({ end: true }))).toEqual(['bottom']);
    expect(commandsFor('', key({ return: true }))).toEqual(['open']);
    expect(commandsFor('', key({ escape: true, meta: true }))).toEqual(['back']);
    expect(commandsFor('', key({ delete: true }))).toEqual(['back']);
    expect(commandsFor('', key({ backspace: true }))).toEqual(['back']);
    expect(commandsFor('', key({ tab: true }))).toEqual(['loadAll']);
  });

  it('maps ctrl combinations, and reads alt+letter as Esc then the letter', () => {
    expect(commandsFor('d', key({ ctrl: true }))).toEqual(['halfPageDown']);
    expect(commandsFor('u', key({ ctrl: true }))).toEqual(['halfPageUp']);
    expect(commandsFor('c', key({ ctrl: true }))).toEqual(['quit']);
    expect(commandsFor('z', key({ ctrl: true }))).toEqual(['suspend']);
    expect(commandsFor('x', key({ ctrl: true }))).toEqual([]);
    expect(commandsFor('j', key({ meta: true }))).toEqual(['back', 'moveDown']);
  });

  it('decodes raw escape sequences if a caller passes them unsplit', () => {
    expect(commandsFor('\u001b[B\u001b[B\u001b[A', NO_KEY)).toEqual(['moveDown', 'moveDown', 'moveUp']);
    expect(commandsFor('\u001b[6~\u001b[5~\u001bOH\u001b[4~', NO_KEY)).toEqual(['pageDown', 'pageUp', 'top', 'bottom']);
    expect(commandsFor('\u001b[1;5Bj\u001b', NO_KEY)).toEqual(['moveDown', 'moveDown', 'back']);
    expect(commandsFor('\u001bjk', NO_KEY)).toEqual(['back', 'moveDown', 'moveUp']);
  });

  it('ignores kitty key release events', () => {
    expect(commandsFor('j', key({ eventType: 'release' }))).toEqual([]);
  });
});

/** Collects commands exactly as a screen would, through ink's real input pipeline. */
function Recorder({ sink }: { readonly sink: Command[] }): React.JSX.Element {
  useInput((input, k) => {
    sink.push(...commandsFor(input, k));
  });
  return <Text>ready</Text>;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('commandsFor through ink 6.8 useInput', () => {
  it('handles several escape sequences and letters arriving in one chunk', async () => {
    const sink: Command[] = [];
    const { stdin, unmount } = render(<Recorder sink={sink} />);
    await tick();
    stdin.write('\u001b[B\u001b[Bjjk\r');
    await tick();
    stdin.write('\u0004');
    await tick();
    stdin.write('G');
    await tick();
    unmount();
    expect(sink).toEqual(['moveDown', 'moveDown', 'moveDown', 'moveDown', 'moveUp', 'open', 'halfPageDown', 'bottom']);
  });
});

describe('help and hints', () => {
  it('gives every command exactly one binding with words for help', () => {
    const commands = BINDINGS.map((b) => b.command);
    expect(new Set(commands).size).toBe(commands.length);
    for (const b of BINDINGS) {
      expect(b.description.length).toBeGreaterThan(0);
      expect(b.keys.length).toBeGreaterThan(0);
    }
  });

  it('groups help rows and uses plain words', () => {
    const groups = helpLines();
    expect(groups.map((g) => g.group)).toEqual(['Navigation', 'Actions', 'General']);
    const descriptions = groups.flatMap((g) => g.rows.map((r) => r.description));
    for (const words of ['filter', 'copy id', 'copy as JSON', 'export', 'sort', 'move down']) {
      expect(descriptions).toContain(words);
    }
    expect(groups[0]?.rows[0]).toEqual({ label: 'j / ↓', description: 'move down' });
  });

  it('builds a hint line from hint-marked commands that fits the width', () => {
    const offered: Command[] = ['moveDown', 'open', 'filter', 'help', 'quit'];
    expect(hintLine(offered, 80)).toBe('Enter open  / filter  ? help  q quit');
    const narrow = hintLine(offered, 20);
    expect(narrow).toBe('Enter open  / filter');
    expect(displayWidth(narrow)).toBeLessThanOrEqual(20);
    expect(hintLine(offered, 3)).toBe('');
  });

  it('gives short labels for messages', () => {
    expect(shortLabel('refresh')).toBe('r');
    expect(shortLabel('back')).toBe('Esc');
  });
});
