/**
 * The input bar under the list: what is typed into it (the filter query, the jump target, the
 * export path), Enter and Esc there, and the row of the list's window it takes while open.
 */
import { visibleViewName } from '../../../auth/config-views.js';
import { applyTyped, type InputBar } from './input-bar.js';
import { isQuitCommand } from './jump-messages.js';
import { windowRows } from '../layout.js';
import { queryNotApplied } from '../list/filter-problem.js';
import { placeSelection } from '../list/list-navigator.js';
import type { StoreContext } from '../store-context.js';
import { jumpHistory } from '../../services/history.js';

export class InputFlow {
  constructor(private readonly ctx: StoreContext) {}

  /** Text typed into the open input (the filter query, or the export path). */
  setText(value: string): void {
    const input = this.ctx.snapshot().input;
    if (!input) return;
    const typed = applyTyped(value);
    if (input.kind === 'filter') {
      if (typed.text !== this.ctx.view().query) {
        this.dropQueryNotice();
        // Narrowing the list is the user's own move: a page still sought no longer takes the selection.
        this.ctx.jumpFlow.moved();
      }
      this.ctx.filters.setQuery(typed.text);
    } else if (input.kind === 'jump' || input.kind === 'viewName') {
      // A view name holds no character the prompt cannot show: the name saved is the name seen.
      const text = input.kind === 'viewName' ? visibleViewName(typed.text) : typed.text;
      if (text !== input.text) this.set({ ...input, text });
    } else if (input.stage === 'path' && typed.text !== input.text) {
      this.set({ ...input, text: typed.text });
    }
    // Return typed together with text: submit after every handler of this key has run.
    if (typed.submit) queueMicrotask(() => this.submit());
  }

  /**
   * Enter in the open input: keep the filter, or write the export. Both the key router and the
   * field may report the same Enter; the second call finds the input closed or already writing.
   */
  submit(): void {
    const input = this.ctx.snapshot().input;
    if (!input) return;
    if (input.kind === 'filter') {
      // A query that does not parse is not applied: the prompt stays open on it, and says so.
      const notApplied = queryNotApplied(this.ctx.view());
      if (notApplied !== undefined) return this.ctx.toast({ tone: 'warning', text: notApplied, aboutQuery: true });
      this.ctx.history.add('filter', this.ctx.view().query);
      return this.set(null);
    }
    if (input.kind === 'viewName') return this.ctx.views.save(input.text.trim());
    if (input.kind === 'jump') {
      this.set(null);
      // As in k9s and vim: quit, as `q` does. Not an id, so not kept in the history either.
      if (isQuitCommand(input.text)) return this.ctx.update({ quitting: true });
      this.ctx.history.add(jumpHistory(this.ctx.snapshot().route), input.text);
      return this.ctx.jumpFlow.submit(input.text);
    }
    this.ctx.exportFlow.submit(this.ctx.snapshot().visible.items, this.ctx.view().kind);
  }

  /** Esc with an input open: closes it (clearing a filter's query); false when none is open. */
  escape(): boolean {
    const input = this.ctx.snapshot().input;
    if (!input) return false;
    if (input.kind === 'filter') this.ctx.filters.clearQuery();
    if (input.kind === 'export') this.ctx.exportFlow.cancel();
    else this.set(null);
    return true;
  }

  /** Opens `input` (or closes the open one), keeping the selection inside the window. */
  set(input: InputBar | null): void {
    if (input === null) this.dropQueryNotice();
    const snap = this.ctx.snapshot();
    const view = this.ctx.view();
    const rows = windowRows(snap.rows, input);
    placeSelection(view, view.selected, snap.visible.items.length, rows);
    this.ctx.update({ input, windowRows: rows });
    if (input?.kind === 'filter' && snap.input?.kind !== 'filter') this.ctx.lists.filterOpened();
    else if (input?.kind !== 'filter') this.ctx.lists.filterClosed();
  }

  /** What Enter said of a query it did not apply is no longer true. */
  private dropQueryNotice(): void {
    if (this.ctx.snapshot().toast?.aboutQuery === true) this.ctx.update({ toast: undefined });
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly inputFlow: InputFlow;
  }
}
