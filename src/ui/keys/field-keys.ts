/**
 * How a text field reads the keyboard: every segment, in order, as typed text and key commands
 * of its context. A run of plain bytes (a paste, fast typing) is text up to its first control
 * key, which is a key of its own (a pasted newline submits); Backspace (DEL) and the Delete key
 * (ESC [ 3 ~) stay apart; ESC + letter is Alt+letter where the field binds it.
 */
import { useCallback, useRef } from 'react';
import { InputDecoder, type KeyId, type KeySegment } from '../input/decoder.js';
import type { InputListener } from '../input/terminal-input.js';
import { useInputEvents } from '../input/use-input-events.js';
import type { Command, KeyContext } from './bindings.js';
import { matcherFor } from './match.js';

/** One piece of a read: text to insert, or a key with its command in the field's context. */
export type FieldInput =
  | { readonly text: string }
  | { readonly command: Command | undefined; readonly id: KeyId; /** Offset in the segment's bytes just after the key. */ readonly end: number };

/** The pieces of one segment for a field of `context`: text runs and keys, in the order they came. */
export function fieldInputs(segment: KeySegment, context: KeyContext): FieldInput[] {
  const matcher = matcherFor(context);
  const out: FieldInput[] = [];
  let text = '';
  const key = (id: KeyId, end: number): void => {
    if (text !== '') out.push({ text });
    text = '';
    out.push({ command: matcher.commandOf(id), id, end });
  };
  let start = 0;
  for (const decoded of segment.keys) {
    const escapeEnd = start + 1;
    start = decoded.end;
    const char = decoded.id.startsWith('c:') ? decoded.id.slice(2) : undefined;
    if (decoded.alt) {
      if (char !== undefined && /^[a-zA-Z]$/.test(char) && matcher.commandOf(`M-${char}`) !== undefined) {
        key(`M-${char}`, decoded.end);
        continue;
      }
      // Alt with a key the field does not bind: Esc pressed just before that key.
      key('s:escape', escapeEnd);
    }
    if (char !== undefined) {
      text += char;
      continue;
    }
    key(decoded.inField ?? decoded.id, decoded.end);
  }
  if (text !== '') out.push({ text });
  return out;
}

/** Decodes raw input for a field of `context` (as if it came in one read, nothing more to come). */
export function decodeFieldInput(input: string, context: KeyContext): FieldInput[] {
  const decoder = new InputDecoder();
  return [...decoder.push(input), ...decoder.flush()].flatMap((event) => (event.kind === 'keys' ? fieldInputs(event, context) : []));
}

/**
 * Calls `onInput` with every segment while `active`, decoded for a field of `context`. The handler
 * is read through a ref, so a read arriving before React re-rendered still reaches the latest one.
 */
export function useFieldKeys(context: KeyContext, onInput: (inputs: readonly FieldInput[]) => void, active = true): void {
  const handler = useRef(onInput);
  handler.current = onInput;
  const listener = useCallback(
    (event: Parameters<InputListener>[0]): void => {
      if (event.kind !== 'keys') return;
      const inputs = fieldInputs(event, context);
      if (inputs.length > 0) handler.current(inputs);
    },
    [context],
  );
  useInputEvents(listener, active);
}
