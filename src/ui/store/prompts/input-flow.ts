/**
 * The input bar under the list: what is typed into it (the filter query, the jump target, the
 * export path), Enter and Esc there, and the row of the list's window it takes while open.
 */
import type { PromptHistory } from '../../services/history.js';
import type { ExportFlow } from './export-flow.js';
import { applyTyped, type InputBar } from './input-bar.js';
import type { JumpFlow } from './jump-flow.js';
import { windowRows } from '../layout.js';
import type { ListFilters } from '../list/list-filters.js';
import { placeSelection, type ListView } from '../list/list-view.js';
import type { AppSnapshot } from '../store-types.js';

/** What the input bar needs from the store. */
export interface InputHost {
  /** The list shown. */
  view(): ListView;
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  readonly history: PromptHistory;
  readonly filters: Pick<ListFilters, 'clearQuery' | 'setQuery'>;
  readonly jumpFlow: Pick<JumpFlow, 'submit'>;
  readonly exportFlow: Pick<ExportFlow, 'cancel' | 'submit'>;
}

export class InputFlow {
  constructor(private readonly host: InputHost) {}

  /** Text typed into the open input (the filter query, or the export path). */
  setText(value: string): void {
    const input = this.host.snapshot().input;
    if (!input) return;
    const typed = applyTyped(value);
    if (input.kind === 'filter') {
      this.host.filters.setQuery(typed.text);
    } else if (input.kind === 'jump') {
      if (typed.text !== input.text) this.set({ ...input, text: typed.text });
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
    const input = this.host.snapshot().input;
    if (!input) return;
    if (input.kind === 'filter') {
      this.host.history.add('filter', this.host.view().query);
      return this.set(null);
    }
    if (input.kind === 'jump') {
      this.host.history.add('jump', input.text);
      this.set(null);
      return this.host.jumpFlow.submit(input.text);
    }
    this.host.exportFlow.submit(this.host.snapshot().visible.items, this.host.view().kind);
  }

  /** Esc with an input open: closes it (clearing a filter's query); false when none is open. */
  escape(): boolean {
    const input = this.host.snapshot().input;
    if (!input) return false;
    if (input.kind === 'filter') this.host.filters.clearQuery();
    if (input.kind === 'export') this.host.exportFlow.cancel();
    else this.set(null);
    return true;
  }

  /** Opens `input` (or closes the open one), keeping the selection inside the window. */
  set(input: InputBar | null): void {
    const snap = this.host.snapshot();
    const view = this.host.view();
    const rows = windowRows(snap.rows, input);
    placeSelection(view, view.selected, snap.visible.items.length, rows);
    this.host.update({ input, windowRows: rows });
  }
}
