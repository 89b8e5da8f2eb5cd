/**
 * Column widths by priority, the one width rule of every table the app draws (the list screen, the
 * generic Table, the plain table of `pagetui groups`): each column's natural width is measured
 * (for the lists once over everything loaded, not over the rows shown, so widths do not move while
 * the user filters or scrolls), then fitted to the width here. Pure; see `allocateColumns`.
 */

export interface ColumnSpec {
  readonly key: string;
  /** 1 is the most important: the last to shrink and the last to go. */
  readonly priority: number;
  /** Narrowest the column is shown; below it the column is left out instead. */
  readonly min: number;
  /** Widest the column grows, however long its values (a readable cap for free text). */
  readonly max: number;
  /** Never narrower than its widest value up to `max` (an id: a cut id is useless). */
  readonly whole?: boolean;
  /** A count or a date: its width up to `max` or left out, never shrunk below its values (a cut number misleads). */
  readonly numeric?: boolean;
  /** Takes the room the others leave, up to `max`; the rest stays blank at the right. */
  readonly flex?: boolean;
}

/** The room a row gives besides its cells' text. */
export interface Spacing {
  /** Spaces each side of every cell. */
  readonly padding: number;
  /** Columns before the first cell (the selection marker). */
  readonly gutter: number;
  /** Spaces between two cells (default 0). */
  readonly separator?: number;
}

export interface Allocation {
  /** Shown columns in their given order. */
  readonly columns: readonly string[];
  readonly widths: Readonly<Record<string, number>>;
}

/**
 * Widths within `width` columns of row, `spacing` included.
 * Each column wants its natural width within [min, max]. When they do not fit, the least important
 * columns shrink to their minimum first, then are left out, least important first (one left out
 * that fits again once a wider one is gone comes back); a flexible
 * column only shrinks below its natural width when nothing else can give. A numeric column (a
 * count, a date) never shrinks: the text columns give way, and if that is not enough it goes. Left-over room goes to
 * the flexible column up to its cap.
 */
export function allocateColumns(
  specs: readonly ColumnSpec[],
  natural: Readonly<Record<string, number>>,
  width: number,
  { padding, gutter, separator = 0 }: Spacing,
): Allocation {
  const want = (s: ColumnSpec): number => {
    const n = Math.max(1, natural[s.key] ?? 1);
    return Math.min(s.max, Math.max(s.min, n));
  };
  let shown = [...specs];
  const widths = new Map(shown.map((s) => [s.key, want(s)]));
  const used = (): number =>
    gutter + separator * Math.max(0, shown.length - 1) + shown.reduce((sum, s) => sum + (widths.get(s.key) ?? 0) + 2 * padding, 0);
  const byLeastImportant = (): ColumnSpec[] => [...shown].sort((a, b) => b.priority - a.priority);

  if (used() > width) {
    // Shrink the least important columns to their minimum, one at a time, as far as needed.
    for (const s of byLeastImportant()) {
      if (s.whole || s.flex || s.numeric) continue;
      const over = used() - width;
      if (over <= 0) break;
      const w = widths.get(s.key) ?? 0;
      widths.set(s.key, Math.max(s.min, w - over));
    }
    // Then the flexible column gives up to its minimum.
    for (const s of shown) {
      if (!s.flex) continue;
      const over = used() - width;
      if (over > 0) widths.set(s.key, Math.max(s.min, (widths.get(s.key) ?? 0) - over));
    }
    // Then columns go, least important first, while one more than the most important remains.
    const gone: ColumnSpec[] = [];
    for (const s of byLeastImportant()) {
      if (used() <= width || shown.length <= 1) break;
      shown = shown.filter((c) => c !== s);
      gone.push(s);
    }
    // A column that went before a wider one may fit again once that one has gone: back, most important first.
    for (const s of gone.reverse()) {
      const before = shown;
      shown = specs.filter((c) => c === s || before.includes(c));
      if (used() > width) shown = before;
    }
    // The last one standing takes what is left.
    if (used() > width && shown.length === 1) {
      const only = shown[0]!;
      widths.set(only.key, Math.max(1, width - gutter - 2 * padding));
    }
  }
  const flex = shown.find((s) => s.flex);
  if (flex && used() < width) {
    const room = width - used();
    const w = widths.get(flex.key) ?? 0;
    widths.set(flex.key, Math.max(w, Math.min(flex.max, w + room)));
  }
  return {
    columns: shown.map((s) => s.key),
    widths: Object.fromEntries(shown.map((s) => [s.key, widths.get(s.key) ?? 1])),
  };
}
