/**
 * The KEYS lines of `pagetui --help`: the main keys of the lists in the table in effect, so a key
 * the config's `"keys"` moved is named where it now is (as the app's help and `pagetui keys` do).
 */
import type { Binding, Command } from '../keys/bindings.js';
import { keysLabel } from '../keys/help.js';

const QUICK: readonly (readonly [Command, string])[] = [
  ['open', 'open'],
  ['details', 'details'],
  ['back', 'back'],
  ['refresh', 'retry/refresh'],
  ['bottom', 'end'],
  ['jump', 'jump'],
  ['login', 'new key'],
  ['quit', 'quit'],
];

/** The keys of `command` on the lists, as help names them ('j', '↓', 'Ctrl-g'). */
const listKeys = (bindings: readonly Binding[], command: Command): string[] => {
  const binding = bindings.find((b) => b.command === command && b.contexts.includes('list'));
  return binding ? keysLabel(binding.keys).split(' / ') : [];
};

/** The moves in a few words: 'j/k or arrows move' with the defaults. */
function movesText(bindings: readonly Binding[]): string | undefined {
  const down = listKeys(bindings, 'moveDown');
  const up = listKeys(bindings, 'moveUp');
  const arrows = down.includes('↓') && up.includes('↑');
  const [downKey = '↓'] = down.filter((k) => k !== '↓');
  const [upKey = '↑'] = up.filter((k) => k !== '↑');
  if (down.length === 0 || up.length === 0) return undefined;
  if (arrows && downKey === '↓' && upKey === '↑') return 'arrows move';
  return `${downKey}/${upKey}${arrows ? ' or arrows' : ''} move`;
}

/** The heading and the line of keys, e.g. 'KEYS (press ? in the app for all)' and 'j/k or arrows move · Enter open · …'. */
export function quickKeys(bindings: readonly Binding[]): { readonly helpKey: string; readonly line: string } {
  const moves = movesText(bindings);
  const rest = QUICK.flatMap(([command, words]) => {
    const [key] = listKeys(bindings, command);
    return key === undefined ? [] : [`${key} ${words}`];
  });
  return { helpKey: listKeys(bindings, 'help')[0] ?? '?', line: [...(moves ? [moves] : []), ...rest].join(' · ') };
}
