import { describe, expect, it } from 'vitest';
import { BINDINGS, type Binding } from '../../../src/ui/keys/bindings.js';
import { createMatcher } from '../../../src/ui/keys/match.js';
import { findConflicts } from '../../../src/ui/keymap/conflicts.js';
import { keyNameOf, parseKeyName } from '../../../src/ui/keymap/key-names.js';
import { buildKeymap } from '../../../src/ui/keymap/keymap.js';
import { configPlaces } from '../../../src/auth/config-place.js';

const place = (path: readonly (string | number)[]): string => `config.json:${path.join('.')}`;
const keysOf = (bindings: readonly Binding[], command: string): string[] =>
  bindings.filter((b) => b.command === command).flatMap((b) => b.keys.map(keyNameOf));

describe('key names', () => {
  it.each([
    ['j', [{ char: 'j' }]],
    ['G', [{ char: 'G' }]],
    ['/', [{ char: '/' }]],
    ['ctrl-d', [{ ctrl: 'd' }]],
    ['Ctrl-D', [{ ctrl: 'd' }]],
    ['alt-b', [{ alt: 'b' }]],
    ['enter', [{ special: 'return' }]],
    ['ESC', [{ special: 'escape' }]],
    ['pgdn', [{ special: 'pageDown' }]],
    ['pagedown', [{ special: 'pageDown' }]],
    ['f5', [{ special: 'f5' }]],
    ['space', [{ char: ' ' }]],
    ['up', [{ special: 'upArrow' }]],
  ])('%s', (name, keys) => {
    expect(parseKeyName(name)).toEqual({ keys });
  });

  it.each(['', 'jj', 'ctrl-', 'ctrl-1', 'hyper-x', 'f13', '\u0007', '\u202e', ' ', 'shift-tab'])('%j is not a key name', (name) => {
    expect(parseKeyName(name)).toEqual({ problem: 'is not a key name' });
  });

  it('refuses a control letter the terminal sends as another key', () => {
    expect(parseKeyName('ctrl-j')).toEqual({ problem: 'is the same key as enter to the terminal' });
    expect(parseKeyName('ctrl-i')).toEqual({ problem: 'is the same key as tab to the terminal' });
  });

  it('writes each key back as it is read', () => {
    for (const name of ['j', 'G', 'ctrl-d', 'alt-b', 'enter', 'esc', 'tab', 'space', 'pgup', 'pgdn', 'home', 'end', 'f12', 'up', 'left']) {
      const parsed = parseKeyName(name);
      expect('keys' in parsed && parsed.keys.map(keyNameOf)).toEqual([name]);
    }
  });
});

describe('conflicts', () => {
  it('finds none in the default table', () => {
    expect(findConflicts(BINDINGS, () => true)).toEqual([]);
  });

  it('names both actions, the key and the context', () => {
    const { bindings, problems } = buildKeymap({ keys: { copyId: 'j' } }, place);
    expect(problems).toEqual(['"j" is bound to both moveDown and copyId in context list; moveDown keeps its default keys and copyId keeps its default keys (config.json:keys.copyId).']);
    expect(keysOf(bindings, 'copyId')).toEqual(['y']);
    expect(keysOf(bindings, 'moveDown')).toEqual(['j', 'down']);
  });

  it('puts both remapped actions of a clashing pair back to their defaults', () => {
    const { bindings, problems } = buildKeymap({ keys: { moveDown: 'x', sort: 'x', quit: 'ctrl-q' } }, place);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('"x" is bound to both moveDown and sort in context list');
    expect(problems[0]).toContain('(config.json:keys.moveDown and line keys.sort)');
    expect(keysOf(bindings, 'moveDown')).toEqual(['j', 'down']);
    expect(keysOf(bindings, 'sort')).toEqual(['s']);
    expect(keysOf(bindings, 'quit')).toEqual(['ctrl-q']);
  });

  it('reports three actions on one key as one clash naming all three, each with its line; all three go back', () => {
    const { bindings, problems } = buildKeymap({ keys: { sort: 'X', refresh: 'X', watch: 'X', quit: 'ctrl-q' } }, place);
    expect(problems).toEqual([
      '"X" is bound to all of sort, refresh and watch in context list (every pair of them clashes); sort keeps its default keys, refresh keeps its default keys and watch keeps its default keys (config.json:keys.sort, line keys.refresh and line keys.watch).',
    ]);
    expect(keysOf(bindings, 'sort')).toEqual(['s']);
    expect(keysOf(bindings, 'refresh')).toEqual(['r']);
    expect(keysOf(bindings, 'watch')).toEqual(['w']);
    expect(keysOf(bindings, 'quit')).toEqual(['ctrl-q']);
  });

  it('names every action on a key a default holds too, and which of them go back', () => {
    const { bindings, problems } = buildKeymap({ keys: { copyId: 'j', help: 'j' } }, place);
    expect(problems).toEqual([
      '"j" is bound to all of moveDown, copyId and help in context list (every pair of them clashes); moveDown keeps its default keys, copyId keeps its default keys and help keeps its default keys (config.json:keys.copyId and line keys.help).',
    ]);
    expect(keysOf(bindings, 'moveDown')).toEqual(['j', 'down']);
    expect(keysOf(bindings, 'help')).toEqual(['?']);
  });

  it('says which pairs clash when two commands of your own on different screens share a key with an action', () => {
    const own = [
      { key: 'X', screen: 'groups', description: 'A', argv: ['a'] },
      { key: 'X', screen: 'pages', description: 'B', argv: ['b'] },
    ];
    const { ownCommands, problems } = buildKeymap({ keys: { sort: 'X' }, commands: own }, place);
    expect(problems).toEqual([
      '"X" is bound to all of sort, your command commands[0] ("A") and your command commands[1] ("B") in context list (your commands on different screens do not clash with each other); sort keeps its default keys, your command commands[0] ("A") is left out and your command commands[1] ("B") is left out (config.json:keys.sort, line commands.0 and line commands.1).',
    ]);
    expect(ownCommands).toEqual([]);
  });

  it('reports a command of your own that takes a built-in key, and leaves it out', () => {
    const { ownCommands, problems } = buildKeymap({ commands: [{ key: 'r', screen: 'pages', description: 'Open', argv: ['open', '{pageId}'] }] }, place);
    expect(ownCommands).toEqual([]);
    expect(problems[0]).toBe('"r" is bound to both refresh and your command commands[0] ("Open") in context list; refresh keeps its default keys and your command commands[0] ("Open") is left out (config.json:commands.0).');
  });

  it('lets two commands of your own share a key on different screens of the list', () => {
    const own = [
      { key: 'o', screen: 'groups', description: 'A', argv: ['a'] },
      { key: 'o', screen: 'pages', description: 'B', argv: ['b'] },
    ];
    const { ownCommands, problems } = buildKeymap({ commands: own }, place);
    expect(problems).toEqual([]);
    expect(ownCommands).toHaveLength(2);
  });

  it('frees a key moved away, so another action may take it', () => {
    const { bindings, problems } = buildKeymap({ keys: { moveDown: ['J', 'down'], copyId: 'j' } }, place);
    expect(problems).toEqual([]);
    expect(createMatcher('list', bindings).commandOf('c:j')).toBe('copyId');
    expect(createMatcher('list', bindings).commandOf('c:J')).toBe('moveDown');
    // In the filter bar letters are text: moveDown keeps ↓ there.
    expect(createMatcher('filter', bindings).commandOf('s:downArrow')).toBe('moveDown');
  });
});

describe('bad entries', () => {
  it('reports an unknown action, an unknown key name and an empty list, each with its place', () => {
    const { problems, bindings } = buildKeymap({ keys: { moveDwon: 'j', quit: 'ctrl-j', sort: [], top: 'hyper-g' } }, place);
    expect(problems).toEqual([
      '"moveDwon" is not an action (`pagetui keys` lists them); the entry is ignored (config.json:keys.moveDwon).',
      '"ctrl-j" (for quit) is the same key as enter to the terminal; quit keeps its default keys (q, ctrl-c) (config.json:keys.quit).',
      'sort would have no key left; sort keeps its default keys (s) (config.json:keys.sort).',
      '"hyper-g" (for top) is not a key name; top keeps its default keys (g, home) (config.json:keys.top).',
    ]);
    expect(bindings).toEqual(BINDINGS);
  });

  it('writes an invisible key name with escapes, so the message shows what was written', () => {
    const { problems } = buildKeymap({ keys: { top: '\u200b', bottom: 'x\u202e', help: '\u00a0' } }, place);
    expect(problems).toEqual([
      '"\\u200b" (for top) is not a key name; top keeps its default keys (g, home) (config.json:keys.top).',
      '"x\\u202e" (for bottom) is not a key name; bottom keeps its default keys (G, end) (config.json:keys.bottom).',
      '"\\u00a0" (for help) is not a key name; help keeps its default keys (?) (config.json:keys.help).',
    ]);
  });

  it('reports keys that cannot act anywhere the action acts', () => {
    const { problems } = buildKeymap({ keys: { switchKeyStore: 'x', quit: 'alt-q' } }, place);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('"x" cannot act where switchKeyStore acts');
  });

  it('reports a prompt action given only keys that cannot act in its text fields, and keeps its defaults everywhere', () => {
    const { bindings, problems } = buildKeymap({ keys: { submit: 'x', cancel: ['q', 'Q'] } }, place);
    expect(problems).toEqual([
      '"x" cannot act where submit acts (letters are text in a text field, alt- keys act only there); submit keeps its default keys (enter) (config.json:keys.submit).',
      '"q, Q" cannot act where cancel acts (letters are text in a text field, alt- keys act only there); cancel keeps its default keys (esc) (config.json:keys.cancel).',
    ]);
    expect(keysOf(bindings, 'submit')).toEqual(['enter']);
    expect(keysOf(bindings, 'cancel')).toEqual(['esc']);
  });

  it('takes a prompt action given a letter and a key that acts in its text fields, and a browsing action given letters', () => {
    const { bindings, problems } = buildKeymap({ keys: { submit: ['x', 'f5'], moveDown: 'J' } }, place);
    expect(problems).toEqual([]);
    expect(keysOf(bindings, 'submit')).toEqual(['x', 'f5']);
    expect(keysOf(bindings, 'moveDown')).toContain('J');
  });

  it('reports an unknown placeholder in a command', () => {
    const { problems } = buildKeymap({ commands: [{ key: 'o', screen: 'groups', description: 'A', argv: ['a', '{pageId}', '{nope}'] }] }, place);
    expect(problems[0]).toContain('commands[0] "argv": {pageId} has no value on the groups screen');
  });

  it('refuses a command whose program is a placeholder: the server would choose what runs', () => {
    for (const program of ['{name}', '/usr/bin/{slug}', '{pageGroupId}-tool']) {
      const { ownCommands, problems } = buildKeymap({ commands: [{ key: 'o', screen: 'pages', description: 'A', argv: [program, '{pageId}'] }] }, place);
      expect(ownCommands).toEqual([]);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('the program (argv[0]) may not hold a placeholder');
      expect(problems[0]).toContain('config.json:commands.0');
    }
  });
});

describe('config places', () => {
  it('finds the line of an entry', () => {
    const text = '{\n  "keys": {\n    "moveDown": "x",\n    "sort": ["x"]\n  },\n  "commands": [\n    {"key": "o"},\n    {\n      "key": "p"\n    }\n  ]\n}\n';
    const at = configPlaces('/c.json', text);
    expect(at(['keys', 'sort'])).toBe('/c.json:4');
    expect(at(['keys', 'moveDown'])).toBe('/c.json:3');
    expect(at(['commands', 1])).toBe('/c.json:8');
    expect(at(['keys', 'absent'])).toBe('/c.json:2');
  });

  it('reads strings holding brackets, quotes and colons as strings', () => {
    const text = '{\n  "x": "{[\\"]}:,",\n  "keys": {\n    "a\\"{": 1,\n    "sort": [\n      "x"\n    ]\n  },\n  "commands": [1,\n    2]\n}\n';
    const at = configPlaces('/c.json', text);
    expect(at(['keys', 'a"{'])).toBe('/c.json:4');
    expect(at(['keys', 'sort'])).toBe('/c.json:5');
    expect(at(['commands', 1])).toBe('/c.json:10');
  });

  it('finds a line past a deeply nested value without overflowing the stack', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const text = `{\n  "other": ${deep},\n  "keys": {\n    "sort": "x"\n  }\n}\n`;
    expect(configPlaces('/c.json', text)(['keys', 'sort'])).toBe('/c.json:4');
  });
});

describe('many commands on one key', () => {
  it('reports them in one sentence that names the first few and counts the rest', () => {
    const commands = Array.from({ length: 2000 }, (_, i) => ({ key: 'a', screen: 'pages', description: `c${i}`, argv: ['x'] }));
    const { problems, ownCommands } = buildKeymap({ commands }, place);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^"a" is bound to all of your command commands\[0\] \("c0"\), .* and 1,994 more in context list \(every pair of them clashes\); .* and the 1,994 more are left out \(config\.json:commands\.0, .*line commands\.5 and 1,994 more\)\.$/);
    expect(ownCommands).toEqual([]);
  });
});

describe("a command's description", () => {
  it('is sanitised before help and the footer show it', () => {
    const { ownCommands } = buildKeymap({ commands: [{ key: 'o', screen: 'groups', description: 'Open \u001b[31mred\u202e', argv: ['x'] }] }, place);
    expect(ownCommands[0]?.description).toBe('Open red');
  });
});
