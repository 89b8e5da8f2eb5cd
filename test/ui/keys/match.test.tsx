import { describe, expect, it } from 'vitest';
import React from 'react';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { BINDINGS, commandsFor, helpLines, hintLine, shortLabel, useKeyCommands, type Command } from '../../../src/ui/keys/index.js';
import { displayWidth } from '../../../src/text/index.js';


describe('commandsFor (raw input on the list)', () => {
  it('maps single letters, case-sensitively', () => {
    expect(commandsFor('j')).toEqual(['moveDown']);
    expect(commandsFor('g')).toEqual(['top']);
    expect(commandsFor('G')).toEqual(['bottom']);
    expect(commandsFor('y')).toEqual(['copyId']);
    expect(commandsFor('Y')).toEqual(['copyJson']);
    expect(commandsFor('L')).toEqual(['login']);
    expect(commandsFor('/')).toEqual(['filter']);
    expect(commandsFor('?')).toEqual(['help']);
    expect(commandsFor('0')).toEqual(['statusAll']);
    expect(commandsFor('2')).toEqual(['statusPublished']);
  });

  it('returns one command per character of a multi-key chunk, in order', () => {
    expect(commandsFor('jjjk')).toEqual(['moveDown', 'moveDown', 'moveDown', 'moveUp']);
    expect(commandsFor('jxj')).toEqual(['moveDown', 'moveDown']);
  });

  it('decodes control bytes inside a chunk, in order', () => {
    expect(commandsFor('jj\r')).toEqual(['moveDown', 'moveDown', 'open']);
    expect(commandsFor('\u0004\u0015')).toEqual(['halfPageDown', 'halfPageUp']);
    expect(commandsFor('\u007f\u007f')).toEqual(['back', 'back']);
    expect(commandsFor('\n')).toEqual(['open']);
  });

  it('decodes the special keys', () => {
    expect(commandsFor('\u001b[B')).toEqual(['moveDown']);
    expect(commandsFor('\u001b[A')).toEqual(['moveUp']);
    expect(commandsFor('\u001b[6~')).toEqual(['pageDown']);
    expect(commandsFor('\u001b[H')).toEqual(['top']);
    expect(commandsFor('\u001b[F')).toEqual(['bottom']);
    expect(commandsFor('\r')).toEqual(['open']);
    expect(commandsFor('\u001b')).toEqual(['back']);
    expect(commandsFor('\u007f')).toEqual(['back']);
    expect(commandsFor('\b')).toEqual(['back']);
    expect(commandsFor('\t')).toEqual(['loadAll']);
  });

  it('maps ctrl combinations, and reads alt+letter as Esc then the letter', () => {
    expect(commandsFor('\u0004')).toEqual(['halfPageDown']);
    expect(commandsFor('\u0015')).toEqual(['halfPageUp']);
    expect(commandsFor('\u0003')).toEqual(['quit']);
    expect(commandsFor('\u001a')).toEqual(['suspend']);
    expect(commandsFor('\u0018')).toEqual([]);
    expect(commandsFor('\u001bj')).toEqual(['back', 'moveDown']);
  });

  it('decodes several escape sequences in one chunk', () => {
    expect(commandsFor('\u001b[B\u001b[B\u001b[A')).toEqual(['moveDown', 'moveDown', 'moveUp']);
    expect(commandsFor('\u001b[6~\u001b[5~\u001bOH\u001b[4~')).toEqual(['pageDown', 'pageUp', 'top', 'bottom']);
    expect(commandsFor('\u001b[1;5Bj\u001b')).toEqual(['moveDown', 'moveDown', 'back']);
    expect(commandsFor('\u001bjk')).toEqual(['back', 'moveDown', 'moveUp']);
  });

  it('ignores kitty key reports (releases among them)', () => {
    expect(commandsFor('\u001b[106;1:3u')).toEqual([]);
  });
});

/** Collects commands exactly as a screen would, through the app's one input reader on ink's stdin. */
function Recorder({ sink }: { readonly sink: Command[] }): React.JSX.Element {
  useKeyCommands('list', (presses) => {
    for (const press of presses) if (press.command) sink.push(press.command);
  });
  return <Text>ready</Text>;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the list\'s keys through the input reader in ink', () => {
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
  it('gives every command words for help; a command with more than one binding has them side by side, in contexts apart', () => {
    for (const b of BINDINGS) {
      expect(b.description.length).toBeGreaterThan(0);
      expect(b.keys.length).toBeGreaterThan(0);
    }
    const commands = BINDINGS.map((b) => b.command);
    for (const command of new Set(commands)) {
      const at = commands.flatMap((c, i) => (c === command ? [i] : []));
      const [first = 0] = at;
      expect(at, command).toEqual(at.map((_, i) => first + i));
      const own = at.map((i) => BINDINGS[i]!);
      const contexts = own.flatMap((b) => b.contexts);
      expect(new Set(contexts).size, command).toBe(contexts.length);
      expect(new Set(own.map((b) => `${b.description}\n${b.group}`)).size, command).toBe(1);
    }
    // Only paging has them: no Ctrl-f / Ctrl-b in the filter bar, where they move the cursor.
    expect([...new Set(commands.filter((c, i) => commands.indexOf(c) !== i))]).toEqual(['pageDown', 'pageUp']);
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
    // The ways to quit and to get help are the last to go.
    const narrow = hintLine(offered, 26);
    expect(narrow).toBe('Enter open  ? help  q quit');
    expect(hintLine(offered, 20)).toBe('? help  q quit');
    expect(displayWidth(narrow)).toBeLessThanOrEqual(26);
    expect(hintLine(offered, 3)).toBe('');
  });

  it('gives short labels for messages', () => {
    expect(shortLabel('refresh')).toBe('r');
    expect(shortLabel('back')).toBe('Esc');
  });
});
