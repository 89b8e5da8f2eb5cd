/**
 * Where a key goes in the app. The one input reader hands every segment (a run of plain bytes, or
 * one escape sequence) to the app's listener here; `focusOf` says which context has the keys, and
 * that context's key table turns each key into a command for the store. A segment holding several
 * keys gives several commands, in order, and the focus is asked again before each one, since a
 * key can change it. With --mouse, mouse reports go to the mouse actions.
 */
import { useMemo } from 'react';
import { InputDecoder, type KeySegment } from '../input/decoder.js';
import { appMouse } from '../input/app-mouse.js';
import { editLine, insertText, lineAtEnd, type LineState } from '../hooks/line-editor.js';
import { decodeFieldInput } from '../keys/field-keys.js';
import type { InputListener } from '../input/terminal-input.js';
import { useInputEvents } from '../input/use-input-events.js';
import { FIELD_COMMANDS, focusOf, matcherFor, type Command, type KeyContext, type KeyId, type MatchedPress } from '../keys/index.js';
import type { AppSnapshot, AppStore } from '../store/app-store.js';
import { isTooSmall } from '../store/layout.js';

/** The store methods keys drive. */
export interface KeyboardTarget {
  getSnapshot(): AppSnapshot;
  command(command: Command): void;
  setInputText(value: string): void;
  submitInput(): void;
  answerOverwrite(yes: boolean): void;
  loadAll(): void;
  /** A key the context binds to nothing (the store may say which key does that here). */
  unboundKey?(id: KeyId, context: KeyContext): void;
  /** Hears of every key, also one a focused field takes. */
  noteKey?(): void;
}

/**
 * The app's keys and mouse, for as long as the app is mounted. Always listening, even while the
 * login form or an input bar has the keys: those read the same segments themselves, and
 * `routeKeys` leaves them what they handle.
 */
export function useAppInput(store: AppStore, onSuspend: () => void, mouse: boolean): void {
  const listener = useMemo<InputListener>(() => {
    const actions = appMouse(store);
    return (event) => {
      if (event.kind === 'keys') routeKeys(store, event, onSuspend);
      else if (mouse) actions.handle(event.mouse);
    };
  }, [store, onSuspend, mouse]);
  useInputEvents(listener);
}

/** Handles one segment of keys. */
function routeKeys(target: KeyboardTarget, segment: KeySegment, onSuspend: () => void): void {
  target.noteKey?.();
  const snapshot = target.getSnapshot();
  // The "too small" notice hides the screens: nothing may change behind it, only leaving acts.
  if (isTooSmall(snapshot.columns, snapshot.rows)) return leaveOnly(target, matcherFor(focusOf(snapshot)).presses(segment), onSuspend);
  const context = focusOf(snapshot);
  // The login form reads its keys itself.
  if (context === 'keyEntry') return;
  const presses = matcherFor(context).presses(segment);
  if (context === 'overwrite') return answerOverwrite(target, presses, onSuspend);
  // A field takes a run of keys (typed fast, over a slow link) as its text: a Ctrl-c in it still
  // quits, after what the field does with the keys before it (an Enter there submits first).
  if (presses.length === 0 && segment.keys.some((key) => matcherFor(context).commandOf(key.id) === 'interrupt')) return target.command('quit');
  let here: KeyContext = context;
  for (const press of presses) {
    // A key can open a prompt: the overwrite question then waits for a key of its own.
    if (here === 'keyEntry' || here === 'overwrite') return;
    const command = matcherFor(here).commandOf(press.id);
    if (command !== undefined) run(target, command, onSuspend);
    else target.unboundKey?.(press.id, here);
    // A prompt's key and what follows it in the same run (typed quickly, pasted, a slow link): the
    // rest is the prompt's, after what it opened with (the export's path), as if typed a moment later.
    const opened = target.getSnapshot().input;
    if ((command === 'filter' || command === 'jump' || command === 'export') && press.end < segment.seq.length && opened) {
      const start = opened.kind === 'export' && opened.stage === 'path' ? opened.text : '';
      return typeAhead(target, lineAtEnd(start), segment.seq.slice(press.end), focusOf(target.getSnapshot()));
    }
    here = focusOf(target.getSnapshot());
  }
}

/**
 * The keys that came right behind a prompt's key, in the same read, applied to its line as the
 * field would apply them once drawn: text inserted, editing keys (Ctrl-u, Ctrl-w…) edit, Enter
 * submits, Esc closes, Ctrl-c quits. The field is not drawn yet, so it cannot read them itself.
 */
function typeAhead(target: KeyboardTarget, line: LineState, rest: string, context: KeyContext): void {
  for (const input of decodeFieldInput(rest, context)) {
    if ('text' in input) {
      line = insertText(line, input.text);
      continue;
    }
    const { command } = input;
    if (command === 'submit' || command === 'cancel' || command === 'interrupt') {
      target.setInputText(line.value);
      if (command === 'submit') return target.submitInput();
      return target.command(command === 'cancel' ? 'back' : 'quit');
    }
    line = (command === undefined ? undefined : editLine(line, command)) ?? line;
  }
  target.setInputText(line.value);
}

/** Routes raw input as if it came in one read with nothing more to come (for callers without a terminal). */
export function routeInput(target: KeyboardTarget, input: string, onSuspend: () => void): void {
  const decoder = new InputDecoder();
  for (const event of [...decoder.push(input), ...decoder.flush()]) {
    if (event.kind === 'keys') routeKeys(target, event, onSuspend);
  }
}

/** The overwrite question takes one key: y/Y is yes, Ctrl-C and Ctrl-Z keep their meaning, any other key is no. */
function answerOverwrite(target: KeyboardTarget, presses: readonly MatchedPress[], onSuspend: () => void): void {
  const first = presses[0]?.command;
  if (first === 'interrupt') return target.command('quit');
  if (first === 'suspend') return onSuspend();
  target.answerOverwrite(presses.length === 1 && first === 'confirmYes');
}

/** While the terminal is too small: q, Ctrl-c and Ctrl-z act; every other key is dropped. */
function leaveOnly(target: KeyboardTarget, presses: readonly MatchedPress[], onSuspend: () => void): void {
  for (const { command } of presses) {
    if (command === 'suspend') return onSuspend();
    if (command === 'quit' || command === 'interrupt') return target.command('quit');
  }
}

function run(target: KeyboardTarget, command: Command, onSuspend: () => void): void {
  // Line editing and history belong to the focused field, which reads its keys itself.
  if (FIELD_COMMANDS.has(command)) return;
  switch (command) {
    case 'suspend': return onSuspend();
    case 'loadAll': return target.loadAll();
    case 'submit': return target.submitInput();
    case 'cancel': return target.command('back');
    case 'interrupt': return target.command('quit');
    default: return target.command(command);
  }
}
