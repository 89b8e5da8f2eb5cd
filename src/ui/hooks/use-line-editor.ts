/**
 * The one text-input behaviour of every prompt (filter, export path, API key, jump): readline keys,
 * pastes in one read (a newline in them submits), history. The line lives in a ref updated on every
 * read, so reads arriving faster than React renders (or than the owner draws) never lose a character
 * or submit an old value.
 */
import { useReducer, useRef } from 'react';
import type { KeyContext } from '../keys/bindings.js';
import { useFieldKeys, type FieldInput } from '../keys/field-keys.js';
import { editLine, insertText, lineAtEnd, walkHistory, type HistoryWalk, type LineState } from './line-editor.js';

export interface LineEditorOptions {
  /** The key table context of the prompt (its editing keys, Enter, history keys). */
  readonly context: KeyContext;
  /**
   * The text as its owner holds it (e.g. the store). The field follows it when it changes other than
   * by typing here; omit it and the field keeps its own text.
   */
  readonly value?: string;
  readonly onChange?: (value: string) => void;
  /**
   * Enter, or a newline inside a paste (the text before it is kept). What came after it in the
   * same read is not the field's: the key router hands typed keys to what has the keys next, and
   * drops a paste's rest.
   */
  readonly onSubmit?: (value: string) => void;
  /** Earlier entries, oldest first, for the context's history keys. */
  readonly history?: readonly string[];
  readonly active?: boolean;
}

export function useLineEditor(options: LineEditorOptions): LineState {
  const line = useRef<LineState>(lineAtEnd(options.value ?? ''));
  const told = useRef(options.value ?? '');
  // The owner's text as last given: only a change of it is the owner's own edit. A value that merely
  // lags behind what was told (its owner has not drawn since) must not take typed keys back.
  const given = useRef(options.value);
  const walk = useRef<HistoryWalk | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;
  const [, redraw] = useReducer((n: number) => n + 1, 0);

  if (options.value !== given.current) {
    given.current = options.value;
    if (options.value !== undefined && options.value !== told.current) {
      line.current = lineAtEnd(options.value);
      told.current = options.value;
      walk.current = undefined;
    }
  }

  const tell = (): void => {
    if (line.current.value === told.current) return;
    told.current = line.current.value;
    latest.current.onChange?.(told.current);
  };

  const apply = (input: FieldInput): 'submit' | undefined => {
    if ('text' in input) {
      line.current = insertText(line.current, input.text);
      walk.current = undefined;
      return undefined;
    }
    const { command } = input;
    if (command === 'submit') return 'submit';
    if (command === 'olderEntry' || command === 'olderFilter' || command === 'newerEntry' || command === 'newerFilter') {
      const step = command === 'olderEntry' || command === 'olderFilter' ? -1 : 1;
      const moved = walkHistory(latest.current.history ?? [], walk.current, line.current.value, step);
      if (moved) {
        walk.current = moved.walk;
        line.current = lineAtEnd(moved.value);
      }
      return undefined;
    }
    const edited = command === undefined ? undefined : editLine(line.current, command);
    if (edited) {
      line.current = edited;
      walk.current = undefined;
    }
    return undefined;
  };

  useFieldKeys(options.context, (inputs) => {
    for (const input of inputs) {
      // Ctrl-c quits (the key router acts on it): what came after it in the same read is not typed.
      if ('command' in input && input.command === 'interrupt') break;
      if (apply(input) === 'submit') {
        tell();
        // After every other reader of this read has run: the app's key router reads the same
        // bytes, and must still find the prompt open (not the list, where letters are commands).
        const value = line.current.value;
        queueMicrotask(() => latest.current.onSubmit?.(value));
        break;
      }
    }
    tell();
    redraw();
  }, options.active ?? true);

  return line.current;
}
