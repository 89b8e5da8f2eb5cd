/** The one-line input shown above the status bar (filter, jump or export path), as plain state. */
import { hasControlChars } from '../../../text/sanitize.js';

export type InputBar =
  | { readonly kind: 'filter' }
  /** `:` — a page group id (on the group list) or a page id (in a group). */
  | { readonly kind: 'jump'; readonly text: string }
  /** `V` — the name to save the list's view under. */
  | { readonly kind: 'viewName'; readonly text: string }
  | {
      readonly kind: 'export';
      /** The path as typed. */
      readonly text: string;
      /** `checking`: whether the name is taken; `confirm`: it is, and the prompt asks "overwrite? y/N". */
      readonly stage: 'path' | 'checking' | 'confirm' | 'writing';
      /** Rows that will be written, and whether they are a filtered view. */
      readonly count: number;
      readonly filtered: boolean;
      /** The path as shown to the user (relative to the working directory when inside it). */
      readonly shownPath?: string;
      /** While writing: the rows written so far. */
      readonly done?: number;
      /** This list's default file name, the example offered when the path typed is a folder. */
      readonly defaultName?: string;
    };

/** What a text field received, after control characters were applied or dropped. */
export interface TypedText {
  readonly text: string;
  /** A Return (or newline) was typed: submit `text`. */
  readonly submit: boolean;
}

/**
 * The filter key and the query typed after it in one read ('/ab\r') reach the store as one string
 * (see route-keys), control bytes and all. This replays them: Backspace (DEL or BS)
 * deletes the character before it, Return ends the text and submits, and every other control
 * character is dropped, so the field never holds a control character.
 */
export function applyTyped(value: string): TypedText {
  if (!hasControlChars(value)) return { text: value, submit: false };
  const out: string[] = [];
  for (const ch of value) {
    if (ch === '\r' || ch === '\n') return { text: out.join(''), submit: true };
    if (ch === '\u007f' || ch === '\b') out.pop();
    else if (!hasControlChars(ch)) out.push(ch);
  }
  return { text: out.join(''), submit: false };
}
