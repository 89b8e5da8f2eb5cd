/**
 * The line editing every prompt shares, as pure functions on `{ value, cursor }` (the cursor counts
 * code points): readline's moves and deletions, and a history walk that keeps the line being typed.
 */
import type { Command } from '../keys/bindings.js';
import { typedText } from '../../text/typed-text.js';

export interface LineState {
  readonly value: string;
  /** Code points before the cursor. */
  readonly cursor: number;
}

export const lineAtEnd = (value: string): LineState => ({ value, cursor: Array.from(value).length });

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

/** Where Alt-b lands: the start of the word before the cursor (readline: letters and digits). */
function wordStartBefore(chars: readonly string[], cursor: number): number {
  let i = cursor;
  while (i > 0 && !isWordChar(chars[i - 1])) i--;
  while (i > 0 && isWordChar(chars[i - 1])) i--;
  return i;
}

/** Where Alt-f lands: the end of the word after the cursor. */
function wordEndAfter(chars: readonly string[], cursor: number): number {
  let i = cursor;
  while (i < chars.length && !isWordChar(chars[i])) i++;
  while (i < chars.length && isWordChar(chars[i])) i++;
  return i;
}

/** Where Ctrl-w deletes back to: the start of the whitespace-separated word before the cursor. */
function spaceWordStartBefore(chars: readonly string[], cursor: number): number {
  let i = cursor;
  while (i > 0 && /\s/u.test(chars[i - 1] ?? '')) i--;
  while (i > 0 && !/\s/u.test(chars[i - 1] ?? '')) i--;
  return i;
}

const make = (chars: readonly string[], cursor: number): LineState => ({ value: chars.join(''), cursor });

/** Inserts typed or pasted text at the cursor, without the characters a prompt must not echo (text/typed-text.ts). */
export function insertText(state: LineState, text: string): LineState {
  const chars = Array.from(state.value);
  const added = Array.from(typedText(text));
  chars.splice(state.cursor, 0, ...added);
  return make(chars, state.cursor + added.length);
}

/** Applies an editing command; undefined when `command` is not one. */
export function editLine(state: LineState, command: Command): LineState | undefined {
  const chars = Array.from(state.value);
  const at = Math.min(state.cursor, chars.length);
  switch (command) {
    case 'lineStart': return make(chars, 0);
    case 'lineEnd': return make(chars, chars.length);
    case 'charBack': return make(chars, Math.max(0, at - 1));
    case 'charForward': return make(chars, Math.min(chars.length, at + 1));
    case 'wordBack': return make(chars, wordStartBefore(chars, at));
    case 'wordForward': return make(chars, wordEndAfter(chars, at));
    case 'deleteBack': return at === 0 ? state : make([...chars.slice(0, at - 1), ...chars.slice(at)], at - 1);
    case 'deleteForward': return make([...chars.slice(0, at), ...chars.slice(at + 1)], at);
    case 'deleteToStart': return make(chars.slice(at), 0);
    case 'deleteToEnd': return make(chars.slice(0, at), at);
    case 'deleteWordBack': {
      const from = spaceWordStartBefore(chars, at);
      return make([...chars.slice(0, from), ...chars.slice(at)], from);
    }
    default: return undefined;
  }
}

/** Where a history walk stands: `index` = entries.length is the line being typed (kept in `draft`). */
export interface HistoryWalk {
  readonly index: number;
  readonly draft: string;
}

/**
 * One step through `entries` (oldest first): -1 older, +1 newer, passing over entries equal to the
 * line shown (the export prompt opens with the newest). Undefined when there is nowhere to go.
 */
export function walkHistory(
  entries: readonly string[],
  walk: HistoryWalk | undefined,
  current: string,
  step: -1 | 1,
): { walk: HistoryWalk; value: string } | undefined {
  const from = walk ?? { index: entries.length, draft: current };
  let index = from.index + step;
  while (index >= 0 && index < entries.length && entries[index] === current) index += step;
  if (index < 0 || index > entries.length) return undefined;
  return { walk: { ...from, index }, value: index === entries.length ? from.draft : (entries[index] ?? '') };
}
