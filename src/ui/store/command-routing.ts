/**
 * Which store action a command triggers, by what has the keys (`focusOf`): the login form
 * (nothing), an open input bar, the help or detail overlay, or the list itself.
 */
import type { Command } from '../keys/bindings.js';
import { focusOf } from '../keys/match.js';
import type { CopyFormat } from './details/copy-action.js';
import type { InputBar } from './prompts/input-bar.js';
import type { StatusFilter } from './list/item-keys.js';
import { detailCommand, helpCommand } from './overlay-commands.js';
import type { AppSnapshot } from './store-types.js';

/** The store's actions; the router only decides which one a command means. */
export interface CommandActions {
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  /** Applies a movement command; false when the command is not one. */
  moveCommand(command: Command): boolean;
  escape(): void;
  submitInput(): void;
  open(): void;
  openDetail(): void;
  refresh(): void;
  toggleWatch(): void;
  openFilter(): void;
  openExport(): void;
  cycleSort(): void;
  reverseSort(): void;
  /** `n` (1) / `N` (-1): the next or previous row matching the filter query. */
  stepMatch(direction: 1 | -1): void;
  openJump(): void;
  setStatusFilter(status: StatusFilter | null): void;
  copy(format: CopyFormat): void;
  /** `y` in the details: the selected field's value. */
  copyField(): void;
  /** The columns the detail text wraps to (the view's width less any marker gutter). */
  detailWidth(): number;
}

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
  watch: (a) => a.toggleWatch(),
  help: (a) => a.update({ overlay: 'help', helpScroll: 0, helpFromDetail: false }),
  login: (a) => a.update({ overlay: 'login' }),
  filter: (a) => a.openFilter(),
  sort: (a) => a.cycleSort(),
  copyId: (a) => a.copy('id'),
  copyJson: (a) => a.copy('json'),
  export: (a) => a.openExport(),
  reverseSort: (a) => a.reverseSort(),
  nextMatch: (a) => a.stepMatch(1),
  prevMatch: (a) => a.stepMatch(-1),
  jump: (a) => a.openJump(),
  statusDraft: (a) => a.setStatusFilter('draft'),
  statusPublished: (a) => a.setStatusFilter('published'),
  statusArchived: (a) => a.setStatusFilter('archived'),
  statusOther: (a) => a.setStatusFilter('other'),
  statusAll: (a) => a.setStatusFilter(null),
} as const satisfies Partial<Record<Command, ListHandler>>;

/** Applies one command from the key map. */
export function routeCommand(command: Command, actions: CommandActions): void {
  const snap = actions.snapshot();
  if (command === 'quit') return actions.update({ quitting: true });
  const focus = focusOf(snap);
  if (focus === 'keyEntry') return;
  if (snap.input) return inputCommand(command, snap.input, actions);
  if (focus === 'help') return helpCommand(command, actions);
  if (focus === 'detail') return detailCommand(command, actions);
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
