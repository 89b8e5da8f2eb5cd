import { Text } from 'ink';
import type { ReactElement } from 'react';
import { usePresentation } from '../presentation/presentation.js';
import { CursorHere } from '../presentation/CursorHere.js';
import { displayWidth, truncate } from '../../text/index.js';
import { glyph } from '../../text/glyphs.js';
import { useLineEditor, type LineEditorOptions } from '../hooks/use-line-editor.js';
import { colorProps, useTheme } from '../theme/index.js';

export interface TextFieldProps extends LineEditorOptions {
  /** Shown dimmed while the field is empty. */
  readonly placeholder?: string;
  /**
   * Draw a text that is not empty as MASK_WIDTH of this character (the API key), whatever its length, with the
   * cursor after them: neither the text nor how long it is reaches the screen.
   */
  readonly mask?: string;
  /** Columns the field may use; a longer line scrolls to keep the cursor in view. */
  readonly width?: number;
  /** Start a scrolled line with `…`, so its end is not taken for all of it (a path). */
  readonly marksScroll?: boolean;
}

/** How many mask characters stand for a masked text of any length. */
const MASK_WIDTH = 8;

/** The part of `chars` to draw in `width` columns so that the cursor (at `cursor`) stays in view. */
function visibleSlice(chars: readonly string[], cursor: number, width: number): { from: number; to: number } {
  let from = 0;
  let used = 1; // the cursor cell at the end of the line
  for (let i = cursor - 1; i >= 0; i--) {
    const w = displayWidth(chars[i] ?? '');
    if (used + w > width) {
      from = i + 1;
      break;
    }
    used += w;
  }
  let to = cursor;
  while (to < chars.length && used + displayWidth(chars[to] ?? '') <= width) {
    used += displayWidth(chars[to] ?? '');
    to++;
  }
  return { from, to };
}

/** A one-line text field with a block cursor, driven by {@link useLineEditor}. */
export function TextField({ placeholder, mask, width, marksScroll = false, ...editor }: TextFieldProps) {
  const theme = useTheme();
  const { value, cursor } = useLineEditor(editor);
  const active = editor.active ?? true;
  const { screenReader } = usePresentation();
  // For a screen reader the terminal's cursor sits at the insertion point (render/cursor-anchor.ts).
  const atCursor = (column: number, field: ReactElement): ReactElement => (screenReader && active ? <CursorHere column={column}>{field}</CursorHere> : field);
  if (value === '' && placeholder) {
    // Cut here rather than by the line's edge, so a cut placeholder ends in "…".
    const shown = width === undefined ? placeholder : truncate(placeholder, Math.max(2, width));
    return atCursor(
      0,
      <Text wrap="truncate">
        {active ? <Text inverse>{shown.slice(0, 1)}</Text> : null}
        <Text {...colorProps(theme.text.secondary)}>{active ? shown.slice(1) : shown}</Text>
      </Text>,
    );
  }
  const chars = mask === undefined ? Array.from(value) : Array<string>(value === '' ? 0 : MASK_WIDTH).fill(mask);
  const at = mask === undefined ? cursor : chars.length;
  let { from, to } = width === undefined ? { from: 0, to: chars.length } : visibleSlice(chars, at, Math.max(2, width));
  const lead = marksScroll && width !== undefined && from > 0 ? glyph('ellipsis') : '';
  if (lead !== '') ({ from, to } = visibleSlice(chars, at, Math.max(2, (width ?? 0) - displayWidth(lead))));
  const under = chars[at];
  return atCursor(
    displayWidth(lead + chars.slice(from, at).join('')),
    <Text wrap="truncate">
      {lead}
      {chars.slice(from, at).join('')}
      {active ? <Text inverse>{under ?? ' '}</Text> : (under ?? '')}
      {chars.slice(at + 1, Math.max(at + 1, to)).join('')}
    </Text>,
  );
}
