/**
 * Which store action a command triggers, by what has the keys: the login form (nothing), an
 * open input bar, the help or detail overlay, or the list itself.
 */
import type { Command } from '../keys/bindings.js';
import type { CopyFormat } from './copy-action.js';
import type { InputBar } from './input-bar.js';
import type { StatusFilter } from './item-keys.js';
import { listRows } from './layout.js';
import type { AppSnapshot } from './store-types.js';
import { detailPatch } from './view-math.js';

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
  openFilter(): void;
  openExport(): void;
  cycleSort(): void;
  setStatusFilter(status: StatusFilter | null): void;
  copy(format: CopyFormat): void;
}

const STATUS_KEYS: Partial<Record<Command, StatusFilter | null>> = {
  statusDraft: 'draft',
  statusPublished: 'published',
  statusArchived: 'archived',
  statusOther: 'other',
  statusAll: null,
};

/** Applies one command from the key map. */
export function routeCommand(command: Command, actions: CommandActions): void {
  const { overlay, input } = actions.snapshot();
  if (command === 'quit') return actions.update({ quitting: true });
  if (overlay === 'login') return;
  if (input) return inputCommand(command, input, actions);
  if (overlay === 'help') {
    if (command === 'help' || command === 'back') actions.update({ overlay: null });
    return;
  }
  if (overlay === 'detail') return detailCommand(command, actions);
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
  switch (command) {
    case 'open': return actions.open();
    case 'details': return actions.openDetail();
    case 'back': return actions.escape();
    case 'refresh': return actions.refresh();
    case 'help': return actions.update({ overlay: 'help' });
    case 'login': return actions.update({ overlay: 'login' });
    case 'filter': return actions.openFilter();
    case 'sort': return actions.cycleSort();
    case 'copyId': return actions.copy('id');
    case 'copyJson': return actions.copy('json');
    case 'export': return actions.openExport();
    default: {
      const status = STATUS_KEYS[command];
      if (status !== undefined) actions.setStatusFilter(status);
      return;
    }
  }
}

function detailCommand(command: Command, actions: CommandActions): void {
  if (command === 'copyId' || command === 'copyJson') return actions.copy(command === 'copyId' ? 'id' : 'json');
  const { detailScroll, rows } = actions.snapshot();
  const patch = detailPatch(command, detailScroll, listRows(rows));
  if (patch) actions.update(patch);
}
