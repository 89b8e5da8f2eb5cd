import type { Command } from '../keys/bindings.js';
import { focusOf } from '../keys/match.js';
import type { StoreContext } from './store-context.js';

/**
 * A command of the user's own (`custom:<index>`), on the selected item of the list or of the
 * details shown; on an empty list the runner says it was not run, as other keys with nothing to act on do.
 */
export function runOwnCommand(ctx: StoreContext, command: Command): void {
  const focus = focusOf(ctx.snapshot());
  if (focus !== 'list' && focus !== 'detail') return;
  const item = ctx.selectedItem();
  const { kind, groupId } = ctx.view();
  const index = Number(command.slice('custom:'.length));
  ctx.options.ownCommands?.run(index, focus === 'detail' ? 'detail' : kind, item && { item, kind, ...(groupId === undefined ? {} : { groupId }) });
}
