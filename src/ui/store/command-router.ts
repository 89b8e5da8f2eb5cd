import type { Command } from '../keys/bindings.js';
import { focusOf } from '../keys/match.js';
import type { CommandActions } from './command-actions.js';
import { errorViewCommand } from './error-view.js';
import { detailCommand, helpCommand } from './overlay-commands.js';
import type { InputBar } from './prompts/input-bar.js';
import { FIRST_TEXT_LINE } from './line-cursor.js';

type ListHandler = (actions: CommandActions) => void;

/**
 * The list's commands, each with its handler (moves go to `moveCommand`). Their keys are in the
 * key table (keys/bindings.ts, context `list`), the one source of help and footers; a test checks
 * that the table and this map name the same commands.
 */
export const LIST_COMMANDS = {
  open: (a) => a.open(),
  details: (a) => a.openDetail(),
  back: (a) => a.escape(),
  refresh: (a) => a.refresh(),
  reloadFromStart: (a) => a.reloadFromStart(),
  watch: (a) => a.toggleWatch(),
  help: (a) => a.update({ overlay: 'help', helpScroll: 0, helpLine: a.lineCursor ? FIRST_TEXT_LINE : 0, helpFromDetail: false }),
  showError: (a) => a.update({ overlay: 'error', errorScroll: 0, errorLine: a.lineCursor ? FIRST_TEXT_LINE : 0 }),
  login: (a) => a.openLogin(),
  filter: (a) => a.openFilter(),
  sort: (a) => a.cycleSort(),
  copyId: (a) => a.copy('id'),
  copyJson: (a) => a.copy('json'),
  export: (a) => a.openExport(),
  reverseSort: (a) => a.reverseSort(),
  nextMatch: (a) => a.stepMatch(1),
  prevMatch: (a) => a.stepMatch(-1),
  jump: (a) => a.openJump(),
  saveView: (a) => a.saveView(),
  pickView: (a) => a.pickView(),
  statusDraft: (a) => a.setStatusFilter('draft'),
  statusPublished: (a) => a.setStatusFilter('published'),
  statusArchived: (a) => a.setStatusFilter('archived'),
  statusOther: (a) => a.setStatusFilter('other'),
  statusAll: (a) => a.setStatusFilter(null),
} as const satisfies Partial<Record<Command, ListHandler>>;

/**
 * Which action a command means, by what has the keys (`focusOf`): the login form (nothing), an
 * open input bar, the help or detail overlay, or the list itself.
 */
export function routeCommand(command: Command, actions: CommandActions): void {
  const snap = actions.snapshot();
  if (command === 'quit') return actions.update({ quitting: true });
  const focus = focusOf(snap);
  if (focus === 'keyEntry') return;
  if (snap.input) return inputCommand(command, snap.input, actions);
  if (focus === 'help') return helpCommand(command, actions);
  if (focus === 'detail') return detailCommand(command, actions);
  if (focus === 'errorView') return errorViewCommand(command, actions.errorView);
  if (focus === 'viewPicker') return actions.viewPicker(command);
  listCommand(command, actions);
}

function inputCommand(command: Command, input: InputBar, actions: CommandActions): void {
  if (command === 'back') return actions.escape();
  if (command === 'open') return actions.submitInput();
  if (input.kind !== 'filter') return;
  // Only keys the text field does not use reach here (arrows, PgUp/PgDn): they move the selection.
  if (command === 'moveDown' || command === 'moveUp' || command === 'pageDown' || command === 'pageUp') actions.moveCommand(command);
}

function listCommand(command: Command, actions: CommandActions): void {
  if (actions.moveCommand(command)) return;
  const handlers: Partial<Record<Command, ListHandler>> = LIST_COMMANDS;
  handlers[command]?.(actions);
}
