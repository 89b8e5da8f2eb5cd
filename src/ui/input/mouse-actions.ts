/**
 * What the mouse does in the app: the wheel moves the selection (or scrolls details and help), a
 * click on a list row selects it, a second click on the same row soon after opens it. Prompts and
 * the key form ignore the mouse.
 */
import type { Command } from '../keys/bindings.js';
import type { MouseEvent } from './mouse.js';

/** Rows the wheel moves per notch, as most terminals scroll. */
const WHEEL_ROWS = 3;
const DOUBLE_CLICK_MS = 400;
/** Screen rows above the first list row: the header and the column headings. */
const ROWS_ABOVE_LIST = 2;

/** The list on screen: its first shown row and row count (and, when lines are not rows, the row on a line). */
interface ListTarget {
  readonly kind: 'list';
  readonly top: number;
  readonly rows: number;
  readonly count: number;
  readonly rowAt?: (line: number) => number | undefined;
}

export interface MouseTarget {
  /** What is on screen: the list (with its first shown row and row count), or something else. */
  view(): ListTarget | { readonly kind: 'scrollable' } | { readonly kind: 'none' };
  command(command: Command): void;
  select(index: number): void;
}

export class MouseActions {
  private lastClick: { index: number; at: number } | undefined;

  constructor(
    private readonly target: MouseTarget,
    private readonly now: () => number = Date.now,
  ) {}

  handle(event: MouseEvent): void {
    const view = this.target.view();
    if (view.kind === 'none') return;
    if (event.kind === 'wheel') {
      for (let i = 0; i < WHEEL_ROWS; i++) this.target.command(event.direction === 'down' ? 'moveDown' : 'moveUp');
      return;
    }
    if (view.kind !== 'list' || event.kind !== 'press' || event.button !== 'left') return;
    const offset = event.y - 1 - ROWS_ABOVE_LIST;
    if (offset < 0 || offset >= view.rows) return;
    const index = view.rowAt ? view.rowAt(offset) : view.top + offset;
    if (index === undefined || index >= view.count) return;
    const at = this.now();
    const double = this.lastClick?.index === index && at - this.lastClick.at <= DOUBLE_CLICK_MS;
    this.lastClick = double ? undefined : { index, at };
    this.target.select(index);
    if (double) this.target.command('open');
  }
}
