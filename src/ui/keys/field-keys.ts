/**
 * How a text field reads the keyboard: the raw bytes of every read, decoded in order into typed
 * text and key commands of its context. Ink's `useInput` cannot serve here: it hands a read holding
 * text and Enter (a paste ending in a newline) over as one unflagged string, and it reports the
 * Backspace key (DEL) and the Delete key (ESC [ 3 ~) alike. Reading the raw bytes keeps both apart
 * and keeps every character of a fast burst, in order.
 */
import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import type { Command, KeyContext } from './bindings.js';
import { controlId, decodeEscape, matcherFor, type KeyId } from './match.js';

/** One piece of a read: text to insert, or a key with its command in the field's context. */
export type FieldInput =
  | { readonly text: string }
  | { readonly command: Command | undefined; readonly id: KeyId };

/** The escape-sequence key a text field reads differently from the lists (the Delete key). */
const FIELD_SEQUENCES: Readonly<Record<string, KeyId>> = { '\u001b[3~': 's:deleteForward' };

/** A text field's key: DEL is Backspace (`s:delete` in the table), BS is Ctrl-h, ESC+letter is Alt+letter. */
function fieldKeyAt(input: string, i: number): { id: KeyId | undefined; length: number } {
  const code = input.codePointAt(i) ?? 0;
  if (code === 0x1b) {
    const rest = input.slice(i);
    const own = Object.keys(FIELD_SEQUENCES).find((seq) => rest.startsWith(seq));
    if (own !== undefined) return { id: FIELD_SEQUENCES[own], length: own.length };
    const next = rest[1];
    if (next !== undefined && /^[a-zA-Z]$/.test(next)) return { id: `M-${next}`, length: 2 };
    return decodeEscape(rest);
  }
  if (code === 0x08) return { id: '^h', length: 1 };
  return { id: controlId(String.fromCharCode(code), code), length: 1 };
}

/** Decodes one raw read for a field of `context`: text runs and keys, in the order they came. */
export function decodeFieldInput(input: string, context: KeyContext): FieldInput[] {
  const matcher = matcherFor(context);
  const out: FieldInput[] = [];
  let text = '';
  let i = 0;
  while (i < input.length) {
    const code = input.codePointAt(i) ?? 0;
    if (code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f)) {
      const ch = String.fromCodePoint(code);
      text += ch;
      i += ch.length;
      continue;
    }
    if (text !== '') out.push({ text });
    text = '';
    const { id, length } = fieldKeyAt(input, i);
    i += length;
    if (id === undefined) continue;
    // An Alt+letter the field does not bind is Esc pressed just before the letter (see match.ts).
    if (id.startsWith('M-') && matcher.commandOf(id) === undefined) {
      out.push({ command: matcher.commandOf('s:escape'), id: 's:escape' });
      text = id.slice(2);
      continue;
    }
    out.push({ command: matcher.commandOf(id), id });
  }
  if (text !== '') out.push({ text });
  return out;
}

/**
 * Calls `onInput` with every read while `active`, decoded for a field of `context`. The handler is
 * read through a ref, so a read arriving before React re-rendered still reaches the latest one.
 */
export function useFieldKeys(context: KeyContext, onInput: (inputs: readonly FieldInput[]) => void, active = true): void {
  const { internal_eventEmitter: emitter, setRawMode } = useStdin();
  const handler = useRef(onInput);
  handler.current = onInput;
  useEffect(() => {
    if (!active) return;
    setRawMode(true);
    return () => setRawMode(false);
  }, [active, setRawMode]);
  useEffect(() => {
    if (!active) return;
    const listener = (data: string): void => {
      const inputs = decodeFieldInput(data, context);
      if (inputs.length > 0) handler.current(inputs);
    };
    emitter.on('input', listener);
    return () => {
      emitter.removeListener('input', listener);
    };
  }, [active, context, emitter]);
}
