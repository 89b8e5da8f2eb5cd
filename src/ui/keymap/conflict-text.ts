/** The sentences the keymap says about a clash, each ending with the file and line of the entries. */
import type { Command } from '../keys/bindings.js';
import type { Conflict } from './conflicts.js';
import type { OwnCommand } from './own-commands.js';

/** Where an entry is in the config file, as `file:line`: `['keys', 'moveDown']`, `['commands', 2]`. */
export type ConfigPlace = (path: readonly [string] | readonly [string, string | number]) => string;

/** 'config.json:5 and line 6' for two entries of one file. */
function joinPlaces(places: readonly string[]): string {
  const [first, second] = places;
  if (first === undefined || second === undefined) return first ?? '';
  const file = first.slice(0, first.lastIndexOf(':'));
  return second.startsWith(`${file}:`) ? `${first} and line ${second.slice(file.length + 1)}` : `${first} and ${second}`;
}

export function conflictTexts(own: readonly OwnCommand[], place: ConfigPlace) {
  const ownOf = (command: Command): OwnCommand | undefined => own.find((c) => `custom:${c.index}` === command);
  const nameOf = (command: Command): string => {
    const mine = ownOf(command);
    return mine ? `your command commands[${mine.index}] (${JSON.stringify(mine.description)})` : command;
  };
  const placeOf = (conflict: Conflict, command: Command): string | undefined => {
    const mine = ownOf(command);
    if (mine) return place(['commands', mine.index]);
    return conflict.changed.includes(command) ? place(['keys', command]) : undefined;
  };
  const placesOf = (conflict: Conflict, commands: readonly Command[]): string =>
    joinPlaces([...new Set(commands.map((c) => placeOf(conflict, c)).filter((p): p is string => p !== undefined))]);
  return {
    /** Two entries on one key: both go back (a command of the user's own is left out). */
    clash(conflict: Conflict): string {
      const back = (command: Command): string => (ownOf(command) ? `${nameOf(command)} is left out` : `${command} keeps its default keys`);
      return `${JSON.stringify(conflict.key)} is bound to both ${nameOf(conflict.first)} and ${nameOf(conflict.second)} in context ${conflict.context}; ${back(conflict.first)} and ${back(conflict.second)} (${placesOf(conflict, [conflict.first, conflict.second])}).`;
    },
    /** An action back on its defaults after a clash does without a key the user gave to `keeper`. */
    leftTo(conflict: Conflict, back: Command, keeper: Command): string {
      return `${JSON.stringify(conflict.key)} stays with ${nameOf(keeper)}; ${back}, back on its default keys, goes without it in context ${conflict.context} (${placesOf(conflict, [keeper])}).`;
    },
  };
}
