/** The sentences the keymap says about a clash, each ending with the file and line of the entries. */
import type { Command } from '../keys/bindings.js';
import { countText } from '../../text/count.js';
import type { Conflict } from './conflicts.js';
import type { OwnCommand } from './own-commands.js';

/** Where an entry is in the config file, as `file:line`: `['keys', 'moveDown']`, `['commands', 2]`. */
export type ConfigPlace = (path: readonly [string] | readonly [string, string | number]) => string;

/** Actions a clash names one by one; the rest are counted (a thousand commands on one key make one readable line). */
const NAMED = 6;

/** 'a', 'a and b', 'a, b and c'. */
function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** 'config.json:5, line 6 and line 7' for entries of one file (and `more` counted). */
function joinPlaces(places: readonly string[], more = 0): string {
  const [first] = places;
  if (first === undefined) return '';
  const file = first.slice(0, first.lastIndexOf(':'));
  const shown = places.map((p, i) => (i > 0 && p.startsWith(`${file}:`) ? `line ${p.slice(file.length + 1)}` : p));
  return joinWords(more > 0 ? [...shown, `${countText(more)} more`] : shown);
}

export function conflictTexts(own: readonly OwnCommand[], place: ConfigPlace) {
  const byCommand = new Map<Command, OwnCommand>(own.map((c) => [`custom:${c.index}`, c]));
  const nameOf = (command: Command): string => {
    const mine = byCommand.get(command);
    return mine ? `your command commands[${mine.index}] (${JSON.stringify(mine.description)})` : command;
  };
  const placeOf = (conflict: Conflict, command: Command): string | undefined => {
    const mine = byCommand.get(command);
    if (mine) return place(['commands', mine.index]);
    return conflict.changed.includes(command) ? place(['keys', command]) : undefined;
  };
  const placesOf = (conflict: Conflict, commands: readonly Command[], more = 0): string =>
    joinPlaces([...new Set(commands.map((c) => placeOf(conflict, c)).filter((p): p is string => p !== undefined))], more);
  const back = (command: Command): string => (byCommand.has(command) ? `${nameOf(command)} is left out` : `${command} keeps its default keys`);
  return {
    /**
     * Two or more entries on one key: each changed one goes back (a command of the user's own is
     * left out). Two: "bound to both a and b"; more: "bound to all of a, b and c", saying which pairs clash.
     */
    clash(conflict: Conflict): string {
      const { commands, key, context } = conflict;
      const named = commands.slice(0, NAMED);
      const rest = commands.slice(NAMED);
      const key_ = JSON.stringify(key);
      if (commands.length === 2) {
        return `${key_} is bound to both ${nameOf(commands[0] as Command)} and ${nameOf(commands[1] as Command)} in context ${context}; ${joinWords(commands.map(back))} (${placesOf(conflict, commands)}).`;
      }
      const more = rest.length > 0 ? [`${countText(rest.length)} more`] : [];
      const restBack = rest.length === 0 ? [] : [`the ${countText(rest.length)} more ${rest.every((c) => byCommand.has(c)) ? 'are left out' : rest.some((c) => byCommand.has(c)) ? 'keep their default keys or, if your own, are left out' : 'keep their default keys'}`];
      const pairs = conflict.everyPair ? 'every pair of them clashes' : "your commands on different screens do not clash with each other";
      const restPlaces = rest.filter((c) => placeOf(conflict, c) !== undefined).length;
      return `${key_} is bound to all of ${joinWords([...named.map(nameOf), ...more])} in context ${context} (${pairs}); ${joinWords([...named.map(back), ...restBack])} (${placesOf(conflict, named, restPlaces)}).`;
    },
    /** An action back on its defaults after a clash does without a key the user gave to `keeper`. */
    leftTo(conflict: Conflict, back: Command, keeper: Command): string {
      return `${JSON.stringify(conflict.key)} stays with ${nameOf(keeper)}; ${back}, back on its default keys, goes without it in context ${conflict.context} (${placesOf(conflict, [keeper])}).`;
    },
  };
}
