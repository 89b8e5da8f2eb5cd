/**
 * Where a key goes. While an input bar is open, text belongs to the field (ink-text-input edits
 * it) and only keys the field does not use act here: Esc, Enter, Tab, arrows, Ctrl-C. Otherwise
 * keys become commands from the binding table, one per key, in order.
 */
import type { Key } from 'ink';
import { commandsFor, type Command } from '../keys/index.js';
import type { AppSnapshot } from '../store/app-store.js';

/** The store methods keys drive. */
export interface KeyboardTarget {
  getSnapshot(): AppSnapshot;
  command(command: Command): void;
  setInputText(value: string): void;
  submitInput(): void;
  answerOverwrite(yes: boolean): void;
  loadAll(): void;
}

/** Handles one `useInput` call. */
export function routeKey(target: KeyboardTarget, input: string, key: Key, onSuspend: () => void): void {
  const snap = target.getSnapshot();
  if (snap.overlay === 'login') return;
  if (snap.input) return routeInputKey(target, snap.input, input, key, onSuspend);
  if (key.tab) return target.loadAll();
  // '/' and what follows it in the same read (typed quickly, pasted): the rest is the query.
  const slash = plainText(key) && input.length > 1 ? input.indexOf('/') : -1;
  const keys = slash >= 0 ? input.slice(0, slash) : input;
  dispatch(target, commandsFor(keys, key), onSuspend);
  if (slash < 0) return;
  target.command('filter');
  const rest = input.slice(slash + 1);
  if (rest === '') return;
  if (target.getSnapshot().input) target.setInputText(rest);
  else dispatch(target, commandsFor(rest, key), onSuspend);
}

function routeInputKey(target: KeyboardTarget, bar: NonNullable<AppSnapshot['input']>, input: string, key: Key, onSuspend: () => void): void {
  if (key.ctrl && input === 'c') return target.command('quit');
  if (key.ctrl && input === 'z') return onSuspend();
  if (bar.kind === 'export' && bar.stage === 'confirm') {
    return target.answerOverwrite(!key.escape && (input === 'y' || input === 'Y'));
  }
  if (key.escape || key.meta) return target.command('back');
  if (key.return) return target.submitInput();
  if (key.tab) return target.loadAll();
  if (key.upArrow) return target.command('moveUp');
  if (key.downArrow) return target.command('moveDown');
  if (key.pageUp) return target.command('pageUp');
  if (key.pageDown) return target.command('pageDown');
}

function dispatch(target: KeyboardTarget, commands: readonly Command[], onSuspend: () => void): void {
  for (const command of commands) {
    if (command === 'suspend') onSuspend();
    else target.command(command);
  }
}

const plainText = (key: Key): boolean =>
  !key.ctrl && !key.meta && !key.escape && !key.return && !key.tab && !key.backspace && !key.delete;
