/**
 * Where a key goes. The context that has the keys (the list, the detail or help overlay, the filter
 * bar, the export prompt or its overwrite question) is read from the store, and the key table of
 * that context turns each key into a command. A read holding several keys gives several commands,
 * in order, and the context is read again before each one, since a key can change it.
 */
import type { Key } from 'ink';
import { FIELD_COMMANDS, matcherFor, type Command, type KeyContext, type MatchedPress } from '../keys/index.js';
import type { AppSnapshot } from '../store/app-store.js';

/** The store methods keys drive. */
export interface KeyboardTarget {
  getSnapshot(): AppSnapshot;
  command(command: Command): void;
  setInputText(value: string): void;
  submitInput(): void;
  answerOverwrite(yes: boolean): void;
  loadAll(): void;
  /** Hears of every key, also one a focused field takes. */
  noteKey?(): void;
}

/** Which key table applies; undefined while the login form has the keys (it reads them itself). */
export function keyContext(snap: AppSnapshot): KeyContext | undefined {
  if (snap.overlay === 'login') return undefined;
  if (snap.input?.kind === 'filter') return 'filter';
  if (snap.input?.kind === 'jump') return 'jump';
  if (snap.input?.kind === 'export') return snap.input.stage === 'confirm' ? 'overwrite' : 'export';
  if (snap.overlay === 'help') return 'help';
  if (snap.overlay === 'detail') return 'detail';
  if (snap.overlay === 'inspector') return snap.inspector?.view === 'exchange' ? 'exchange' : 'inspector';
  return 'list';
}

/** Handles one `useInput` call. */
export function routeKey(target: KeyboardTarget, input: string, key: Key, onSuspend: () => void): void {
  target.noteKey?.();
  const context = keyContext(target.getSnapshot());
  if (context === undefined) return;
  const presses = matcherFor(context).presses(input, key);
  if (context === 'overwrite') return answerOverwrite(target, presses, onSuspend);
  let here: KeyContext | undefined = context;
  for (const press of presses) {
    // A key can open a prompt: the overwrite question then waits for a key of its own.
    if (here === undefined || here === 'overwrite') return;
    const command = matcherFor(here).commandOf(press.id);
    if (command !== undefined) run(target, command, onSuspend);
    // A prompt's key and what follows it in the same read (typed quickly, pasted): the rest is its text.
    if ((command === 'filter' || command === 'jump') && press.end < input.length && target.getSnapshot().input) {
      return target.setInputText(input.slice(press.end));
    }
    here = keyContext(target.getSnapshot());
  }
}

/** The overwrite question takes one key: y/Y is yes, Ctrl-C and Ctrl-Z keep their meaning, any other key is no. */
function answerOverwrite(target: KeyboardTarget, presses: readonly MatchedPress[], onSuspend: () => void): void {
  const first = presses[0]?.command;
  if (first === 'interrupt') return target.command('quit');
  if (first === 'suspend') return onSuspend();
  target.answerOverwrite(presses.length === 1 && first === 'confirmYes');
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
