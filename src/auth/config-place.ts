/**
 * Where an entry of the config file is, for messages that name its line: `['keys', 'moveDown']`
 * is the line of `"moveDown"` inside the top-level `"keys"`, and `['commands', 2]` the line where
 * the third command starts. Only the first two
 * levels are located; an entry not found gives its parent's line, then line 1.
 */

import { topEntryStarts } from '../config-schema/json-edit.js';

type Path = readonly [string] | readonly [string, string | number];

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;


/** `file:line` of config entries in one file's text (its entries located once). */
export function configPlaces(file: string, text: string): (path: Path) => string {
  let offsets: Map<string, number> | undefined;
  return (path) => {
    offsets ??= topEntryStarts(text);
    const at = offsets.get(path.join('\n')) ?? offsets.get(path[0]);
    return `${file}:${at === undefined ? 1 : lineAt(text, at)}`;
  };
}
