/** What keys do while the detail view or the help overlay is open. */
import { nameKey } from '../../api/items.js';
import { itemAt } from '../../api/pager/packed-items.js';
import { detailLayout } from './details/detail-lines.js';
import { helpMaxScroll, helpText } from './help-layout.js';
import type { Command } from '../keys/bindings.js';
import { keyNamed } from '../keys/help.js';
import type { CopyFormat } from './details/copy-action.js';
import { pageDetailsOpenNothing } from './details/detail-key-notes.js';
import { detailMove, detailShowing } from './details/detail-nav.js';
import { listRows } from './layout.js';
import { FIRST_TEXT_LINE, moveTextCursor } from './line-cursor.js';
import type { AppSnapshot } from './store-types.js';

/** The store actions the overlays use. */
export interface OverlayActions {
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  moveCommand(command: Command): boolean;
  open(): void;
  copy(format: CopyFormat): void;
  copyField(): void;
  detailWidth(): number;
  /** Says something on the status line (a key that does nothing here). */
  say(text: string): void;
  /** Moves in the help move its line cursor (the screen-reader mode). */
  readonly lineCursor: boolean;
}

const CLOSED_DETAIL = { detailScroll: 0, detailField: 0 } as const;

/** Help: Esc, Enter, q and ? close it (back to the details when it was opened there); moves scroll it. */
export function helpCommand(command: Command, actions: OverlayActions): void {
  const snap = actions.snapshot();
  if (command === 'help' || command === 'back' || command === 'closeHelp') {
    return actions.update({ overlay: snap.helpFromDetail ? 'detail' : null, helpScroll: 0, helpLine: 0, helpFromDetail: false });
  }
  const height = listRows(snap.rows) + 1;
  const body = Math.max(1, height - 1);
  const max = helpMaxScroll(snap.columns, height, actions.lineCursor);
  const text = helpText(snap.columns, height, actions.lineCursor);
  const half = Math.max(1, Math.floor(body / 2));
  const deltas: Partial<Record<Command, number>> = {
    moveDown: 1, moveUp: -1, pageDown: body, pageUp: -body, halfPageDown: half, halfPageUp: -half,
    top: -Infinity, bottom: Infinity,
  };
  const delta = deltas[command];
  if (delta === undefined) return;
  if (actions.lineCursor) {
    const to = moveTextCursor({ line: snap.helpLine ?? 0, scroll: snap.helpScroll }, delta, text, body, FIRST_TEXT_LINE);
    if (to.line !== (snap.helpLine ?? 0) || to.scroll !== snap.helpScroll) actions.update({ helpLine: to.line, helpScroll: to.scroll });
    return;
  }
  const helpScroll = Math.min(max, Math.max(0, snap.helpScroll + delta));
  if (helpScroll !== snap.helpScroll) actions.update({ helpScroll });
}

/**
 * For a screen reader, the next item opens on the field that names it, so the line read after `]`
 * says which item this is (its id field says little); its first field where it has no name.
 */
function namedField(route: AppSnapshot['route'], item: Readonly<Record<string, unknown>>, actions: OverlayActions): Partial<AppSnapshot> {
  const key = nameKey(route === 'groups' ? 'pageGroup' : 'page', item);
  const field = Math.max(0, key === undefined ? 0 : Object.keys(item).indexOf(key));
  const at = detailShowing(detailLayout(item, actions.detailWidth(), true), field, listRows(actions.snapshot().rows));
  return { detailField: at.field, detailScroll: at.scroll };
}

/** Details: fields are selected and copied, ] and [ step through the list behind, Enter opens a group. */
export function detailCommand(command: Command, actions: OverlayActions): void {
  const snap = actions.snapshot();
  switch (command) {
    case 'copyField': return actions.copyField();
    case 'copyJson': return actions.copy('json');
    case 'back':
    case 'details': return actions.update({ overlay: null, ...CLOSED_DETAIL });
    case 'help': return actions.update({ overlay: 'help', helpScroll: 0, helpLine: actions.lineCursor ? FIRST_TEXT_LINE : 0, helpFromDetail: true });
    case 'open': {
      if (snap.route !== 'groups') return actions.say(pageDetailsOpenNothing());
      actions.update({ overlay: null, ...CLOSED_DETAIL });
      return actions.open();
    }
    case 'nextItem':
    case 'prevItem': {
      const before = snap.list.selected;
      actions.moveCommand(command === 'nextItem' ? 'moveDown' : 'moveUp');
      const after = actions.snapshot();
      if (after.list.selected === before) return saidAtEnd(command, after, actions);
      const item = actions.lineCursor ? itemAt(after.visible.items, after.list.selected) : undefined;
      return actions.update(item ? namedField(after.route, item, actions) : CLOSED_DETAIL);
    }
    default: {
      const item = itemAt(snap.visible.items, snap.list.selected);
      if (!item) return;
      const at = { field: snap.detailField, scroll: snap.detailScroll };
      const next = detailMove(command, at, detailLayout(item, actions.detailWidth(), actions.lineCursor), listRows(snap.rows));
      if (next && (next.field !== at.field || next.scroll !== at.scroll)) {
        actions.update({ detailField: next.field, detailScroll: next.scroll });
      }
    }
  }
}

/** `]` at the last item (all of the list loaded) or `[` at the first: nothing moved, and that is said. */
function saidAtEnd(command: 'nextItem' | 'prevItem', snap: AppSnapshot, actions: OverlayActions): void {
  if (command === 'nextItem' && (snap.pager.hasMore || snap.pager.state === 'loading')) return;
  const [end, key] = command === 'nextItem' ? ['last', keyNamed('nextItem', 'detail')] : ['first', keyNamed('prevItem', 'detail')];
  actions.say(`At the ${end} item: ${key} goes no further.`);
}
